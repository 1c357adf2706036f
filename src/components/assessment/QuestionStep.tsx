import { type Dispatch, type KeyboardEvent, type Ref, useEffect, useRef } from 'react';
import type { AssessmentQuestion } from '../../lib/assessment.ts';
import { PILLAR_LABELS } from '../../lib/domain.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import { useHydrated } from '../ui/useHydrated.ts';
import type { WizardAction, WizardState } from './wizard-state.ts';

/** One question of the assessment with the progress so far, Previous / Start over / Next, and the start-over prompt. */
export default function QuestionStep({ questions, state, dispatch, retake, headingRef, onNext }: {
  questions: AssessmentQuestion[];
  state: WizardState;
  dispatch: Dispatch<WizardAction>;
  retake: boolean;
  headingRef: Ref<HTMLHeadingElement>;
  onNext: () => void;
}) {
  const { index, answers, saving, error, confirmClear } = state;
  const hydrated = useHydrated();
  const total = questions.length;
  const question = questions[index];
  const chosen = answers[String(question.id)];
  // Complete is what is answered: 0% before the first answer, 100% with the last.
  const answeredCount = questions.filter((q) => answers[String(q.id)] !== undefined).length;
  const percent = Math.round((answeredCount / total) * 100);

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      onNext();
    }
  }

  return (
    <section className='card assessment' aria-labelledby='question-title'>
      {retake && index === 0 && Object.keys(answers).length === 0 && (
        <p className='alert alert-info'>
          You're retaking the assessment. Your newest result sets your levels; earlier results stay on your progress
          screen.
        </p>
      )}
      <div className='assessment-progress'>
        <div className='between'>
          <span>
            Question {index + 1} of {total}
          </span>
          <span>{percent}% complete</span>
        </div>
        <div
          className='meter'
          role='progressbar'
          aria-label='Assessment progress'
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className={`meter-fill w-${Math.round(percent / 5) * 5}`} />
        </div>
      </div>
      <p className='question-category'>{PILLAR_LABELS[question.category]}</p>
      <ChoiceQuestion
        headingId='question-title'
        headingLevel={1}
        headingClassName='question-text'
        headingRef={headingRef}
        question={question.text}
        name={`question-${question.id}`}
        options={question.options.map((o) => o.label)}
        chosen={question.options.findIndex((o) => o.value === chosen)}
        onChoose={(i) => dispatch({ type: 'choose', questionId: question.id, value: question.options[i].value })}
        onKeyDown={onKeyDown}
      />
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <div className='assessment-actions'>
        <button
          type='button'
          className='btn btn-outline'
          onClick={() => dispatch({ type: 'go', index: Math.max(0, index - 1) })}
          disabled={index === 0 || saving}
        >
          Previous
        </button>
        <button
          type='button'
          className='btn btn-ghost'
          onClick={() => dispatch({ type: 'ask-clear' })}
          disabled={saving || confirmClear || !hydrated}
        >
          Start over
        </button>
        <button type='button' className='btn btn-primary' onClick={onNext} disabled={chosen === undefined || saving}>
          {saving ? 'Saving your results...' : index === total - 1 ? 'Complete Assessment' : 'Next'}
        </button>
      </div>
      {confirmClear && <ConfirmClear answeredCount={answeredCount} dispatch={dispatch} />}
      <p className='hint'>Tip: use the arrow keys to move between answers and Enter to continue.</p>
    </section>
  );
}

function ConfirmClear({ answeredCount, dispatch }: { answeredCount: number; dispatch: Dispatch<WizardAction> }) {
  const keepButton = useRef<HTMLButtonElement>(null);
  useEffect(() => keepButton.current?.focus(), []);
  return (
    <div className='alert alert-info confirm-clear' role='alertdialog' aria-labelledby='confirm-clear-text'>
      <p id='confirm-clear-text'>Clear all {answeredCount} of your answers and start again from question 1?</p>
      <div className='confirm-actions'>
        {/* The safe choice first and primary: keeping the answers. */}
        <button type='button' className='btn btn-primary' onClick={() => dispatch({ type: 'keep' })} ref={keepButton}>
          Keep my answers
        </button>
        <button type='button' className='btn btn-outline' onClick={() => dispatch({ type: 'clear' })}>
          Yes, clear my answers
        </button>
      </div>
    </div>
  );
}
