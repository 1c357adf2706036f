import { PILLAR_LABELS } from '../../lib/domain.ts';
import type { Coach } from '../../lib/server/coach.ts';


/** The money coach: tips tied to the learner's own evidence, and why each pillar is where it is. */
export default function CoachCard({ coach }: { coach: Coach }) {
  return (
    <section className="card coach-card" aria-labelledby="coach-title" data-testid="coach">
      <h2 id="coach-title">Your money coach</h2>
      {coach.tips.length === 0 ? (
        <p>You've completed every lesson open to you. Retake the assessment to see where you stand now.</p>
      ) : (
        <ol className="tips">
          {coach.tips.map((tip) => (
            <li key={tip.id} className="tip" data-tip={tip.id}>
              <p>{tip.text}</p>
              {tip.opensAfter ? (
                <>
                  <p className="tip-path" data-testid="opens-after">
                    “{tip.lesson.title}” opens after “{tip.opensAfter.title}”.
                  </p>
                  <a className="btn btn-outline" href={`/lesson/${tip.opensAfter.id}`}>
                    Start with “{tip.opensAfter.title}”
                  </a>
                </>
              ) : (
                <a className="btn btn-outline" href={`/lesson/${tip.lesson.id}`}>
                  Open “{tip.lesson.title}”
                </a>
              )}
            </li>
          ))}
        </ol>
      )}
      <details className="why" data-testid="why">
        <summary>Why this?</summary>
        {coach.focusReason && <p className="focus-reason">{coach.focusReason}</p>}
        {!coach.answersKnown && <p>Take the assessment and your answers will show here.</p>}
        {coach.why.map((p) => (
          <div key={p.pillar} className="why-pillar" data-why={p.pillar}>
            <h3>
              {PILLAR_LABELS[p.pillar]}
              {p.score !== null && (
                <span className="why-score">
                  : {p.score}/100, which places you at {p.level}
                </span>
              )}
            </h3>
            {coach.answersKnown && (
              <table className="why-table">
                <thead>
                  <tr>
                    <th scope="col">Question</th>
                    <th scope="col">Your answer</th>
                    <th scope="col">Points (of 4)</th>
                  </tr>
                </thead>
                <tbody>
                  {p.answers.map((a) => (
                    <tr key={a.questionId}>
                      <td>
                        {a.questionId}. {a.question}
                      </td>
                      <td>{a.answer ?? 'Not answered'}</td>
                      <td>{a.points ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </div>
        ))}
        <p className="hint">A pillar's score is the points of its answered questions out of 4 each. 75 or more places you at Advanced, 50 to 74 at Intermediate, below 50 at Beginner.</p>
      </details>
    </section>
  );
}
