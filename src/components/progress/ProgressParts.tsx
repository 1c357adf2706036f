import type { UserProgress } from '../../lib/server/learning/progress.ts';

export const COLORS = { green: '#047857', blue: '#1d4ed8', yellow: '#ca8a04', red: '#b91c1c' };

/** The average out of 3; at 2.5 or more it is marked in words and with a star, not by colour alone. */
export function AverageScore({ pillar }: { pillar: UserProgress['pillars'][number] }) {
  return (
    <p>
      Average score:{' '}
      <strong className={pillar.highlighted ? 'highlight' : undefined} data-testid='average'>
        {pillar.averageScore === null ? '—' : pillar.averageScore.toFixed(2)}
      </strong>{' '}
      / 3
      {pillar.highlighted && (
        <>
          {' '}
          <span className='highlight-note' data-testid='highlight-note'>
            <span aria-hidden='true'>★</span> Excellent: 2.5 or more
          </span>
        </>
      )}
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
