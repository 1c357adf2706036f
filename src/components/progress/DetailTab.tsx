import { LEVEL_LABELS, LEVELS, PILLAR_LABELS } from '../../lib/domain.ts';
import type { UserProgress } from '../../lib/server/learning/progress.ts';
import { AverageScore, LongestRun } from './ProgressParts.tsx';

/** Detailed Progress: each pillar's lessons, completion rate, average and longest run of passed quizzes, level by level. */
export default function DetailTab({ progress }: { progress: UserProgress }) {
  return (
    <ul className='detail-list'>
      {progress.pillars.map((p) => (
        <li key={p.pillar} className='card' data-pillar={p.pillar} data-highlighted={p.highlighted}>
          <h2>{PILLAR_LABELS[p.pillar]}</h2>
          <p>
            <strong data-testid='detail-complete'>
              {p.completedLessons}/{p.totalLessons} Complete
            </strong>
          </p>
          <p>
            Completion rate:{' '}
            <strong data-testid='detail-rate'>
              {p.totalLessons ? Math.round((p.completedLessons / p.totalLessons) * 100) : 0}%
            </strong>
          </p>
          <AverageScore pillar={p} />
          <LongestRun pillar={p} />
          <ul className='level-lines'>
            {LEVELS.map((l) => (
              <li key={l}>
                {LEVEL_LABELS[l]}: {p.levels[l].completed}/{p.levels[l].total}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ul>
  );
}
