import type { Celebration } from '../../lib/celebration.ts';
import FlameIcon from '../ui/FlameIcon.tsx';
import './celebrations.css';

/** The moments a pass marks, each in a plain sentence, with a short burst (none under reduced motion). */
export default function Celebrations({ items }: { items: Celebration[] }) {
  if (items.length === 0) return null;
  return (
    <ul className='celebrations' data-testid='celebrations'>
      {items.map((c) => (
        <li key={c.kind} className={`celebration celebration-${c.kind}`}>
          <span className='celebration-mark' aria-hidden='true'>
            {c.kind === 'streak-day' ? <FlameIcon size={22} /> : c.kind === 'goal-met' ? '\u2713' : '\u2605'}
          </span>
          <span className='celebration-text'>{c.sentence}</span>
        </li>
      ))}
    </ul>
  );
}
