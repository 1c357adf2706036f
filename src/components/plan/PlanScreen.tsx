import { useMemo, useRef, useState } from 'react';
import { computePlan, type MoneyPlan } from '../../lib/money-plan/plan.ts';
import { EMPTY_FORM, fieldsOf, formOf, type PlanForm, readPlanFields } from '../../lib/money-plan/form.ts';
import type { PlanInput } from '../../lib/money-plan/input.ts';
import type { PlanPageProps } from '../../lib/server/learning/money-plan.ts';
import { api, fieldErrorsOf, messageOf, NetworkError } from '../api.ts';
import { type IslandData, readIslandData } from '../ui/island-data.ts';
import PlanFormFields from './PlanForm.tsx';
import PlanResults, { NowCard } from './PlanResults.tsx';
import PlanChart from './PlanChart.tsx';
import WhatIf from './WhatIf.tsx';

type SaveState =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  | { kind: 'failed'; message: string };

/**
 * /plan: the learner's figures, the plan computed from them in the browser as they type, "what if
 * I put $X more a month", and "Save my plan", the only moment anything is sent.
 */
export default function PlanScreen({ data }: { data: IslandData<PlanPageProps> }) {
  const props = useMemo(() => readIslandData(data), [data]);
  const [form, setForm] = useState<PlanForm>(() => (props.saved ? formOf(props.saved.input) : EMPTY_FORM));
  const [extra, setExtra] = useState(0);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [save, setSave] = useState<SaveState>(() =>
    props.saved ? { kind: 'saved', at: props.saved.savedAt } : { kind: 'idle' }
  );
  const read = useMemo(() => readPlanFields(fieldsOf(form)), [form]);
  // While a field is being corrected, the plan stays the last one the figures gave.
  const lastGood = useRef<PlanInput>(props.saved?.input ?? {});
  if (read.ok) lastGood.current = read.input;
  const input = read.ok ? read.input : lastGood.current;
  const plan: MoneyPlan = useMemo(() => computePlan(input, props.rules, { extraMonthly: extra }), [
    input,
    props.rules,
    extra,
  ]);
  const errors = read.ok ? serverErrors : { ...serverErrors, ...read.errors };

  function change(next: PlanForm) {
    setForm(next);
    setServerErrors({});
    if (save.kind !== 'saving') setSave({ kind: 'idle' });
  }

  async function onSave() {
    if (!read.ok) {
      setSave({ kind: 'failed', message: 'Please check the highlighted fields' });
      return;
    }
    setSave({ kind: 'saving' });
    try {
      const result = await api<{ createdAt: string }>('/api/plan', { body: fieldsOf(form) });
      if (result.ok && result.data) {
        setSave({ kind: 'saved', at: result.data.createdAt });
        return;
      }
      setServerErrors(fieldErrorsOf(result));
      setSave({ kind: 'failed', message: messageOf(result, 'Your plan could not be saved. Please try again.') });
    } catch (error) {
      const message = error instanceof NetworkError
        ? 'No connection: your plan is still here. Try again when you are back online.'
        : 'Your plan could not be saved. Please try again.';
      setSave({ kind: 'failed', message });
    }
  }

  return (
    <div className='plan-screen'>
      <NowCard plan={plan} valid={read.ok} />
      <form className='plan-form card' noValidate onSubmit={(e) => e.preventDefault()} aria-labelledby='plan-figures'>
        <h2 id='plan-figures'>Your figures</h2>
        <p className='hint'>Every field is optional: fill in what you know and the plan says what it needs.</p>
        <PlanFormFields form={form} errors={errors} onChange={change} />
      </form>
      <PlanResults plan={plan} stepLessons={props.stepLessons} />
      <WhatIf extra={extra} onChange={setExtra} plan={plan} />
      <PlanChart series={plan.series} />
      <section className='plan-save card' aria-labelledby='plan-save-title'>
        <h2 id='plan-save-title'>Save my plan</h2>
        <p>
          Saving keeps your figures with your account, so the dashboard, the coach and your next lesson follow your
          plan. Each save is kept as a new version; the newest is your plan.
        </p>
        <button
          type='button'
          className='btn btn-primary btn-block'
          onClick={onSave}
          disabled={save.kind === 'saving'}
          data-testid='save-plan'
        >
          {save.kind === 'saving' ? 'Saving...' : 'Save my plan'}
        </button>
        <p className='plan-save-status' role='status' aria-live='polite'>
          {save.kind === 'saved' &&
            `Saved on ${new Date(save.at).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: 'UTC' })}.`}
          {save.kind === 'failed' && save.message}
          {save.kind === 'idle' && 'Not saved: your figures are only in this browser.'}
        </p>
      </section>
    </div>
  );
}
