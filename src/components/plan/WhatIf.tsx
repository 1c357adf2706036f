import { useState } from 'react';
import Field from '../ui/Field.tsx';
import { readExtra } from '../../lib/money-plan/form.ts';
import type { MoneyPlan } from '../../lib/money-plan/plan.ts';
import { planHeadline } from '../../lib/money-plan/plan.ts';
import { formatCents } from '../../lib/money-plan/money.ts';
import { monthText } from './months.ts';

interface Props {
  extra: number;
  onChange: (dollars: number) => void;
  /** The plan with the extra already in it (recomputed in the browser). */
  plan: MoneyPlan;
}

/** "What if I put $X more a month": the same plan, recomputed here as the learner types. */
export default function WhatIf({ extra, onChange, plan }: Props) {
  const [typed, setTyped] = useState(extra ? String(extra) : '');
  const [error, setError] = useState<string | undefined>();
  const debtFree = plan.payoff?.avalanche.months ?? null;
  const fund = plan.steps.find((s) => s.id === 'full-fund')!;
  return (
    <section className='card plan-what-if' aria-labelledby='what-if-title'>
      <h2 id='what-if-title'>What if I put more in each month?</h2>
      <Field
        label='What if I put $X more a month ($)'
        hint='Try an amount: the plan above and the chart below change here, nothing is sent.'
        name='whatIf'
        type='text'
        inputMode='decimal'
        autoComplete='off'
        value={typed}
        error={error}
        onChange={(e) => {
          setTyped(e.target.value);
          const read = readExtra(e.target.value);
          setError(read.ok ? undefined : read.error);
          if (read.ok) onChange(read.dollars);
        }}
      />
      <p role='status' aria-live='polite' data-testid='what-if-result'>
        {extra > 0
          ? `With ${formatCents(Math.round(extra * 100))} more a month: ${planHeadline(plan).text}${
            debtFree ? `; debt-free in ${monthText(debtFree)}` : ''
          }${fund.doneInMonth ? `; full emergency fund in ${monthText(fund.doneInMonth)}` : ''}.`
          : 'Enter an amount to see how much sooner each step is done.'}
      </p>
    </section>
  );
}
