import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { LEVEL_LABELS, PILLAR_LABELS } from '../../lib/domain.ts';
import { greetingFor, isPriority } from '../../lib/progress.ts';
import type { Dashboard as DashboardData } from '../../lib/server/learning/progress.ts';
import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import BadgeList from './BadgeList.tsx';
import CoachCard from './CoachCard.tsx';
import FlameIcon from '../ui/FlameIcon.tsx';

interface Props {
  initial: DashboardData;
  /** The learner's first dashboard visit, recorded on the server. */
  firstVisit: boolean;
}

const width = (percent: number) => `w-${Math.max(0, Math.min(100, Math.round(percent / 5) * 5))}`;

export default function Dashboard({ initial, firstVisit }: Props) {
  const [data, setData] = useState(initial);
  // The first visit says 'Welcome, {firstName}!'; later ones greet by the learner's local time,
  // which only the browser knows.
  const [greeting, setGreeting] = useState(`${firstVisit ? 'Welcome' : 'Hello'}, ${initial.firstName}!`);

  useEffect(() => {
    if (!firstVisit) setGreeting(`${greetingFor(new Date().getHours())}, ${initial.firstName}!`);
  }, [firstVisit, initial.firstName]);

  useEffect(() => {
    // Refreshes when the page becomes visible again (spec 2): progress made in another tab shows.
    const refresh = () => {
      if (document.visibilityState !== 'visible') return;
      api<DashboardData>('/api/user/dashboard')
        .then((r) => {
          if (r.ok && r.data) setData(r.data);
        })
        .catch((error) => console.warn('Dashboard refresh failed', error));
    };
    document.addEventListener('visibilitychange', refresh);
    return () => document.removeEventListener('visibilitychange', refresh);
  }, []);

  useEffect(() => {
    // Days (streak, goal, reminders) are the learner's own: tell the server this browser's zone
    // when it is not the one stored.
    let zone: string | undefined;
    try {
      zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    } catch {
      return;
    }
    if (!zone || zone === initial.daily.timeZone) return;
    api<{ daily: DailyStatus }>('/api/user/settings', { body: { timeZone: zone } })
      .then((r) => {
        if (r.ok && r.data?.daily) setData((d) => ({ ...d, daily: r.data!.daily }));
      })
      .catch((error) => console.warn('Time zone not saved', error));
  }, [initial.daily.timeZone]);

  const priority = data.priority ? data.pillars.find((p) => p.pillar === data.priority) : undefined;

  return (
    <div className='dashboard'>
      <header className='dash-header'>
        <h1 data-testid='greeting'>{greeting}</h1>
        <p>
          {data.hasAssessment
            ? 'Here is your Wealth Snapshot and what to learn next.'
            : 'Your first step: a short assessment that shows where you stand.'}
        </p>
      </header>

      <div className='dash-lead'>
        <ContinueCard data={data} />
        <StreakCard daily={data.daily} />
      </div>

      <div className='dash-middle'>
        <CoachCard coach={data.coach} continueLessonId={data.nextLesson?.id ?? null} />
        <div className='dash-side'>
          <section className='card review-card' aria-labelledby='review-title' data-testid='review-card'>
            <h2 id='review-title'>Review</h2>
            <p>
              {data.reviewDue > 0
                ? `${data.reviewDue} ${data.reviewDue === 1 ? 'question is' : 'questions are'} due for review.`
                : 'No questions are due. Missed quiz questions come back here on a schedule.'}
            </p>
            <a className='btn btn-outline' href='/review'>
              {data.reviewDue > 0 ? 'Start review' : 'Open review'}
            </a>
          </section>
          <section className='card quick' aria-labelledby='quick-title'>
            <h2 id='quick-title'>Quick Actions</h2>
            <a className='btn btn-outline btn-block' href='/progress'>
              View Progress
            </a>
            <a className='btn btn-ghost btn-block' href='/assessment'>
              {data.hasAssessment ? 'Retake Assessment' : 'Take Assessment'}
            </a>
          </section>
        </div>
      </div>

      <div className='dash-numbers'>
        <section className='card overall' aria-labelledby='overall-title' data-testid='overall'>
          <h2 id='overall-title'>Overall progress</h2>
          <p className='overall-value'>
            <span data-testid='overall-value'>{data.overall.total}</span>%
          </p>
          <div className='meter' aria-hidden='true'>
            <span className={`meter-fill ${width(data.overall.total)}`} />
          </div>
          <p className='small'>
            Four equal parts of up to 25 points each: your assessment result and your lessons in each pillar.
          </p>
          <ul className='parts' aria-label='How overall progress is made'>
            {(
              [
                ['assessment', 'Assessment'],
                ['saving', 'Saving lessons'],
                ['credit', 'Credit lessons'],
                ['investing', 'Investing lessons'],
              ] as const
            ).map(([key, label]) => (
              <li key={key} data-part={key}>
                <span>{label}</span>{' '}
                <span>
                  <strong>{data.overall.parts[key]}</strong> of 25 points
                </span>
              </li>
            ))}
          </ul>
          {!data.hasAssessment && (
            <p className='small' data-testid='overall-hint'>
              The assessment part counts as 0 until you <a href='/assessment'>take the free assessment</a>.
            </p>
          )}
        </section>

        {priority && (
          <section className='card priority' aria-labelledby='priority-title' data-testid='priority'>
            <p className='eyebrow'>Priority focus</p>
            <h2 id='priority-title'>{PILLAR_LABELS[priority.pillar]}</h2>
            <p>
              {isPriority(priority.weightedProgress)
                ? 'This pillar needs your attention: '
                : 'Your lowest pillar so far: '}
              {Math.round(priority.weightedProgress)}% of its lessons done
              {priority.assessment ? `, and ${priority.assessment.score} of 100 in our assessment.` : '.'}
            </p>
            <a className='btn btn-outline' href={`/lessons?pillar=${priority.pillar}`}>
              Study {PILLAR_LABELS[priority.pillar]}
            </a>
          </section>
        )}
      </div>

      <section aria-labelledby='pillars-title'>
        <h2 id='pillars-title' className='section-title'>
          Your pillars
        </h2>
        <ul className='pillar-cards'>
          {data.pillars.map((p) => (
            <li
              key={p.pillar}
              className={`card pillar-card${p.assessment ? ` score-${p.assessment.colour}` : ''}`}
              data-pillar={p.pillar}
            >
              <div className='pillar-head'>
                <h3>{PILLAR_LABELS[p.pillar]}</h3>
                {p.assessment && (
                  <p className='pillar-score'>
                    <span className={`badge badge-${p.assessment.colour}`}>
                      {p.assessment.score}
                      <span className='visually-hidden'>out of 100</span>
                    </span>
                  </p>
                )}
              </div>
              {p.assessment
                ? (
                  <>
                    <p className='pillar-message'>{p.assessment.message}</p>
                    <p className='pillar-level'>
                      Level: <strong>{LEVEL_LABELS[p.assessment.level]}</strong>
                    </p>
                  </>
                )
                : (
                  <p className='pillar-invite' data-testid='pillar-invite'>
                    No score yet: the free assessment shows where you stand in {PILLAR_LABELS[p.pillar].toLowerCase()}.
                  </p>
                )}
              <p>
                Lessons: <strong data-testid='lessons-done'>{p.lessonsCompleted}</strong> / {p.lessonsTotal}
              </p>
              <div
                className='meter'
                role='progressbar'
                aria-label={`${PILLAR_LABELS[p.pillar]} weighted progress`}
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={Math.round(p.weightedProgress)}
              >
                <span className={`meter-fill ${width(p.weightedProgress)}`} />
              </div>
              <p className='small'>
                Weighted progress: <strong data-testid='weighted'>{Math.round(p.weightedProgress)}%</strong>
                <span className='weighted-note'>(longer lessons count for more)</span>
              </p>
              <a className='btn btn-outline btn-block' href={`/lessons?pillar=${p.pillar}`}>
                {PILLAR_LABELS[p.pillar]} lessons
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className='card' aria-labelledby='badges-title'>
        <h2 id='badges-title'>Badges</h2>
        <BadgeList badges={data.badges} />
      </section>
    </div>
  );
}

/**
 * The one next step, with the dashboard's only primary button: the assessment before it is taken,
 * then the next lesson (spec: Quick Actions' 'Next Lesson', moved here so it is said once).
 */
function ContinueCard({ data }: { data: DashboardData }) {
  if (!data.hasAssessment) {
    return (
      <section className='card continue-card' aria-labelledby='continue-title' data-testid='continue'>
        <p className='eyebrow'>Your next step</p>
        <h2 id='continue-title'>Take the free assessment</h2>
        <p>12 questions, about 3 minutes. Your answers place you at the right level in each pillar.</p>
        <a className='btn btn-primary btn-lg' href='/assessment' data-testid='continue-button'>
          Start the assessment
        </a>
        {data.nextLesson && (
          <p className='small'>
            Or start with a lesson: <a href={`/lesson/${data.nextLesson.id}`}>{data.nextLesson.title}</a>
          </p>
        )}
      </section>
    );
  }
  const next = data.nextLesson;
  if (!next) {
    return (
      <section className='card continue-card' aria-labelledby='continue-title' data-testid='continue'>
        <p className='eyebrow'>Next lesson</p>
        <h2 id='continue-title'>You've completed every lesson you can open</h2>
        <p>Great work! Review what you missed, or retake the assessment to see where you stand now.</p>
      </section>
    );
  }
  return (
    <section className='card continue-card' aria-labelledby='continue-title' data-testid='continue'>
      <p className='eyebrow'>Next lesson</p>
      <h2 id='continue-title'>{next.title}</h2>
      <p className='continue-meta'>
        {PILLAR_LABELS[next.pillar]} · {LEVEL_LABELS[next.level]} · {next.duration} min
      </p>
      {data.coach.continueReason && (
        <p className='small next-reason' data-testid='next-reason'>
          Why this lesson: {data.coach.continueReason}.
        </p>
      )}
      <a className='btn btn-primary btn-lg' href={`/lesson/${next.id}`} data-testid='next-lesson'>
        Continue<span className='visually-hidden'>: {next.title}</span>
      </a>
    </section>
  );
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The daily streak and today's goal (lessons completed plus review sessions finished today). */
function StreakCard({ daily }: { daily: DailyStatus }) {
  const { streak, freezes, atRisk, today } = daily;
  const shown = Math.min(today.done, today.goal);
  return (
    <section className='card streak-card' aria-labelledby='streak-title' data-testid='streak-card'>
      <h2 id='streak-title'>Daily streak</h2>
      <p className='streak-value'>
        <FlameIcon /> <strong data-testid='streak-days'>{streak}</strong> {streak === 1 ? 'day' : 'days'}
        <span className='visually-hidden'>in a row</span>
      </p>
      <p className='small' data-testid='streak-freezes'>
        {plural(freezes, 'streak freeze', 'streak freezes')}{' '}
        in hand (one covers a missed day; you earn one every 7 days). Longest streak:{' '}
        {plural(daily.longest, 'day', 'days')}.
      </p>
      <h3 className='goal-title'>Today's goal</h3>
      <p className='goal-progress' data-testid='goal-progress'>
        {shown} of {today.goal}{' '}
        done{today.met ? (today.done > today.goal ? ` · goal met (${today.done} today)` : ' · goal met') : ''}
      </p>
      <div
        className='meter'
        role='progressbar'
        aria-label="Today's goal"
        aria-valuemin={0}
        aria-valuemax={today.goal}
        aria-valuenow={shown}
        aria-valuetext={`${shown} of ${today.goal} done`}
      >
        <span className={`meter-fill ${width((shown / today.goal) * 100)}`} />
      </div>
      {atRisk
        ? (
          <p className='streak-risk' data-testid='streak-at-risk'>
            Keep your streak: do one lesson or review today.
          </p>
        )
        : streak > 0 && today.done === 0 && freezes > 0
        ? (
          <p className='small' data-testid='streak-covered'>
            Nothing yet today. If you miss today, a streak freeze will cover it.
          </p>
        )
        : streak === 0 && today.done === 0
        ? <p className='small'>Complete a lesson or a review today to start a streak.</p>
        : null}
      <a className='small' href='/account#daily-goal'>
        Change your daily goal
      </a>
    </section>
  );
}
