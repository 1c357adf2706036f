import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import FlameIcon from './FlameIcon.tsx';
import './daily-credit.css';

/** What a finished quiz or review round did for the day: the streak and the daily goal. */
export default function DailyCredit({ daily }: { daily: Pick<DailyStatus, 'streak' | 'today'> }) {
  return (
    <p className='finish-streak' data-testid='finish-streak'>
      <FlameIcon size={20} /> {daily.streak === 1 ? '1-day streak' : `${daily.streak}-day streak`}. {daily.today.met
        ? `Today's goal of ${daily.today.goal} met (${daily.today.done} done today).`
        : `Today's goal: ${daily.today.done} of ${daily.today.goal} done.`}
    </p>
  );
}
