import type { Celebration } from '../../lib/celebration.ts';
import './celebrations.css';

/** The moments a pass marks, each in a plain sentence, with a short burst (none under reduced motion). */
export default function Celebrations({ items }: { items: Celebration[] }) {
  if (items.length === 0) return null;
  return (
    <ul className='celebrations' data-testid='celebrations'>
      {items.map((c) => (
        <li key={c.kind} className={`celebration celebration-${c.kind}`}>
          <span className='celebration-mark' aria-hidden='true'>
            {c.kind === 'level-finished' ? '🏆' : c.kind === 'goal-met' ? '🎯' : '🔥'}
          </span>
          <span className='celebration-text'>{c.sentence}</span>
        </li>
      ))}
    </ul>
  );
}
