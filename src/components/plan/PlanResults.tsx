import type { MoneyPlan, PlanStep } from '../../lib/money-plan/plan.ts';
import { planHeadline } from '../../lib/money-plan/plan.ts';
import { formatCents } from '../../lib/money-plan/money.ts';
import type { StepId } from '../../lib/money-plan/steps.ts';
import type { StepLesson } from '../../lib/server/learning/money-plan.ts';
import { LEVEL_LABELS } from '../../lib/domain.ts';
import { monthText } from './months.ts';
import PayoffSection from './PayoffSection.tsx';

interface Props {
  plan: MoneyPlan;
  stepLessons: Record<StepId, StepLesson[]>;
  /** False while a field has an error: the plan shown is the last one the figures gave. */
  valid: boolean;
}

const STATUS_WORDS = { met: 'Done', 'to-do': 'To do', unknown: 'Needs your figures' } as const;

function timing(step: PlanStep): string | null {
  if (step.status === 'met') return null;
  if (step.doneInMonth === null) return step.status === 'unknown' ? null : 'Not reached at this pace';
  if (step.doneInMonth === 0) return 'Done now';
  const start = step.startsInMonth ? `starts in ${monthText(step.startsInMonth)}, ` : '';
  return `${start}done in ${monthText(step.doneInMonth)}`;
}

function StepLessons({ lessons }: { lessons: StepLesson[] }) {
  if (!lessons.length) return null;
  return (
    <ul className='plan-lessons' aria-label='Lessons that teach this step'>
      {lessons.map((l) => (
        <li key={l.id}>
          {l.open ? <a href={`/lesson/${l.id}`}>{l.title}</a> : <span>{l.title}</span>}{' '}
          <span className={l.passed ? 'plan-passed' : 'plan-unpassed'}>
            ({LEVEL_LABELS[l.level]}, {l.passed ? '✓ passed' : l.open ? 'not passed yet' : 'opens later'})
          </span>
        </li>
      ))}
    </ul>
  );
}

/** The plan: the current step and what to do, the surplus, every step with its arithmetic and lessons. */
export default function PlanResults({ plan, stepLessons }: Omit<Props, 'valid'>) {
  return (
    <section className='plan-results' aria-label='Your plan, step by step'>
      <div className='card'>
        <h2>What is left each month</h2>
        <p data-testid='plan-surplus'>{plan.surplus.explanation}.</p>
        {plan.surplus.cents !== null && plan.surplus.cents <= 0 && (
          <p>
            A plan can start here: step 0 is spending less than you earn
            {plan.surplus.cents < 0 ? `, by ${formatCents(-plan.surplus.cents)} a month` : ''}.
          </p>
        )}
      </div>
      <div className='card'>
        <h2>Your steps, in order</h2>
        <ol className='plan-steps' start={0}>
          {plan.steps.map((step) => (
            <li key={step.id} className={step.current ? 'plan-step current' : 'plan-step'} data-step={step.id}>
              <h3>
                {step.title}{' '}
                <span className={`plan-status plan-status-${step.status}`}>
                  {step.current ? 'Now' : STATUS_WORDS[step.status]}
                </span>
              </h3>
              <p>{step.detail}.</p>
              {timing(step) && <p className='plan-timing'>{timing(step)}</p>}
              <p className='plan-why'>Why here: {step.why}.</p>
              <StepLessons lessons={stepLessons[step.id] ?? []} />
            </li>
          ))}
        </ol>
      </div>
      {plan.payoff && <PayoffSection plan={plan} />}
      {plan.notes.length > 0 && (
        <div className='card'>
          <h2>What the plan assumed</h2>
          <ul>
            {plan.notes.map((n) => <li key={n}>{n}.</li>)}
          </ul>
        </div>
      )}
    </section>
  );
}

/** The step the learner is on, its one number and what to do: first on the page. */
export function NowCard({ plan, valid }: Pick<Props, 'plan' | 'valid'>) {
  const headline = planHeadline(plan);
  const current = plan.steps.find((s) => s.current)!;
  return (
    <section className='card plan-now' data-testid='plan-now' aria-labelledby='plan-now-title'>
      <p className='plan-eyebrow'>Your step now</p>
      <h2 id='plan-now-title'>
        {current.number > 0 ? `Step ${current.number}: ` : ''}
        {current.title}
      </h2>
      <p className='plan-headline' data-testid='plan-headline'>{headline.text}</p>
      <p data-testid='plan-action'>{plan.action.text}.</p>
      {!valid && <p className='field-error'>Fix the highlighted field to update your plan.</p>}
    </section>
  );
}
