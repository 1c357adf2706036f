import type { Ref } from 'react';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import type { Checked, QuizQuestion } from './quiz-state.ts';
import { ReportButton, type ReportSubject } from '../ui/ReportProblem.tsx';

interface Props {
  question: QuizQuestion;
  index: number;
  total: number;
  chosen: number | undefined;
  /** The options' order this attempt shows (spec indices). */
  order?: readonly number[];
  /** The checked answer, once the learner has checked it. */
  feedback: Checked | undefined;
  busy: boolean;
  error: string | null;
  headingRef: Ref<HTMLHeadingElement>;
  feedbackRef: Ref<HTMLHeadingElement>;
  /** What "Report a problem" after the feedback names: this question of this lesson version (none for a visitor). */
  report?: ReportSubject;
  onChoose: (answer: number) => void;
  onCheck: () => void;
  onNext: () => void;
  onComplete: () => void;
}

/** One question of the quiz, then the feedback on the learner's answer (focus moves to it). */
export default function QuestionScreen(props: Props) {
  const { question, index, total, chosen, feedback, busy, error } = props;
  return (
    <section className='card quiz' aria-labelledby='quiz-question'>
      <div className='quiz-top'>
        <p className='quiz-progress'>
          Question {index + 1} of {total}
        </p>
        <div className='meter' aria-hidden='true'>
          <span className={`meter-fill w-${Math.round(((index + (feedback ? 1 : 0)) / total) * 20) * 5}`} />
        </div>
      </div>
      <ChoiceQuestion
        headingId='quiz-question'
        headingRef={props.headingRef}
        question={question.question}
        name={`quiz-${question.id}`}
        options={question.options}
        order={props.order}
        chosen={chosen}
        disabled={busy}
        marks={feedback ? { correct: feedback.correctAnswer, chosen: feedback.userAnswer } : undefined}
        onChoose={props.onChoose}
      />
      {feedback && (
        <div className={`feedback ${feedback.isCorrect ? 'right' : 'wrong'}`} data-testid='quiz-feedback'>
          <h3 tabIndex={-1} ref={props.feedbackRef}>
            {feedback.isCorrect ? '✓ Correct!' : '✗ Not quite.'}
          </h3>
          {!feedback.isCorrect && (
            <p>
              The correct answer is <strong>{question.options[feedback.correctAnswer]}</strong>.
            </p>
          )}
          <p className='why'>{feedback.explanation}</p>
          {props.report && <ReportButton subject={props.report} />}
        </div>
      )}
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <div className='quiz-actions'>
        {!feedback
          ? (
            <button
              type='button'
              className='btn btn-primary'
              disabled={chosen === undefined || busy}
              onClick={props.onCheck}
            >
              {busy ? 'Checking...' : 'Check answer'}
            </button>
          )
          : index === total - 1
          ? (
            <button type='button' className='btn btn-primary' disabled={busy} onClick={props.onComplete}>
              {busy ? 'Saving...' : error ? 'Try Submitting Again' : 'See your result'}
            </button>
          )
          : (
            <button type='button' className='btn btn-primary' onClick={props.onNext}>
              Next
            </button>
          )}
      </div>
      {chosen === undefined && <p className='hint'>Choose an answer, then check it.</p>}
    </section>
  );
}
