import type { Ref } from 'react';
import type { QuizCompletion } from '../../lib/server/learning/complete-quiz.ts';
import Explanations from './Explanations.tsx';
import ComesBack from './ComesBack.tsx';
import type { QuizQuestion } from './quiz-state.ts';

interface Props {
  result: QuizCompletion;
  questions: QuizQuestion[];
  headingRef: Ref<HTMLHeadingElement>;
  onReview: () => void;
  onRetry: () => void;
}

/** After a fail: each pick with the correct answer, then read the lesson again or try again. */
export default function FailedScreen({ result, questions, headingRef, onReview, onRetry }: Props) {
  return (
    <section className='card quiz-result failed' aria-labelledby='result-title'>
      <h2 id='result-title' tabIndex={-1} ref={headingRef}>
        Not passed this time
      </h2>
      <p className='result-score' role='status'>
        You got <strong>{result.score}</strong> of <strong>{result.totalQuestions}</strong> right. You need{' '}
        {result.passMark} to pass.
      </p>
      <ComesBack result={result} />
      <Explanations questions={questions} results={result.results} />
      <div className='quiz-actions'>
        <button type='button' className='btn btn-outline' onClick={onReview}>
          Review the lesson
        </button>
        <button type='button' className='btn btn-primary' onClick={onRetry}>
          Try again
        </button>
      </div>
    </section>
  );
}
