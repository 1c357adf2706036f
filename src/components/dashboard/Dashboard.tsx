import { useEffect, useState } from 'react';
import { api } from '../api.ts';
import { greetingFor } from '../../lib/progress.ts';
import type { Dashboard as DashboardData } from '../../lib/server/learning/progress.ts';
import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import { useRefreshOnVisible } from '../ui/useRefreshOnVisible.ts';
import ReminderOffer from '../ui/ReminderOffer.tsx';
import BadgeList from './BadgeList.tsx';
import CoachCard from './CoachCard.tsx';
import ContinueCard from './ContinueCard.tsx';
import MasteryCard from './MasteryCard.tsx';
import OverallCard from './OverallCard.tsx';
import PillarCards, { PriorityCard } from './PillarCards.tsx';
import RepliesCard from './RepliesCard.tsx';
import StreakCard from './StreakCard.tsx';

/** `initial.firstVisit`: the learner's first dashboard visit, recorded on the server. */
export default function Dashboard({ initial }: { initial: DashboardData }) {
  const data = useDashboardData(initial);
  const greeting = useGreeting(initial.firstName, initial.firstVisit);
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

      <ReminderOffer />

      <RepliesCard replies={data.replies} />

      <div className='dash-middle'>
        <CoachCard coach={data.coach} continueLessonId={data.nextLesson?.id ?? null} />
        <div className='dash-side'>
          <ReviewCard due={data.reviewDue} />
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
        <OverallCard overall={data.overall} hasAssessment={data.hasAssessment} />
        {priority && <PriorityCard priority={priority} />}
      </div>

      <PillarCards pillars={data.pillars} />

      <MasteryCard mastery={data.mastery} />

      <section className='card' aria-labelledby='badges-title'>
        <h2 id='badges-title'>Badges</h2>
        <BadgeList badges={data.badges} />
      </section>
    </div>
  );
}

function ReviewCard({ due }: { due: number }) {
  return (
    <section className='card review-card' aria-labelledby='review-title' data-testid='review-card'>
      <h2 id='review-title'>Review</h2>
      <p>
        {due > 0
          ? `${due} ${due === 1 ? 'question is' : 'questions are'} due for review.`
          : 'No questions are due. Missed quiz questions come back here on a schedule.'}
      </p>
      <a className='btn btn-outline' href='/review'>
        {due > 0 ? 'Start review' : 'Open review'}
      </a>
    </section>
  );
}

/** The first visit says 'Welcome, {firstName}!'; later ones greet by the learner's local time, which only the browser knows. */
function useGreeting(firstName: string, firstVisit: boolean): string {
  const [greeting, setGreeting] = useState(`${firstVisit ? 'Welcome' : 'Hello'}, ${firstName}!`);
  useEffect(() => {
    if (!firstVisit) setGreeting(`${greetingFor(new Date().getHours())}, ${firstName}!`);
  }, [firstVisit, firstName]);
  return greeting;
}

/** The dashboard's figures: refreshed when the page is shown again, and the days follow this browser's time zone. */
function useDashboardData(initial: DashboardData): DashboardData {
  const [data, setData] = useState(initial);

  useRefreshOnVisible(() => {
    api<DashboardData>('/api/user/dashboard')
      .then((r) => {
        if (r.ok && r.data) setData(r.data);
      })
      .catch((error) => console.warn('Dashboard refresh failed', error));
  });

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

  return data;
}
