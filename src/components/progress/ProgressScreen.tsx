import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { api } from '../api.ts';
import { formatChange, scoreChange } from '../../lib/assessment.ts';
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';
import { formatDuration } from '../../lib/progress.ts';
import type { QuizAnalytics, UserProgress } from '../../lib/server/learning/progress.ts';
import BadgeList from '../dashboard/BadgeList.tsx';
import Chart from './Chart.tsx';

interface Props {
  progress: UserProgress;
  analytics: QuizAnalytics;
}

const TABS = ['Overview', 'Performance', 'Quiz Analytics', 'Detailed Progress'] as const;
type Tab = (typeof TABS)[number];
const COLORS = { green: '#047857', blue: '#1d4ed8', yellow: '#ca8a04', red: '#b91c1c' };

function fmtAverage(value: number | null): string {
  return value === null ? '—' : value.toFixed(2);
}

/** The average out of 3; at 2.5 or more it is marked in words and with a star, not by colour alone. */
function AverageScore({ pillar }: { pillar: UserProgress['pillars'][number] }) {
  return (
    <p>
      Average score:{' '}
      <strong className={pillar.highlighted ? 'highlight' : undefined} data-testid='average'>
        {fmtAverage(pillar.averageScore)}
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

function EmptyState() {
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

export default function ProgressScreen({ progress: initialProgress, analytics: initialAnalytics }: Props) {
  const [tab, setTab] = useState<Tab>('Overview');
  const [progress, setProgress] = useState(initialProgress);
  const [analytics, setAnalytics] = useState(initialAnalytics);
  const tabRefs = useRef<Array<HTMLButtonElement | null>>([]);
  const hasAttempts = progress.metrics.totalQuizzes > 0;

  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      Promise.all([api<UserProgress>('/api/user/progress'), api<QuizAnalytics>('/api/user/quiz-analytics')])
        .then(([p, a]) => {
          if (p.ok && p.data) setProgress(p.data);
          if (a.ok && a.data) setAnalytics(a.data);
        })
        .catch((error) => console.warn('Progress refresh failed', error));
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);

  function onTabKey(event: KeyboardEvent, index: number) {
    const move = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    const jump = event.key === 'Home' ? 0 : event.key === 'End' ? TABS.length - 1 : null;
    if (!move && jump === null) return;
    event.preventDefault();
    const next = jump ?? (index + move + TABS.length) % TABS.length;
    setTab(TABS[next]);
    tabRefs.current[next]?.focus();
  }

  const barOptions = useMemo(
    () => ({
      chart: { type: 'bar' },
      series: LEVELS.map((level) => ({
        name: LEVEL_LABELS[level],
        data: progress.pillars.map((
          p,
        ) => (p.levels[level].total ? Math.round((p.levels[level].completed / p.levels[level].total) * 100) : 0)),
      })),
      xaxis: { categories: progress.pillars.map((p) => PILLAR_LABELS[p.pillar]) },
      yaxis: { min: 0, max: 100, title: { text: '% of lessons completed' } },
      colors: [COLORS.green, COLORS.blue, COLORS.yellow],
      dataLabels: { enabled: false },
    }),
    [progress],
  );
  const answeredTotal = progress.accuracy.correct + progress.accuracy.incorrect;
  const accuracyPercent = answeredTotal > 0 ? Math.round((progress.accuracy.correct / answeredTotal) * 100) : 0;
  const donutOptions = useMemo(
    () => ({
      chart: { type: 'donut' },
      series: [progress.accuracy.correct, progress.accuracy.incorrect],
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
              total: {
                show: true,
                showAlways: true,
                label: 'Correct',
                formatter: () => `${accuracyPercent}%`,
              },
            },
          },
        },
      },
    }),
    [progress, accuracyPercent],
  );
  const lineOptions = useMemo(
    () => ({
      chart: { type: 'line' },
      series: [{ name: 'Score (0-3)', data: progress.scoreProgression.map((s) => s.score) }],
      xaxis: { categories: progress.scoreProgression.map((s) => String(s.attempt)), title: { text: 'Attempt' } },
      yaxis: { min: 0, max: 3, tickAmount: 3, title: { text: 'Score' } },
      colors: [COLORS.blue],
      markers: { size: 5 },
      stroke: { width: 3 },
    }),
    [progress],
  );

  const { first, newest, count } = progress.assessments;

  return (
    <div className='progress-screen'>
      {
        /* apexcharts skips injecting its own <style> (refused by our CSP) when this id exists;
          its stylesheet comes with our CSS instead. */
      }
      <span id='apexcharts-css' hidden />
      <div role='tablist' aria-label='Progress views' className='tablist'>
        {TABS.map((name, i) => (
          <button
            key={name}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            role='tab'
            id={`tab-${i}`}
            aria-selected={tab === name}
            aria-controls={`panel-${i}`}
            tabIndex={tab === name ? 0 : -1}
            className='tab'
            onClick={() => setTab(name)}
            onKeyDown={(e) => onTabKey(e, i)}
          >
            {name}
          </button>
        ))}
      </div>

      {TABS.map((name, i) => (
        <div
          key={name}
          role='tabpanel'
          id={`panel-${i}`}
          aria-labelledby={`tab-${i}`}
          hidden={tab !== name}
          tabIndex={0}
          className='panel'
        >
          {tab === name && name === 'Overview' && (
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
                        className={`meter-fill w-${
                          p.totalLessons ? Math.round((p.completedLessons / p.totalLessons) * 20) * 5 : 0
                        }`}
                      />
                    </div>
                    <AverageScore pillar={p} />
                    <p>
                      Best streak: <strong data-testid='streak'>{p.bestStreak}</strong>
                    </p>
                  </li>
                ))}
              </ul>
              {count >= 2 && first && newest && (
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
                        const key = `${pillar}Score` as 'savingScore' | 'creditScore' | 'investingScore';
                        return (
                          <tr key={pillar} data-pillar={pillar}>
                            <th scope='row'>{PILLAR_LABELS[pillar]}</th>
                            <td>{first[key]}</td>
                            <td>{newest[key]}</td>
                            <td data-testid='change'>{formatChange(scoreChange(first, newest)[pillar])}</td>
                          </tr>
                        );
                      })}
                    </tbody>
                  </table>
                  {first.version !== newest.version && (
                    <p className='hint' data-testid='versions-differ'>
                      Your first result came from version {first.version} of the assessment and your newest from version
                      {' '}
                      {newest.version}. The questions changed between them, so read the change as a rough guide, not an
                      exact comparison.
                    </p>
                  )}
                </section>
              )}
              <p>
                <a className='btn btn-outline' href='/assessment'>
                  Retake the assessment
                </a>
              </p>
              {hasAttempts
                ? (
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
                        <table className='data-table' data-testid='bar-table'>
                          <thead>
                            <tr>
                              <th scope='col'>Pillar</th>
                              {LEVELS.map((l) => (
                                <th key={l} scope='col'>
                                  {LEVEL_LABELS[l]}
                                </th>
                              ))}
                            </tr>
                          </thead>
                          <tbody>
                            {progress.pillars.map((p) => (
                              <tr key={p.pillar}>
                                <th scope='row'>{PILLAR_LABELS[p.pillar]}</th>
                                {LEVELS.map((l) => (
                                  <td key={l}>
                                    {p.levels[l].completed}/{p.levels[l].total}
                                  </td>
                                ))}
                              </tr>
                            ))}
                          </tbody>
                        </table>
                      }
                    />
                    <Chart
                      title='Overall Quiz Accuracy'
                      options={donutOptions}
                      legend={[
                        { label: `Correct (${progress.accuracy.correct})`, color: 'green' },
                        { label: `Incorrect (${progress.accuracy.incorrect})`, color: 'red' },
                      ]}
                      height={280}
                      table={
                        <table className='data-table' data-testid='donut-table'>
                          <tbody>
                            <tr>
                              <th scope='row'>Correct</th>
                              <td>{progress.accuracy.correct}</td>
                            </tr>
                            <tr>
                              <th scope='row'>Incorrect</th>
                              <td>{progress.accuracy.incorrect}</td>
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
                )
                : <EmptyState />}
              <section className='card' aria-labelledby='badges-heading'>
                <h2 id='badges-heading'>Badges</h2>
                <BadgeList badges={progress.badges} />
              </section>
            </>
          )}

          {tab === name && name === 'Performance' && (
            <>
              {hasAttempts
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
                            <th scope='col'>Score (0-3)</th>
                          </tr>
                        </thead>
                        <tbody>
                          {progress.scoreProgression.map((s) => (
                            <tr key={s.attempt}>
                              <td>{s.attempt}</td>
                              <td>{s.lessonTitle}</td>
                              <td>{s.score.toFixed(2)}</td>
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
                    <dt>Improvement Rate</dt>
                    <dd>
                      {progress.metrics.improvementRate === null
                        ? '—'
                        : `${progress.metrics.improvementRate > 0 ? '+' : ''}${progress.metrics.improvementRate} pts`}
                    </dd>
                  </div>
                  <div data-metric='pass-rate'>
                    <dt>Pass Rate</dt>
                    <dd>{progress.metrics.passRate === null ? '—' : `${progress.metrics.passRate}%`}</dd>
                  </div>
                  <div data-metric='avg-time'>
                    <dt>Avg Time per Quiz</dt>
                    <dd>{formatDuration(progress.metrics.avgTimePerQuizMs)}</dd>
                  </div>
                  <div data-metric='total'>
                    <dt>Total Quizzes</dt>
                    <dd>{progress.metrics.totalQuizzes}</dd>
                  </div>
                </dl>
                <p className='hint'>
                  Improvement Rate compares the accuracy of your later quizzes with your earlier ones. Pass Rate is the
                  share of quizzes you passed.
                </p>
              </section>
            </>
          )}

          {tab === name && name === 'Quiz Analytics' && (
            <>
              {analytics.totalAttempts === 0 ? <EmptyState /> : (
                <>
                  <section className='card' aria-labelledby='accuracy-title'>
                    <h2 id='accuracy-title'>Accuracy by pillar and level</h2>
                    <table className='data-table reflow' data-testid='accuracy-table'>
                      <thead>
                        <tr>
                          <th scope='col'>Pillar</th>
                          {LEVELS.map((l) => (
                            <th key={l} scope='col'>
                              {LEVEL_LABELS[l]}
                            </th>
                          ))}
                        </tr>
                      </thead>
                      <tbody>
                        {PILLARS.map((pillar) => (
                          <tr key={pillar}>
                            <th scope='row'>{PILLAR_LABELS[pillar]}</th>
                            {LEVELS.map((level) => {
                              const cell = analytics.byPillarLevel.find((c) =>
                                c.pillar === pillar && c.level === level
                              )!;
                              return (
                                <td key={level} data-cell={`${pillar}-${level}`} data-label={LEVEL_LABELS[level]}>
                                  {cell.accuracy === null ? '—' : `${cell.accuracy}% (${cell.correct}/${cell.total})`}
                                </td>
                              );
                            })}
                          </tr>
                        ))}
                      </tbody>
                    </table>
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
              )}
            </>
          )}

          {tab === name && name === 'Detailed Progress' && (
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
                  <p>
                    Best streak: <strong>{p.bestStreak}</strong>
                  </p>
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
          )}
        </div>
      ))}
    </div>
  );
}
