import { LEVEL_LABELS, PILLAR_LABELS } from '../../lib/domain.ts';
import type { Dashboard } from '../../lib/server/learning/progress.ts';

/**
 * The one next step, with the dashboard's only primary button: the assessment before it is taken,
 * then the next lesson (spec: Quick Actions' 'Next Lesson', moved here so it is said once).
 */
export default function ContinueCard({ data }: { data: Dashboard }) {
  if (!data.hasAssessment) {
    return (
      <section className='card continue-card' aria-labelledby='continue-title' data-testid='continue'>
        <p className='eyebrow'>Your next step</p>
        <h2 id='continue-title'>Take the free assessment</h2>
        <p>12 questions, about 3 minutes. Your answers place you at the right level in each pillar.</p>
        <a className='btn btn-primary btn-lg' href='/assessment' data-testid='continue-button'>
          Start the assessment
        </a>
        {data.nextLesson && (
          <p className='small'>
            Or start with a lesson: <a href={`/lesson/${data.nextLesson.id}`}>{data.nextLesson.title}</a>
          </p>
        )}
      </section>
    );
  }
  const next = data.nextLesson;
  if (!next) {
    return (
      <section className='card continue-card' aria-labelledby='continue-title' data-testid='continue'>
        <p className='eyebrow'>Next lesson</p>
        <h2 id='continue-title'>You've completed every lesson you can open</h2>
        <p>Great work! Review what you missed, or retake the assessment to see where you stand now.</p>
      </section>
    );
  }
  return (
    <section className='card continue-card' aria-labelledby='continue-title' data-testid='continue'>
      <p className='eyebrow'>Next lesson</p>
      <h2 id='continue-title'>{next.title}</h2>
      <p className='continue-meta'>
        {PILLAR_LABELS[next.pillar]} · {LEVEL_LABELS[next.level]} · {next.duration} min
      </p>
      <p className='small next-reason' data-testid='next-reason'>
        Why this lesson: {next.reason}.{data.coach.continueReason && ` ${data.coach.continueReason}.`}
      </p>
      <a className='btn btn-primary btn-lg' href={`/lesson/${next.id}`} data-testid='next-lesson'>
        Continue<span className='visually-hidden'>: {next.title}</span>
      </a>
    </section>
  );
}
