import type { QuizAnalytics } from '../../lib/server/learning/analytics.ts';
import { EmptyState } from './ProgressParts.tsx';
import PillarLevelTable from './PillarLevelTable.tsx';

/** Quiz Analytics: accuracy by pillar and level, and the questions missed most. */
export default function AnalyticsTab({ analytics }: { analytics: QuizAnalytics }) {
  if (analytics.totalAttempts === 0) return <EmptyState />;
  return (
    <>
      <section className='card' aria-labelledby='accuracy-title'>
        <h2 id='accuracy-title'>Accuracy by pillar and level</h2>
        <PillarLevelTable
          testId='accuracy-table'
          reflow
          cell={(pillar, level) => {
            const cell = analytics.byPillarLevel.find((c) => c.pillar === pillar && c.level === level)!;
            return cell.accuracy === null ? '—' : `${cell.accuracy}% (${cell.correct} of ${cell.total})`;
          }}
        />
      </section>
      <section className='card' aria-labelledby='missed-title'>
        <h2 id='missed-title'>Most-missed questions</h2>
        {analytics.mostMissed.length === 0
          ? <p>You haven't missed a question yet. Impressive!</p>
          : (
            <ol className='missed-list'>
              {analytics.mostMissed.map((m) => (
                <li key={`${m.lessonId}-${m.questionId}`} data-testid='missed-item'>
                  <p className='q'>{m.question}</p>
                  <p className='small'>
                    Missed {m.missed} of {m.asked} {m.asked === 1 ? 'time' : 'times'} ·{' '}
                    <a href={`/lesson/${m.lessonId}`}>{m.lessonTitle}</a>
                  </p>
                  <p className='why'>{m.explanation}</p>
                </li>
              ))}
            </ol>
          )}
      </section>
    </>
  );
}
