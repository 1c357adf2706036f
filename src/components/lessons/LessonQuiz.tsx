import { useEffect, useReducer, useRef, useState } from 'react';
import { initialQuizState, type QuizQuestion, quizReducer } from './quiz-state.ts';
import { checkAnswer, completeQuiz, type QuizContext, takePendingQuiz } from './quiz-requests.ts';
import {
  QUIZ_READY_EVENT,
  QUIZ_VIEW_EVENT,
  REPORT_STEP_EVENT,
  REREAD_EVENT,
  START_QUIZ_EVENT,
} from './lesson-events.ts';
import QuestionScreen from './QuestionScreen.tsx';
import { shuffledOrders } from '../../lib/shuffle.ts';
import FinishScreen from './FinishScreen.tsx';
import FailedScreen from './FailedScreen.tsx';
import { showVerdict } from '../ui/show-verdict.ts';
import MissedReview from './MissedReview.tsx';
import SignInDialog from './SignInDialog.tsx';
import ReportDialog from '../ui/ReportProblem.tsx';

export interface LessonQuizProps {
  lessonId: number;
  /** The lesson version the page shows (a report names it). */
  lessonVersion: number;
  userId: string;
  pillar: string;
  level: string;
  questions: QuizQuestion[];
  /**
   * Where answers are checked and the quiz completed (default `/api/lesson/{lessonId}`). The studio's
   * draft preview passes its draft's endpoints, which record nothing; a preview has no reports.
   */
  apiBase?: string;
}

/**
 * The lesson's quiz, an island of LessonArticle.astro: each answer is checked on its own (right or
 * wrong, the correct option and the explanation), then a finish screen after a pass or the
 * learner's picks and the correct answers after a fail, and the questions missed above the text
 * until the next attempt. The lesson's steps start it and hide the text meanwhile (lesson-events.ts).
 */
export default function LessonQuiz(
  { lessonId, lessonVersion, userId, pillar, level, questions, apiBase }: LessonQuizProps,
) {
  const [state, dispatch] = useReducer(quizReducer, initialQuizState);
  // The latest state for the start listener, which is registered once.
  const stateRef = useRef(state);
  stateRef.current = state;
  const [reportStep, setReportStep] = useState<number | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const preview = apiBase !== undefined;
  const context: QuizContext = { lessonId, apiBase: apiBase ?? `/api/lesson/${lessonId}`, userId, questions, dispatch };
  const question = questions[state.index];
  const feedback = question ? state.checked[question.id] : undefined;

  // Every attempt (Try again included) shows the options in a new order (src/lib/shuffle.ts).
  const start = () => {
    dispatch({
      type: 'start',
      attemptId: crypto.randomUUID(),
      startedAt: Date.now(),
      orders: shuffledOrders(questions, stateRef.current.orders),
    });
    window.scrollTo({ top: 0 });
  };
  const review = () => {
    dispatch({ type: 'review' });
    document.dispatchEvent(new Event(REREAD_EVENT));
    window.scrollTo({ top: 0 });
  };

  useEffect(() => {
    if (questions.length === 0) return;
    document.addEventListener(START_QUIZ_EVENT, start);
    document.dispatchEvent(new Event(QUIZ_READY_EVENT));
    return () => document.removeEventListener(START_QUIZ_EVENT, start);
  }, [questions.length]);
  useEffect(() => {
    const report = (event: Event) => setReportStep(Number((event as CustomEvent<number>).detail));
    document.addEventListener(REPORT_STEP_EVENT, report);
    return () => document.removeEventListener(REPORT_STEP_EVENT, report);
  }, []);
  useEffect(() => {
    document.dispatchEvent(new CustomEvent(QUIZ_VIEW_EVENT, { detail: state.view }));
  }, [state.view]);
  useEffect(() => {
    if (state.view === 'quiz' && feedback) showVerdict(feedbackRef.current);
    else headingRef.current?.focus();
  }, [state.view, state.index, feedback]);
  // After signing in again (the page reloaded), the quiz goes on where it was and sends what was waiting.
  useEffect(() => {
    const pending = takePendingQuiz(context.apiBase, userId);
    if (!pending) return;
    const resumed = quizReducer(initialQuizState, { type: 'resume', pending });
    dispatch({ type: 'resume', pending });
    void (pending.action === 'complete' ? completeQuiz(context, resumed) : checkAnswer(context, resumed));
  }, []);

  let screen = null;
  if (state.view === 'quiz' && question) {
    screen = (
      <QuestionScreen
        question={question}
        index={state.index}
        total={questions.length}
        chosen={state.answers[question.id]}
        order={state.orders[question.id]}
        feedback={feedback}
        busy={state.busy}
        error={state.error}
        headingRef={headingRef}
        feedbackRef={feedbackRef}
        report={preview ? undefined : { lessonId, lessonVersion, questionId: question.id }}
        onChoose={(answer) => dispatch({ type: 'choose', questionId: question.id, answer })}
        onCheck={() => void checkAnswer(context, state)}
        onNext={() => dispatch({ type: 'next' })}
        onComplete={() => void completeQuiz(context, state)}
      />
    );
  } else if (state.view === 'finish' && state.result) {
    screen = (
      <FinishScreen
        result={state.result}
        questions={questions}
        pillar={pillar}
        level={level}
        headingRef={headingRef}
        draftPage={preview ? apiBase.replace(/^\/api\/studio\//, '/studio/') : undefined}
      />
    );
  } else if (state.view === 'failed' && state.result) {
    screen = (
      <FailedScreen
        result={state.result}
        questions={questions}
        headingRef={headingRef}
        onReview={review}
        onRetry={start}
      />
    );
  } else if (state.missed.length > 0) {
    screen = <MissedReview missed={state.missed} questions={questions} headingRef={headingRef} />;
  }
  return (
    <>
      {screen}
      {state.signIn && <SignInDialog onClose={() => dispatch({ type: 'closeSignIn' })} />}
      {reportStep !== null && (
        <ReportDialog
          subject={{ lessonId, lessonVersion, step: reportStep }}
          onClose={() => setReportStep(null)}
        />
      )}
    </>
  );
}
