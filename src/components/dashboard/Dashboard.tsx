import { useEffect, useState } from 'react';
import { api } from '../../lib/api.ts';
import { LEVEL_LABELS, PILLAR_LABELS } from '../../lib/domain.ts';
import { greetingFor, isPriority } from '../../lib/progress.ts';
import type { Dashboard as DashboardData } from '../../lib/server/progress.ts';
import BadgeList from './BadgeList.tsx';
import CoachCard from './CoachCard.tsx';
import './dashboard.css';

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

  const priority = data.priority ? data.pillars.find((p) => p.pillar === data.priority) : undefined;

  return (
    <div className="dashboard">
      <header className="dash-header">
        <h1 data-testid="greeting">{greeting}</h1>
        <p>Here is your Wealth Snapshot and what to learn next.</p>
      </header>

      {!data.hasAssessment && (
        <section className="card dash-cta">
          <h2>Start with your free assessment</h2>
          <p>12 questions, about 3 minutes. Your answers place you at the right level in each pillar.</p>
          <a className="btn btn-primary" href="/assessment">
            Take the assessment
          </a>
        </section>
      )}

      <div className="dash-top">
        <section className="card overall" aria-labelledby="overall-title" data-testid="overall">
          <h2 id="overall-title">Overall progress</h2>
          <p className="overall-value">
            <span data-testid="overall-value">{data.overall.total}</span>%
          </p>
          <div className="meter" aria-hidden="true">
            <span className={`meter-fill ${width(data.overall.total)}`} />
          </div>
          <ul className="parts" aria-label="How overall progress is made">
            <li data-part="assessment">
              <span>Assessment 25%</span> <strong>{data.overall.parts.assessment}</strong>
            </li>
            <li data-part="saving">
              <span>Saving 25%</span> <strong>{data.overall.parts.saving}</strong>
            </li>
            <li data-part="credit">
              <span>Credit 25%</span> <strong>{data.overall.parts.credit}</strong>
            </li>
            <li data-part="investing">
              <span>Investing 25%</span> <strong>{data.overall.parts.investing}</strong>
            </li>
          </ul>
          {!data.hasAssessment && (
            <p className="small" data-testid="overall-hint">
              The assessment part counts as 0 until you <a href="/assessment">take the free assessment</a>.
            </p>
          )}
        </section>

        {priority && (
          <section className="card priority" aria-labelledby="priority-title" data-testid="priority">
            <p className="eyebrow">Priority focus</p>
            <h2 id="priority-title">{PILLAR_LABELS[priority.pillar]}</h2>
            <p>
              {isPriority(priority.weightedProgress) ? 'This pillar needs your attention: ' : 'Your lowest pillar so far: '}
              {Math.round(priority.weightedProgress)}% of its lessons done
              {priority.assessment ? `, and ${priority.assessment.score} of 100 in our assessment.` : '.'}
            </p>
            <a className="btn btn-primary" href={`/lessons?pillar=${priority.pillar}`}>
              Study {PILLAR_LABELS[priority.pillar]}
            </a>
          </section>
        )}

        <section className="card quick" aria-labelledby="quick-title">
          <h2 id="quick-title">Quick Actions</h2>
          {data.nextLesson ? (
            <>
              <a className="btn btn-primary btn-block" href={`/lesson/${data.nextLesson.id}`} data-testid="next-lesson">
                Next Lesson: {data.nextLesson.title}
              </a>
              {data.coach.continueReason && (
                <p className="small next-reason" data-testid="next-reason">
                  Why this lesson: {data.coach.continueReason}.
                </p>
              )}
            </>
          ) : (
            <p>You've completed every lesson you can open. Great work!</p>
          )}
          <a className="btn btn-outline btn-block" href="/progress">
            View Progress
          </a>
          <a className="btn btn-ghost btn-block" href="/assessment">
            {data.hasAssessment ? 'Retake Assessment' : 'Take Assessment'}
          </a>
        </section>
      </div>

      <div className="dash-middle">
        <CoachCard coach={data.coach} />
        <section className="card review-card" aria-labelledby="review-title" data-testid="review-card">
          <h2 id="review-title">Review</h2>
          <p>
            {data.reviewDue > 0
              ? `${data.reviewDue} ${data.reviewDue === 1 ? 'question is' : 'questions are'} due for review.`
              : 'No questions are due. Missed quiz questions come back here on a schedule.'}
          </p>
          <a className={`btn ${data.reviewDue > 0 ? 'btn-primary' : 'btn-outline'}`} href="/review">
            {data.reviewDue > 0 ? 'Start review' : 'Open review'}
          </a>
        </section>
      </div>

      <section aria-labelledby="pillars-title">
        <h2 id="pillars-title" className="section-title">
          Your pillars
        </h2>
        <ul className="pillar-cards">
          {data.pillars.map((p) => (
            <li key={p.pillar} className={`card pillar-card${p.assessment ? ` score-${p.assessment.colour}` : ''}`} data-pillar={p.pillar}>
              <div className="pillar-head">
                <h3>{PILLAR_LABELS[p.pillar]}</h3>
                {p.assessment && (
                  <p className="pillar-score">
                    <span className={`badge badge-${p.assessment.colour}`}>
                      {p.assessment.score}
                      <span className="visually-hidden"> out of 100</span>
                    </span>
                  </p>
                )}
              </div>
              {p.assessment ? (
                <>
                  <p className="pillar-message">{p.assessment.message}</p>
                  <p className="pillar-level">
                    Level: <strong>{LEVEL_LABELS[p.assessment.level]}</strong>
                  </p>
                </>
              ) : (
                <p className="pillar-invite" data-testid="pillar-invite">
                  No score yet. <a href="/assessment">Take the free assessment</a> to see where you stand in {PILLAR_LABELS[p.pillar].toLowerCase()}.
                </p>
              )}
              <p>
                Lessons: <strong data-testid="lessons-done">{p.lessonsCompleted}</strong> / {p.lessonsTotal}
              </p>
              <div className="meter" role="progressbar" aria-label={`${PILLAR_LABELS[p.pillar]} weighted progress`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(p.weightedProgress)}>
                <span className={`meter-fill ${width(p.weightedProgress)}`} />
              </div>
              <p className="small">
                Weighted progress: <strong data-testid="weighted">{Math.round(p.weightedProgress)}%</strong>
              </p>
              <a className="btn btn-outline btn-block" href={`/lessons?pillar=${p.pillar}`}>
                {PILLAR_LABELS[p.pillar]} lessons
              </a>
            </li>
          ))}
        </ul>
      </section>

      <section className="card" aria-labelledby="badges-title">
        <h2 id="badges-title">Badges</h2>
        <BadgeList badges={data.badges} />
      </section>
    </div>
  );
}
