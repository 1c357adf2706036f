import './badges.css';
import type { Badge } from '../../lib/badges.ts';

export default function BadgeList({ badges }: { badges: Badge[] }) {
  if (badges.length === 0) {
    return <p className="empty-note">No badges yet. Take the assessment and pass your first quiz to earn your first ones.</p>;
  }
  return (
    <ul className="badge-list">
      {badges.map((b) => (
        <li key={b.key} className="badge-item" data-badge={b.key}>
          <span className="badge-icon" aria-hidden="true">
            ★
          </span>
          <span>
            <strong>{b.title}</strong>
            <span className="badge-desc">{b.description}</span>
            <span className="badge-date">
              Earned <time dateTime={b.earnedAt}>{new Date(b.earnedAt).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' })}</time>
            </span>
          </span>
        </li>
      ))}
    </ul>
  );
}
