import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import FlameIcon from '../ui/FlameIcon.tsx';
import { meterWidth } from '../ui/meter.ts';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The daily streak and today's goal (lessons completed plus review sessions finished today). */
export default function StreakCard({ daily }: { daily: DailyStatus }) {
  const { streak, freezes, today } = daily;
  const shown = Math.min(today.done, today.goal);
  return (
    <section className='card streak-card' aria-labelledby='streak-title' data-testid='streak-card'>
      <h2 id='streak-title'>Daily streak</h2>
      <p className='streak-value'>
        <FlameIcon /> <strong data-testid='streak-days'>{streak}</strong> {streak === 1 ? 'day' : 'days'}
        <span className='visually-hidden'>&#32;in a row</span>
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
        <span className={`meter-fill ${meterWidth((shown / today.goal) * 100)}`} />
      </div>
      <StreakNote daily={daily} />
      <a className='small' href='/account#daily-goal'>
        Change your daily goal
      </a>
    </section>
  );
}

/** What today means for the streak: at risk, covered by a freeze, or not started. */
function StreakNote({ daily: { streak, freezes, atRisk, today } }: { daily: DailyStatus }) {
  if (atRisk) {
    return (
      <p className='streak-risk' data-testid='streak-at-risk'>
        Keep your streak: do one lesson or review today.
      </p>
    );
  }
  if (streak > 0 && today.done === 0 && freezes > 0) {
    return (
      <p className='small' data-testid='streak-covered'>
        Nothing yet today. If you miss today, a streak freeze will cover it.
      </p>
    );
  }
  if (streak === 0 && today.done === 0) {
    return <p className='small'>Complete a lesson or a review today to start a streak.</p>;
  }
  return null;
}
