import type { Ref } from 'react';
import type { Checked, QuizQuestion } from './quiz-state.ts';

/** Above the lesson's text after a failed attempt: the questions missed, each with why. */
export default function MissedReview(
  { missed, questions, headingRef }: {
    missed: Checked[];
    questions: QuizQuestion[];
    headingRef: Ref<HTMLHeadingElement>;
  },
) {
  return (
    <section className='card missed' aria-labelledby='missed-title'>
      <h2 id='missed-title' tabIndex={-1} ref={headingRef}>
        Review what you missed
      </h2>
      <ul>
        {missed.map((m) => (
          <li key={m.questionId}>
            <p className='q'>{questions.find((q) => q.id === m.questionId)?.question}</p>
            <p className='why'>{m.explanation}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
