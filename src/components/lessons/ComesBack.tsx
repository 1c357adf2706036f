import type { QuizCompletion } from '../../lib/server/learning/complete-quiz.ts';

/**
 * What this quiz sends to review and when (issue 53): "2 questions come back tomorrow", with the
 * day and time in the learner's own clock; or that nothing does. Absent in a studio preview.
 */
export default function ComesBack({ result }: { result: QuizCompletion }) {
  if (result.comesBack === undefined) return null;
  if (result.comesBack === null) {
    return (
      <p className='small comes-back' data-testid='comes-back'>
        Every answer right: nothing from this quiz comes back for review.
      </p>
    );
  }
  const { count, dueAt } = result.comesBack;
  const when = new Date(dueAt).toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  return (
    <p className='small comes-back' data-testid='comes-back'>
      <strong>
        {count === 1 ? '1 question comes' : `${count} questions come`} back tomorrow
      </strong>{' '}
      (from {when}) in <a href='/review'>your review</a>, so what you missed sticks.
    </p>
  );
}
