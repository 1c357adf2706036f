import type { Dashboard } from '../../lib/server/learning/progress.ts';
import { meterWidth } from '../ui/meter.ts';

const PARTS = [
  ['assessment', 'Assessment'],
  ['saving', 'Saving lessons'],
  ['credit', 'Credit lessons'],
  ['investing', 'Investing lessons'],
] as const;

/** Overall progress: four equal parts of up to 25 points (the assessment and each pillar's lessons). */
export default function OverallCard({ overall, hasAssessment }: Pick<Dashboard, 'overall' | 'hasAssessment'>) {
  return (
    <section className='card overall' aria-labelledby='overall-title' data-testid='overall'>
      <h2 id='overall-title'>Overall progress</h2>
      <p className='overall-value'>
        <span data-testid='overall-value'>{overall.total}</span>%
      </p>
      <div className='meter' aria-hidden='true'>
        <span className={`meter-fill ${meterWidth(overall.total)}`} />
      </div>
      <p className='small'>
        Four equal parts of up to 25 points each: your assessment result and your lessons in each pillar.
      </p>
      <ul className='parts' aria-label='How overall progress is made'>
        {PARTS.map(([key, label]) => (
          <li key={key} data-part={key}>
            <span>{label}</span>{' '}
            <span>
              <strong>{overall.parts[key]}</strong> of 25 points
            </span>
          </li>
        ))}
      </ul>
      {!hasAssessment && (
        <p className='small' data-testid='overall-hint'>
          The assessment part counts as 0 until you <a href='/assessment'>take the free assessment</a>.
        </p>
      )}
    </section>
  );
}
