import { PILLAR_LABELS } from '../../lib/domain.ts';
import type { PillarMastery } from '../../lib/mastery.ts';

/**
 * Mastery per pillar (issue 40): the share of the questions met that were right at the latest try,
 * how many of the pillar's questions that is, and what would raise it. On /progress (the dashboard's is MasteryList.astro).
 */
export default function MasteryCard({ mastery }: { mastery: PillarMastery[] }) {
  return (
    <section className='card mastery-card' aria-labelledby='mastery-title' data-testid='mastery'>
      <h2 id='mastery-title'>Mastery</h2>
      <p className='small'>
        Of the questions you have met in quizzes and review, the share you got right at your latest try.
      </p>
      <ul className='mastery-list'>
        {mastery.map((m) => (
          <li key={m.pillar} className='mastery-item' data-mastery={m.pillar}>
            <h3>{PILLAR_LABELS[m.pillar]}</h3>
            <p>
              <strong className='mastery-percent' data-testid='mastery-percent'>
                {m.percent === null ? '—' : `${m.percent}%`}
              </strong>{' '}
              <span data-testid='mastery-met'>
                {m.met === 0
                  ? `No questions met yet, of ${m.total}`
                  : `${m.right} of the ${m.met} questions you have met (${m.total} in all)`}
              </span>
            </p>
            <p className='small' data-testid='mastery-advice'>
              {m.advice}.
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
