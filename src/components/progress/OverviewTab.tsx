import { useMemo } from 'react';
import { formatChange, scoreChange } from '../../lib/assessment.ts';
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';
import type { UserProgress } from '../../lib/server/learning/progress.ts';
import BadgeList from '../dashboard/BadgeList.tsx';
import MasteryCard from '../dashboard/MasteryCard.tsx';
import { meterWidth } from '../ui/meter.ts';
import Chart from './Chart.tsx';
import PillarLevelTable from './PillarLevelTable.tsx';
import { AverageScore, COLORS, EmptyState, LongestRun } from './ProgressParts.tsx';

/** Overview: each pillar's summary, the assessment's change, the charts and the badges. */
export default function OverviewTab({ progress }: { progress: UserProgress }) {
  return (
    <>
      <ul className='pillar-summary'>
        {progress.pillars.map((p) => (
          <li key={p.pillar} className='card' data-pillar={p.pillar} data-highlighted={p.highlighted}>
            <h2>{PILLAR_LABELS[p.pillar]}</h2>
            <p>
              <strong data-testid='completed'>
                {p.completedLessons}/{p.totalLessons}
              </strong>{' '}
              lessons
            </p>
            <div className='meter' aria-hidden='true'>
              <span
                className={`meter-fill ${meterWidth(p.totalLessons ? (p.completedLessons / p.totalLessons) * 100 : 0)}`}
              />
            </div>
            <AverageScore pillar={p} />
            <LongestRun pillar={p} />
          </li>
        ))}
      </ul>
      <AssessmentChange assessments={progress.assessments} />
      <p>
        <a className='btn btn-outline' href='/assessment'>
          Retake the assessment
        </a>
      </p>
      {progress.metrics.totalQuizzes > 0 ? <OverviewCharts progress={progress} /> : <EmptyState />}
      <MasteryCard mastery={progress.mastery} />
      <section className='card' aria-labelledby='badges-heading'>
        <h2 id='badges-heading'>Badges</h2>
        <BadgeList badges={progress.badges} />
      </section>
    </>
  );
}

/** The first and the newest assessment side by side, once there are two. */
function AssessmentChange({ assessments: { first, newest, count } }: Pick<UserProgress, 'assessments'>) {
  if (count < 2 || !first || !newest) return null;
  const change = scoreChange(first, newest);
  return (
    <section className='card' aria-labelledby='assessment-change'>
      <h2 id='assessment-change'>Your assessment: first vs newest</h2>
      <table className='data-table'>
        <thead>
          <tr>
            <th scope='col'>Pillar</th>
            <th scope='col'>First</th>
            <th scope='col'>Newest</th>
            <th scope='col'>Change</th>
          </tr>
        </thead>
        <tbody>
          {PILLARS.map((pillar) => {
            const key = `${pillar}Score` as const;
            return (
              <tr key={pillar} data-pillar={pillar}>
                <th scope='row'>{PILLAR_LABELS[pillar]}</th>
                <td>{first[key]}</td>
                <td>{newest[key]}</td>
                <td data-testid='change'>{formatChange(change[pillar])}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {first.version !== newest.version && (
        <p className='hint' data-testid='versions-differ'>
          Your first result came from version {first.version} of the assessment and your newest from version{' '}
          {newest.version}. The questions changed between them, so read the change as a rough guide, not an exact
          comparison.
        </p>
      )}
    </section>
  );
}

/** Lessons completed by pillar and level, and the quiz accuracy, each chart with its data table. */
function OverviewCharts({ progress }: { progress: UserProgress }) {
  const { pillars, accuracy } = progress;
  const answered = accuracy.correct + accuracy.incorrect;
  const accuracyPercent = answered > 0 ? Math.round((accuracy.correct / answered) * 100) : 0;
  const levelsOf = (pillar: string) => pillars.find((p) => p.pillar === pillar)!.levels;
  const barOptions = useMemo(
    () => ({
      chart: { type: 'bar' },
      series: LEVELS.map((level) => ({
        name: LEVEL_LABELS[level],
        data: pillars.map(({ levels }) =>
          levels[level].total ? Math.round((levels[level].completed / levels[level].total) * 100) : 0
        ),
      })),
      xaxis: { categories: pillars.map((p) => PILLAR_LABELS[p.pillar]) },
      yaxis: { min: 0, max: 100, title: { text: '% of lessons completed' } },
      colors: [COLORS.green, COLORS.blue, COLORS.yellow],
      dataLabels: { enabled: false },
    }),
    [pillars],
  );
  const donutOptions = useMemo(
    () => ({
      chart: { type: 'donut' },
      series: [accuracy.correct, accuracy.incorrect],
      labels: ['Correct', 'Incorrect'],
      colors: [COLORS.green, COLORS.red],
      // The centre says the correct share; slice labels (e.g. "100.0%" on the only slice, incorrect,
      // after 0 of 3) read as the learner's accuracy, so there are none.
      dataLabels: { enabled: false },
      plotOptions: {
        pie: {
          donut: {
            labels: {
              show: true,
              total: { show: true, showAlways: true, label: 'Correct', formatter: () => `${accuracyPercent}%` },
            },
          },
        },
      },
    }),
    [accuracy, accuracyPercent],
  );
  return (
    <div className='charts'>
      <Chart
        title='Progress by Pillar & Level'
        options={barOptions}
        legend={[
          { label: 'Beginner', color: 'green' },
          { label: 'Intermediate', color: 'blue' },
          { label: 'Advanced', color: 'yellow' },
        ]}
        table={
          <PillarLevelTable
            testId='bar-table'
            cell={(pillar, level) => `${levelsOf(pillar)[level].completed}/${levelsOf(pillar)[level].total}`}
          />
        }
      />
      <Chart
        title='Overall Quiz Accuracy'
        options={donutOptions}
        legend={[
          { label: `Correct (${accuracy.correct})`, color: 'green' },
          { label: `Incorrect (${accuracy.incorrect})`, color: 'red' },
        ]}
        height={280}
        table={
          <table className='data-table' data-testid='donut-table'>
            <tbody>
              <tr>
                <th scope='row'>Correct</th>
                <td>{accuracy.correct}</td>
              </tr>
              <tr>
                <th scope='row'>Incorrect</th>
                <td>{accuracy.incorrect}</td>
              </tr>
              <tr>
                <th scope='row'>Accuracy</th>
                <td>{accuracyPercent}%</td>
              </tr>
            </tbody>
          </table>
        }
      />
    </div>
  );
}
