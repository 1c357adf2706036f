import type { UserProgress } from '../../lib/server/learning/progress.ts';

export const COLORS = { green: '#047857', blue: '#1d4ed8', yellow: '#ca8a04', red: '#b91c1c' };

/**
 * The pillar's one accuracy figure: questions right of questions answered (issue 53; the API keeps
 * the 0-3 average too); at 2.5 of 3 or more it is marked in words and with a star, not by colour alone.
 */
export function AverageScore({ pillar }: { pillar: UserProgress['pillars'][number] }) {
  return (
    <p>
      Questions right:{' '}
      <strong className={pillar.highlighted ? 'highlight' : undefined} data-testid='average'>
        {pillar.averagePercent === null ? '—' : `${pillar.averagePercent}%`}
      </strong>
      {pillar.averagePercent !== null && (
        <span data-testid='average-count'>{` (${pillar.correct} of ${pillar.answered})`}</span>
      )}
      {pillar.highlighted && (
        <>
          {' '}
          <span className='highlight-note' data-testid='highlight-note'>
            <span aria-hidden='true'>★</span> Excellent: 5 in 6 or better
          </span>
        </>
      )}
    </p>
  );
}

/** The spec's best streak, named apart from the daily streak (docs/DESIGN.md 9). */
export function LongestRun({ pillar }: { pillar: UserProgress['pillars'][number] }) {
  return (
    <p>
      Longest run of passed quizzes: <strong data-testid='streak'>{pillar.bestStreak}</strong>
    </p>
  );
}

export function EmptyState() {
  return (
    <div className='empty-state' data-testid='empty-state'>
      <h2>No quizzes yet</h2>
      <p>Your charts and figures appear here after your first quiz. Every number on this screen is your own.</p>
      <a className='btn btn-primary' href='/lessons'>
        Start your first lesson
      </a>
    </div>
  );
}
