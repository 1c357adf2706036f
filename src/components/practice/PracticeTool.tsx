import { useEffect, useId, useMemo, useState } from 'react';
import {
  CALCULATOR_TITLES,
  type CalculatorKind,
  compoundGrowth,
  creditUtilization,
  emergencyFund,
  formatMoney,
  loanPayment,
} from '../../lib/practice-tools.ts';
import './practice.css';

type Values = Record<string, string>;

const DEFAULTS: Record<CalculatorKind, Values> = {
  'emergency-fund': { monthlyEssentials: '2500', months: '3', currentSavings: '1200', monthlySaving: '400' },
  'credit-utilization': { balance0: '450', limit0: '1500' },
  'compound-growth': { initial: '1000', monthlyContribution: '200', annualRatePercent: '6', years: '20' },
  'loan-payment': { amount: '20000', aprPercent: '7', months: '60' },
};
const TITLES = CALCULATOR_TITLES;
const storageKey = (kind: CalculatorKind) => `practice:${kind}`;

function NumberField(
  { name, label, values, set, prefix, suffix }: {
    name: string;
    label: string;
    values: Values;
    set: (name: string, v: string) => void;
    prefix?: string;
    suffix?: string;
  },
) {
  const id = useId();
  return (
    <div className='field'>
      <label htmlFor={id}>
        {label}
        {suffix && <span className='unit'>{` (${suffix})`}</span>}
      </label>
      <div className='with-prefix'>
        {prefix && <span aria-hidden='true'>{prefix}</span>}
        <input
          id={id}
          className='input'
          inputMode='decimal'
          value={values[name] ?? ''}
          onChange={(e) => set(name, e.target.value)}
        />
      </div>
    </div>
  );
}

/** A practice tool inside a lesson. The learner's figures stay in this browser. */
export default function PracticeTool({ kind }: { kind: CalculatorKind }) {
  const [values, setValues] = useState<Values>(DEFAULTS[kind]);
  const [saved, setSaved] = useState(false);
  const [cards, setCards] = useState(1);

  useEffect(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(storageKey(kind)) ?? 'null') as Values | null;
      if (stored) {
        setValues(stored);
        setCards(Math.max(1, Object.keys(stored).filter((k) => k.startsWith('limit')).length));
        setSaved(true);
      }
    } catch {
      // nothing saved
    }
  }, [kind]);

  const set = (name: string, v: string) => {
    setValues((old) => ({ ...old, [name]: v }));
    setSaved(false);
  };
  // An empty field is missing, not 0.
  const num = (name: string) => {
    const text = (values[name] ?? '').replace(/[$,%\s]/g, '');
    return text === '' ? NaN : Number(text);
  };

  const result = useMemo((): { lines: string[]; error?: string } => {
    try {
      if (kind === 'emergency-fund') {
        const r = emergencyFund({
          monthlyEssentials: num('monthlyEssentials'),
          months: num('months'),
          currentSavings: num('currentSavings'),
          monthlySaving: num('monthlySaving'),
        });
        return {
          lines: [
            `Your target: ${formatMoney(r.target)}.`,
            r.gap === 0 ? 'You have reached it. Well done!' : `Still to save: ${formatMoney(r.gap)}.`,
            r.monthsToGoal === null
              ? 'Set a monthly amount to see when you will get there.'
              : r.monthsToGoal > 0
              ? `At your monthly saving, about ${r.monthsToGoal} months.`
              : '',
          ].filter(Boolean),
        };
      }
      if (kind === 'credit-utilization') {
        const list = Array.from(
          { length: cards },
          (_, i) => ({ balance: num(`balance${i}`), limit: num(`limit${i}`) }),
        );
        const r = creditUtilization(list);
        const words = {
          excellent: 'excellent (under 10%)',
          good: 'good (under 30%)',
          high: 'high (30% or more)',
          'very-high': 'very high (50% or more)',
        }[r.band];
        return {
          lines: [
            `Overall utilisation: ${r.overallPercent}%, which is ${words}.`,
            ...r.perCard.map((c, i) => `Card ${i + 1}: ${c.percent}%`),
          ],
        };
      }
      if (kind === 'loan-payment') {
        const r = loanPayment({ amount: num('amount'), aprPercent: num('aprPercent'), months: num('months') });
        return {
          lines: [
            `Monthly payment: ${formatMoney(r.monthlyPayment)}.`,
            `Over ${num('months')} months you pay ${formatMoney(r.totalPaid)}, of which ${
              formatMoney(r.totalInterest)
            } is interest.`,
          ],
        };
      }
      const r = compoundGrowth({
        initial: num('initial'),
        monthlyContribution: num('monthlyContribution'),
        annualRatePercent: num('annualRatePercent'),
        years: num('years'),
      });
      return {
        lines: [
          `After ${num('years')} years: ${formatMoney(r.finalBalance)}.`,
          `You put in ${formatMoney(r.totalContributed)}; growth adds ${formatMoney(r.totalGrowth)}.`,
        ],
      };
    } catch (error) {
      return { lines: [], error: error instanceof RangeError ? error.message : 'Check the numbers you entered.' };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, cards, kind]);

  function remember() {
    try {
      localStorage.setItem(storageKey(kind), JSON.stringify(values));
      setSaved(true);
    } catch {
      // storage unavailable
    }
  }
  function clear() {
    try {
      localStorage.removeItem(storageKey(kind));
    } catch {
      // nothing stored
    }
    setValues(DEFAULTS[kind]);
    setCards(1);
    setSaved(false);
  }

  return (
    <section className='card practice' aria-label={TITLES[kind]} data-calculator={kind}>
      <h3>{TITLES[kind]}</h3>
      <form noValidate onSubmit={(e) => e.preventDefault()}>
        {kind === 'emergency-fund' && (
          <div className='practice-grid'>
            <NumberField
              name='monthlyEssentials'
              label='Essential costs a month'
              prefix='$'
              values={values}
              set={set}
            />
            <NumberField name='months' label='Months to cover' suffix='1 to 24' values={values} set={set} />
            <NumberField name='currentSavings' label='Saved so far' prefix='$' values={values} set={set} />
            <NumberField name='monthlySaving' label='You can save a month' prefix='$' values={values} set={set} />
          </div>
        )}
        {kind === 'credit-utilization' && (
          <>
            {Array.from({ length: cards }, (_, i) => (
              <div key={i} className='practice-grid'>
                <NumberField
                  name={`balance${i}`}
                  label={`Card ${i + 1} balance`}
                  prefix='$'
                  values={values}
                  set={set}
                />
                <NumberField name={`limit${i}`} label={`Card ${i + 1} limit`} prefix='$' values={values} set={set} />
              </div>
            ))}
            <div className='practice-actions'>
              <button type='button' className='btn btn-outline' onClick={() => setCards((n) => Math.min(10, n + 1))}>
                Add a card
              </button>
              {cards > 1 && (
                <button
                  type='button'
                  className='btn btn-ghost'
                  onClick={() => {
                    setValues(({ [`balance${cards - 1}`]: _b, [`limit${cards - 1}`]: _l, ...rest }) => rest);
                    setCards((n) => n - 1);
                    setSaved(false);
                  }}
                >
                  Remove card {cards}
                </button>
              )}
            </div>
          </>
        )}
        {kind === 'compound-growth' && (
          <div className='practice-grid'>
            <NumberField name='initial' label='Starting amount' prefix='$' values={values} set={set} />
            <NumberField name='monthlyContribution' label='Added each month' prefix='$' values={values} set={set} />
            <NumberField
              name='annualRatePercent'
              label='Yearly return'
              suffix='%, an assumption'
              values={values}
              set={set}
            />
            <NumberField name='years' label='Years' values={values} set={set} />
          </div>
        )}
        {kind === 'loan-payment' && (
          <div className='practice-grid'>
            <NumberField name='amount' label='Amount borrowed' prefix='$' values={values} set={set} />
            <NumberField name='aprPercent' label='APR' suffix='%' values={values} set={set} />
            <NumberField name='months' label='Months to repay' values={values} set={set} />
          </div>
        )}
      </form>
      <div className='practice-result' aria-live='polite' data-testid='practice-result'>
        {result.error
          ? (
            <p className='field-error' role='alert'>
              {result.error}
            </p>
          )
          : (
            result.lines.map((l) => <p key={l}>{l}</p>)
          )}
      </div>
      <p className='hint'>An estimate to learn with, not advice. Your figures stay in this browser.</p>
      <div className='practice-actions'>
        <button type='button' className='btn btn-outline' onClick={remember} disabled={saved}>
          {saved ? 'Saved on this device' : 'Remember my figures on this device'}
        </button>
        <button type='button' className='btn btn-ghost' onClick={clear}>
          Clear
        </button>
      </div>
    </section>
  );
}
