import { useMemo } from 'react';
import { describeTrend, formatDuration, TREND_MIN_QUIZZES } from '../../lib/progress.ts';
import type { UserProgress } from '../../lib/server/learning/progress.ts';
import Chart from './Chart.tsx';
import { COLORS, EmptyState } from './ProgressParts.tsx';

/** Performance: the score of each recent attempt, and the quiz metrics. */
export default function PerformanceTab({ progress }: { progress: UserProgress }) {
  const { scoreProgression, metrics } = progress;
  const lineOptions = useMemo(
    () => ({
      chart: { type: 'line' },
      series: [{ name: 'Questions right (%)', data: scoreProgression.map((s) => s.percent) }],
      xaxis: { categories: scoreProgression.map((s) => String(s.attempt)), title: { text: 'Attempt' } },
      yaxis: { min: 0, max: 100, tickAmount: 4, title: { text: 'Questions right (%)' } },
      colors: [COLORS.blue],
      markers: { size: 5 },
      stroke: { width: 3 },
    }),
    [scoreProgression],
  );
  return (
    <>
      {metrics.totalQuizzes > 0
        ? (
          <Chart
            title='Score Progression'
            options={lineOptions}
            table={
              <table className='data-table' data-testid='line-table'>
                <thead>
                  <tr>
                    <th scope='col'>Attempt</th>
                    <th scope='col'>Lesson</th>
                    <th scope='col'>Questions right</th>
                  </tr>
                </thead>
                <tbody>
                  {scoreProgression.map((s) => (
                    <tr key={s.attempt}>
                      <td>{s.attempt}</td>
                      <td>{s.lessonTitle}</td>
                      <td>{`${s.correct} of ${s.totalQuestions} (${s.percent}%)`}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            }
          />
        )
        : <EmptyState />}
      <section className='card' aria-labelledby='metrics-title'>
        <h2 id='metrics-title'>Performance Metrics</h2>
        <dl className='metrics'>
          <div data-metric='improvement'>
            <dt>Your trend</dt>
            <dd>{describeTrend(metrics.improvementRate, metrics.totalQuizzes)}</dd>
          </div>
          <div data-metric='pass-rate'>
            <dt>Pass Rate</dt>
            <dd>{metrics.passRate === null ? '—' : `${metrics.passRate}%`}</dd>
          </div>
          <div data-metric='avg-time'>
            <dt>Avg Time per Quiz</dt>
            <dd>{formatDuration(metrics.avgTimePerQuizMs)}</dd>
          </div>
          <div data-metric='total'>
            <dt>Total Quizzes</dt>
            <dd>{metrics.totalQuizzes}</dd>
          </div>
        </dl>
        <p className='hint'>
          Your trend compares the share of questions you got right in your later quizzes with your first ones, in
          percentage points, once you have taken {TREND_MIN_QUIZZES}. Pass Rate is the share of quizzes you passed.
        </p>
      </section>
    </>
  );
}
