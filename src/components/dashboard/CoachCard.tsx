import { PILLAR_LABELS } from '../../lib/domain.ts';
import { ADVICE_DISCLAIMER } from '../../lib/disclaimer.ts';
import type { Coach } from '../../lib/server/learning/coach.ts';

/** The money coach: tips tied to the learner's own evidence, and why each pillar is where it is. */
export default function CoachCard(
  { coach, continueLessonId = null }: { coach: Coach; continueLessonId?: number | null },
) {
  // Deduplicated: one button per lesson. Tips that lead to the same first lesson (often one that
  // opens several others) share the first tip's button, and the Continue lesson has its own.
  const offered = new Set<number>(continueLessonId === null ? [] : [continueLessonId]);
  const targets = coach.tips.map((tip) => {
    const target = tip.opensAfter ?? tip.lesson;
    const repeat = offered.has(target.id);
    offered.add(target.id);
    return { target, repeat };
  });
  return (
    <section className='card coach-card' aria-labelledby='coach-title' data-testid='coach'>
      <h2 id='coach-title'>Your money coach</h2>
      {coach.tips.length === 0
        ? <p>You've completed every lesson open to you. Retake the assessment to see where you stand now.</p>
        : (
          <ol className='tips'>
            {coach.tips.map((tip, i) => {
              const { target, repeat } = targets[i];
              const isContinue = target.id === continueLessonId;
              return (
                <li key={tip.id} className='tip' data-tip={tip.id}>
                  <p>{tip.text}</p>
                  {tip.opensAfter && (
                    <p className='tip-path' data-testid='opens-after'>
                      “{tip.lesson.title}” opens after “{tip.opensAfter.title}”.
                    </p>
                  )}
                  {repeat
                    ? (
                      <p className='tip-same' data-testid='tip-same'>
                        {isContinue
                          ? `Start with “${target.title}”: it is your next lesson, above.`
                          : `Start with “${target.title}”, as in the tip above.`}
                      </p>
                    )
                    : (
                      <a className='btn btn-outline' href={`/lesson/${target.id}`}>
                        {tip.opensAfter ? `Start with “${target.title}”` : `Open “${target.title}”`}
                      </a>
                    )}
                </li>
              );
            })}
          </ol>
        )}
      <details className='why' data-testid='why'>
        <summary>Why this level?</summary>
        {coach.focusReason && <p className='focus-reason'>{coach.focusReason}</p>}
        {coach.assessmentVersion === null && <p>Take the assessment and your answers will show here.</p>}
        {coach.earlierVersion && (
          <p className='alert alert-info' data-testid='earlier-version'>
            Your result came from an earlier version of the assessment (version{' '}
            {coach.assessmentVersion}), so the tips read your results and quizzes, not your answers. Retake it to see
            what you know and what you do, question by question.
          </p>
        )}
        {coach.why.map((p) => (
          <div key={p.pillar} className='why-pillar' data-why={p.pillar}>
            <h3>
              {PILLAR_LABELS[p.pillar]}
              {p.score !== null && (
                <span className='why-score'>
                  : {p.score} of 100 in our assessment,{' '}
                  {p.placedOnKnowledge ? 'and what you know places you at' : 'which places you at'} {p.level}
                </span>
              )}
            </h3>
            {p.halves && (
              <p className='why-halves'>
                What you know:{' '}
                {p.halves.knowledge === null ? 'not counted' : `${p.halves.knowledge} of 100`}. What you do:{' '}
                {p.halves.habits === null ? 'not counted' : `${p.halves.habits} of 100`}.
              </p>
            )}
            {coach.assessmentVersion !== null && (
              <table className='why-table'>
                <thead>
                  <tr>
                    <th scope='col'>Question</th>
                    <th scope='col'>Your answer</th>
                    <th scope='col'>Points (of 4)</th>
                  </tr>
                </thead>
                <tbody>
                  {p.answers.map((a) => (
                    <tr key={a.questionId}>
                      <td>
                        {a.questionId}. {a.question}
                        {a.kind && (
                          <span className='why-kind'>
                            &#32;({a.kind === 'knowledge' ? 'what you know' : 'what you do'})
                          </span>
                        )}
                      </td>
                      <td>{a.answer ?? 'Not answered'}</td>
                      <td>{a.answer !== null && !a.counted ? 'Not counted (does not apply)' : (a.points ?? '—')}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
        <p className='hint'>
          A pillar's result is the points of its counted answers out of 4 each (an answer that does not apply to you is
          not counted). Your level comes from what you know: both of a pillar's knowledge questions right places you at
          Advanced, one at Intermediate, none at Beginner; your habits shape the tips above. (A result from an earlier
          version, or sent as scores only, places by the result: 75 or more at Advanced, 50 to 74 at Intermediate, below
          50 at Beginner.) It is our own measure, not a credit score.
        </p>
      </details>
      <p className='disclaimer'>{ADVICE_DISCLAIMER}</p>
    </section>
  );
}
