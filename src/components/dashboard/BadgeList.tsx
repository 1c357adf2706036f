import type { Badge } from '../../lib/badges.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { localDate, utcDate } from './badge-dates.ts';

export default function BadgeList({ badges }: { badges: Badge[] }) {
  // The date earned in the learner's own time zone, which only the browser knows; the server's
  // HTML (and the first render, so hydration matches it) gives the UTC date.
  const hydrated = useHydrated();
  const dateOf = hydrated ? localDate : utcDate;
  if (badges.length === 0) {
    return (
      <p className='empty-note'>No badges yet. Take the assessment and pass your first quiz to earn your first ones.</p>
    );
  }
  return (
    <ul className='badge-list'>
      {badges.map((b) => (
        <li key={b.key} className='badge-item' data-badge={b.key}>
          <span className='badge-icon' aria-hidden='true'>
            ★
          </span>
          <span>
            <strong>{b.title}</strong>
            <span className='badge-desc'>{b.description}</span>
            <span className='badge-date'>
              Earned <time dateTime={b.earnedAt}>{dateOf(b.earnedAt)}</time>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
