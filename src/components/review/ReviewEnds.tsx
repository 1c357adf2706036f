// How a review round ends: nothing was due, or every question of the round was answered.
import type { ReactNode } from 'react';
import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import DailyCredit from '../ui/DailyCredit.tsx';

/** Nothing is due: when the next question is, or how questions get here; `action`: what to do instead. */
export function ReviewEmpty({ upcoming, nextDueAt, action }: {
  upcoming: number;
  nextDueAt: string | null;
  action?: ReactNode;
}) {
  return (
    <section className='card quiz' data-testid='review-empty'>
      <h2>Nothing to review right now</h2>
      <p>
        {upcoming > 0 && nextDueAt
          ? (
            <>
              {upcoming} {upcoming === 1 ? 'question is' : 'questions are'} waiting; the next is due{' '}
              {new Date(nextDueAt).toLocaleDateString('en-US', { month: 'short', day: 'numeric' })}.
            </>
          )
          : (
            'No missed questions yet. When you miss one in a lesson quiz, it will show up here.'
          )}
      </p>
      {action}
      <a className={action ? 'btn btn-outline' : 'btn btn-primary'} href='/dashboard'>
        Back to Dashboard
      </a>
    </section>
  );
}

/** The round is over: the score, what the boxes mean, and the next round when more are due. */
export function ReviewDone({ right, total, moreDue, daily }: {
  right: number;
  total: number;
  moreDue: number;
  /** What the round did for the day, once the server has counted it. */
  daily: DailyStatus | null;
}) {
  return (
    <section className='card quiz' data-testid='review-done'>
      <h2>Review complete</h2>
      <p>
        You got {right} of {total}{' '}
        right. Right answers move up a box and come back later; missed ones move back a box (box 1 at the lowest) and
        come back sooner.
      </p>
      {daily && <DailyCredit daily={daily} />}
      {moreDue > 0
        ? (
          <>
            <p data-testid='review-more'>
              {moreDue} more {moreDue === 1 ? 'question is' : 'questions are'} due now.
            </p>
            <div className='quiz-actions'>
              <a className='btn btn-primary' href='/review'>
                Next round
              </a>
              <a className='btn btn-outline' href='/dashboard'>
                Back to Dashboard
              </a>
            </div>
          </>
        )
        : (
          <>
            <p>Nothing else is due. Practise any time: it counts toward today's goal.</p>
            <div className='quiz-actions'>
              <a className='btn btn-primary' href='/dashboard'>
                Back to Dashboard
              </a>
              {/* /review with nothing due opens on "Practise now". */}
              <a className='btn btn-outline' href='/review'>
                Practise now
              </a>
            </div>
          </>
        )}
    </section>
  );
}
