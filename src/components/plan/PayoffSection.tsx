import type { MoneyPlan } from '../../lib/money-plan/plan.ts';
import { formatCents } from '../../lib/money-plan/money.ts';
import { monthText } from './months.ts';

/** The debts' payoff: avalanche (the plan's way) and snowball to compare, each debt's month and interest. */
export default function PayoffSection({ plan }: { plan: MoneyPlan }) {
  const payoff = plan.payoff!;
  const { avalanche, snowball } = payoff;
  const when = (month: number | null, problem: string | null) =>
    month === null ? problem ?? 'not paid off' : month === 0 ? 'nothing owed' : monthText(month);
  return (
    <div className='card' data-testid='plan-payoff'>
      <h2>Paying off your debts</h2>
      <p>{payoff.budget}.</p>
      <p>{payoff.avalancheText}.</p>
      <p>{payoff.snowballText}.</p>
      <p>
        <strong>{payoff.comparison}.</strong>
      </p>
      <p className='hint'>
        Each month's interest is the balance × APR ÷ 12, rounded to the cent and charged before the payment; a paid-off
        debt's payment moves to the next one.
      </p>
      <div className='plan-table-wrap'>
        <table className='data-table reflow'>
          <caption className='plan-caption'>Each debt, paid off by each method</caption>
          <thead>
            <tr>
              <th scope='col'>Debt</th>
              <th scope='col'>Avalanche: paid off</th>
              <th scope='col'>Avalanche: interest</th>
              <th scope='col'>Snowball: paid off</th>
              <th scope='col'>Snowball: interest</th>
            </tr>
          </thead>
          <tbody>
            {avalanche.debts.map((d, i) => (
              <tr key={i}>
                <th scope='row'>{d.name}</th>
                <td data-label='Avalanche: paid off'>{when(d.payoffMonth, d.problem)}</td>
                <td data-label='Avalanche: interest'>{formatCents(d.interestCents)}</td>
                <td data-label='Snowball: paid off'>
                  {when(snowball.debts[i].payoffMonth, snowball.debts[i].problem)}
                </td>
                <td data-label='Snowball: interest'>{formatCents(snowball.debts[i].interestCents)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr>
              <th scope='row'>All debts</th>
              <td data-label='Avalanche: paid off'>{when(avalanche.months, 'not debt-free')}</td>
              <td data-label='Avalanche: interest'>{formatCents(avalanche.totalInterestCents)}</td>
              <td data-label='Snowball: paid off'>{when(snowball.months, 'not debt-free')}</td>
              <td data-label='Snowball: interest'>{formatCents(snowball.totalInterestCents)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
    </div>
  );
}
