import { useMemo } from 'react';
import Chart from '../progress/Chart.tsx';
import type { PlanMonth } from '../../lib/money-plan/timeline.ts';
import { formatCents } from '../../lib/money-plan/money.ts';
import { monthName } from './months.ts';

const COLORS = { debt: '#b91c1c', fund: '#047857' };

/** Month by month: what is owed on the debts and the emergency fund, as a chart and as a table. */
export default function PlanChart({ series }: { series: PlanMonth[] }) {
  const options = useMemo(
    () => ({
      chart: { type: 'line' },
      series: [
        { name: 'Owed on debts', data: series.map((m) => m.debtCents / 100) },
        { name: 'Emergency fund', data: series.map((m) => m.fundCents / 100) },
      ],
      xaxis: {
        categories: series.map((m) => String(m.month)),
        title: { text: 'Months from now' },
        tickAmount: Math.min(12, Math.max(1, series.length - 1)),
      },
      yaxis: { min: 0, labels: { formatter: (v: number) => `$${Math.round(v).toLocaleString('en-US')}` } },
      colors: [COLORS.debt, COLORS.fund],
      stroke: { width: 3 },
      tooltip: { y: { formatter: (v: number) => `$${v.toLocaleString('en-US', { minimumFractionDigits: 2 })}` } },
    }),
    [series],
  );
  if (series.length < 2) {
    return (
      <section className='card plan-chart'>
        <h2>Month by month</h2>
        <p>Add your figures (and any debts) to see your debts and your emergency fund month by month.</p>
      </section>
    );
  }
  return (
    <section className='plan-chart' aria-label='Month by month'>
      <Chart
        title='Month by month: your debts and your emergency fund'
        options={options}
        legend={[{ label: 'Owed on debts', color: 'red' }, { label: 'Emergency fund', color: 'green' }]}
        table={
          <table className='data-table reflow' data-testid='plan-table'>
            <thead>
              <tr>
                <th scope='col'>Month</th>
                <th scope='col'>Owed on debts</th>
                <th scope='col'>Emergency fund</th>
              </tr>
            </thead>
            <tbody>
              {series.map((m) => (
                <tr key={m.month}>
                  <th scope='row'>{m.month === 0 ? 'Today' : `${m.month} (${monthName(m.month)})`}</th>
                  <td data-label='Owed on debts'>{formatCents(m.debtCents)}</td>
                  <td data-label='Emergency fund'>{formatCents(m.fundCents)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        }
      />
    </section>
  );
}
