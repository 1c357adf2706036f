import { LEVEL_LABELS, PILLAR_LABELS } from '../../lib/domain.ts';
import { isPriority } from '../../lib/progress.ts';
import type { DashboardPillar } from '../../lib/server/learning/progress.ts';
import { meterWidth } from '../ui/meter.ts';

/** The pillar to study first, with its figures. */
export function PriorityCard({ priority }: { priority: DashboardPillar }) {
  return (
    <section className='card priority' aria-labelledby='priority-title' data-testid='priority'>
      <p className='eyebrow'>Priority focus</p>
      <h2 id='priority-title'>{PILLAR_LABELS[priority.pillar]}</h2>
      <p>
        {isPriority(priority.weightedProgress) ? 'This pillar needs your attention: ' : 'Your lowest pillar so far: '}
        {Math.round(priority.weightedProgress)}% of its lessons done
        {priority.assessment ? `, and ${priority.assessment.score} of 100 in our assessment.` : '.'}
      </p>
      <a className='btn btn-outline' href={`/lessons?pillar=${priority.pillar}`}>
        Study {PILLAR_LABELS[priority.pillar]}
      </a>
    </section>
  );
}

/** One card per pillar: the assessment's score and level (or an invitation to take it) and the lessons done. */
export default function PillarCards({ pillars }: { pillars: DashboardPillar[] }) {
  return (
    <section aria-labelledby='pillars-title'>
      <h2 id='pillars-title' className='section-title'>
        Your pillars
      </h2>
      <ul className='pillar-cards'>
        {pillars.map((p) => <PillarCard key={p.pillar} pillar={p} />)}
      </ul>
    </section>
  );
}

function PillarCard({ pillar: p }: { pillar: DashboardPillar }) {
  const label = PILLAR_LABELS[p.pillar];
  return (
    <li className={`card pillar-card${p.assessment ? ` score-${p.assessment.colour}` : ''}`} data-pillar={p.pillar}>
      <div className='pillar-head'>
        <h3>{label}</h3>
        {p.assessment && (
          <p className='pillar-score'>
            <span className={`badge badge-${p.assessment.colour}`}>
              {p.assessment.score}
              <span className='visually-hidden'>&#32;out of 100</span>
            </span>
          </p>
        )}
      </div>
      {p.assessment
        ? (
          <>
            <p className='pillar-message'>{p.assessment.message}</p>
            <p className='pillar-level'>
              Level: <strong>{LEVEL_LABELS[p.assessment.level]}</strong>
            </p>
          </>
        )
        : (
          <p className='pillar-invite' data-testid='pillar-invite'>
            No score yet: the free assessment shows where you stand in {label.toLowerCase()}.
          </p>
        )}
      <p>
        Lessons: <strong data-testid='lessons-done'>{p.lessonsCompleted}</strong> / {p.lessonsTotal}
      </p>
      <div
        className='meter'
        role='progressbar'
        aria-label={`${label} weighted progress`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(p.weightedProgress)}
      >
        <span className={`meter-fill ${meterWidth(p.weightedProgress)}`} />
      </div>
      <p className='small'>
        Weighted progress: <strong data-testid='weighted'>{Math.round(p.weightedProgress)}%</strong>
        <span className='weighted-note'>&#32;(longer lessons count for more)</span>
      </p>
      <a className='btn btn-outline btn-block' href={`/lessons?pillar=${p.pillar}`}>
        {label} lessons
      </a>
    </li>
  );
}
