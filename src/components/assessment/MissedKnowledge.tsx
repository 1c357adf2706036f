import { type Answers, type AssessmentQuestion, isRight, NOT_SURE } from '../../lib/assessment.ts';
import type { Pillar } from '../../lib/domain.ts';

/** Lesson slug to title, for the lessons the knowledge questions name. */
export type LessonTitles = Record<string, string>;

/**
 * Issue 56: the knowledge questions of a pillar the learner did not answer right, each with the
 * lesson that teaches it, and never the right answer (a retake must still measure something).
 */
export default function MissedKnowledge(
  { questions, answers, pillar, lessons }: {
    questions: AssessmentQuestion[];
    answers: Answers;
    pillar: Pillar;
    lessons: LessonTitles;
  },
) {
  const missed = questions.filter((q) => q.category === pillar && q.kind === 'knowledge' && !isRight(q, answers));
  if (missed.length === 0) return null;
  return (
    <div className='missed-knowledge' data-testid={`missed-${pillar}`}>
      <h3>{missed.length === 1 ? 'A question to learn from' : 'Questions to learn from'}</h3>
      <ul>
        {missed.map((q) => {
          const picked = q.options.find((o) => o.value === answers[String(q.id)]);
          return (
            <li key={q.id} data-question={q.id}>
              <p>{q.text}</p>
              <p className='small'>
                {picked?.label === NOT_SURE
                  ? 'You were not sure. '
                  : picked
                  ? 'Your answer was not the best one. '
                  : 'You did not answer it. '}
                {q.lesson && (
                  <>
                    The lesson that teaches it:{' '}
                    <a href={`/learn/${q.lesson}`}>{lessons[q.lesson] ?? 'read the lesson'}</a>
                  </>
                )}
              </p>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
