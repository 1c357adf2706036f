import { useEffect, useRef, useState } from 'react';
import type { QuizCompletion } from '../../lib/server/learning/complete-quiz.ts';
import { createPortal } from 'react-dom';
import { api, messageOf, NetworkError } from '../api.ts';
import { showToast } from '../../stores/toast.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import Modal from '../ui/Modal.tsx';
import LoginForm from '../auth/LoginForm.tsx';
import { QUIZ_REQUESTED, REREAD_EVENT } from './lesson-signals.ts';
import FlameIcon from '../ui/FlameIcon.tsx';

interface Question {
  id: number;
  question: string;
  options: string[];
}

/**
 * The lesson page renders the text (in steps) and the 'Ready for the quiz?' card as plain HTML;
 * this component, mounted in the browser only, runs the quiz: each answer is checked on its own
 * (right or wrong, the correct option and the explanation), then a finish screen after a pass or
 * the learner's picks and the correct answers after a fail. It hides the text meanwhile, and
 * lists the questions missed in the last attempt above the text.
 */
export interface LessonQuizProps {
  lessonId: number;
  userId: string;
  pillar: string;
  level: string;
  questions: Question[];
  passMark: number;
  /** The lesson's text. */
  contentId: string;
  /** The 'Ready for the quiz?' card; its `[data-start-quiz]` button starts the quiz. */
  startId: string;
  /** The lesson's step navigation (hidden with the text). */
  stepsId: string;
  /** An empty element above the text, for the questions missed in the last attempt. */
  missedId: string;
}

interface Checked {
  questionId: number;
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
  explanation: string;
}

interface Daily {
  streak: number;
  today: { done: number; goal: number; met: boolean };
}

/** The completion's answer: its type is the server's (a type import, erased from the browser's code). */
type Result = QuizCompletion;

/** A quiz in progress, kept while the learner signs in again (their session ended mid-quiz). */
interface Pending {
  userId: string;
  attemptId: string;
  startedAt: number;
  index: number;
  answers: Record<number, number>;
  checked: Record<number, Checked>;
  /** What was being sent when the session ended. */
  action: 'check' | 'complete';
}

const CONNECTIVITY = "Your answers were saved but there's a connectivity issue. Please try again in a moment.";
const pendingKey = (lessonId: number) => `quiz-pending:${lessonId}`;
const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

export default function LessonQuiz(
  { lessonId, userId, pillar, level, questions, contentId, startId, stepsId, missedId }: LessonQuizProps,
) {
  const [view, setView] = useState<'content' | 'quiz' | 'finish' | 'failed'>('content');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [checked, setChecked] = useState<Record<number, Checked>>({});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [missed, setMissed] = useState<Checked[]>([]);
  const [signIn, setSignIn] = useState(false);
  const attemptId = useRef<string>('');
  const startedAt = useRef<number>(0);
  const focusTarget = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const resumed = useRef(false);
  const start = useRef(startQuiz);
  start.current = startQuiz;
  const question = questions[index];
  const isLast = index === questions.length - 1;
  const feedback = question ? checked[question.id] : undefined;

  useEffect(() => {
    for (const id of [contentId, startId, stepsId]) {
      const element = document.getElementById(id);
      if (element) element.hidden = view !== 'content';
    }
  }, [view, contentId, startId, stepsId]);
  useEffect(() => {
    // The server's button is disabled until this runs, so an early click is never silently lost.
    const buttons = document.querySelectorAll<HTMLButtonElement>('[data-start-quiz]');
    const onClick = () => start.current();
    for (const button of buttons) {
      button.disabled = questions.length === 0;
      button.addEventListener('click', onClick);
    }
    // The learner asked for the quiz while it was loading (lesson-steps.ts, lesson-signals.ts).
    if (document.documentElement.dataset[QUIZ_REQUESTED] && questions.length > 0) {
      delete document.documentElement.dataset[QUIZ_REQUESTED];
      start.current();
    }
    return () => buttons.forEach((b) => b.removeEventListener('click', onClick));
  }, [questions.length]);
  useEffect(() => {
    if (view === 'quiz' && feedback) feedbackRef.current?.focus();
    else focusTarget.current?.focus();
  }, [view, index, feedback]);

  // After signing in again (the page reloads), the quiz goes on where it was and sends what was
  // waiting: the attempt id makes a completion count once, however often it is sent.
  useEffect(() => {
    if (resumed.current) return;
    resumed.current = true;
    let pending: Pending | null = null;
    try {
      pending = JSON.parse(sessionStorage.getItem(pendingKey(lessonId)) ?? 'null') as Pending | null;
    } catch {
      pending = null;
    }
    if (!pending) return;
    sessionStorage.removeItem(pendingKey(lessonId));
    if (pending.userId !== userId) return; // someone else signed in: their quiz is not this one
    attemptId.current = pending.attemptId;
    startedAt.current = pending.startedAt;
    setAnswers(pending.answers);
    setChecked(pending.checked);
    setIndex(pending.index);
    setView('quiz');
    if (pending.action === 'complete') void complete(pending.answers);
    else void check(pending.index, pending.answers, pending.checked);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  function startQuiz() {
    attemptId.current = crypto.randomUUID();
    startedAt.current = Date.now();
    setAnswers({});
    setChecked({});
    setIndex(0);
    setError(null);
    setResult(null);
    setView('quiz');
    window.scrollTo({ top: 0 });
  }

  /** The session ended: keep everything in this tab and ask the learner to sign in again. */
  function holdForSignIn(
    action: Pending['action'],
    at: number,
    given: Record<number, number>,
    seen: Record<number, Checked>,
  ) {
    const pending: Pending = {
      userId,
      attemptId: attemptId.current,
      startedAt: startedAt.current,
      index: at,
      answers: given,
      checked: seen,
      action,
    };
    try {
      sessionStorage.setItem(pendingKey(lessonId), JSON.stringify(pending));
    } catch {
      // storage unavailable: the answers stay in this page until it is closed
    }
    setSignIn(true);
  }

  async function check(at = index, given = answers, seen = checked) {
    const q = questions[at];
    if (!q || given[q.id] === undefined || seen[q.id]) return;
    setBusy(true);
    setError(null);
    try {
      const response = await api<Checked>(`/api/lesson/${lessonId}/check`, {
        body: { attemptId: attemptId.current, questionId: q.id, userAnswer: given[q.id] },
      });
      if (response.status === 401) return holdForSignIn('check', at, given, seen);
      if (!response.ok || !response.data) {
        setError(messageOf(response, 'Could not check your answer. Please try again.'));
        return;
      }
      const data = response.data;
      setChecked((c) => ({ ...c, [q.id]: data }));
      // The graded answer is the first one checked (a second tab may have checked first).
      setAnswers((a) => ({ ...a, [q.id]: data.userAnswer }));
    } catch (e) {
      setError(
        e instanceof NetworkError
          ? 'Connection failed. Your answer is kept here: check it again in a moment.'
          : 'Could not check your answer. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  async function complete(given = answers) {
    setBusy(true);
    setError(null);
    try {
      const response = await api<Result>(`/api/lesson/${lessonId}/complete`, {
        body: {
          attemptId: attemptId.current,
          quizResponses: questions.map((q) => ({ questionId: q.id, userAnswer: given[q.id] })),
          durationMs: Math.max(0, Date.now() - startedAt.current),
          timeZone: timeZone(),
        },
      });
      if (response.status === 401) return holdForSignIn('complete', questions.length - 1, given, checked);
      if (!response.ok || !response.data) {
        setError(
          response.status === 403
            ? messageOf(response, 'Failed to complete lesson. Please try again.')
            : 'Failed to complete lesson. Please try again.',
        );
        return;
      }
      const data = response.data;
      setResult(data);
      if (data.passed) {
        setMissed([]);
        setView('finish');
      } else {
        setMissed(data.results.filter((r) => !r.isCorrect));
        setView('failed');
        showToast({
          title: 'Lesson Not Completed',
          description:
            `You need at least ${data.passMark} of ${data.totalQuestions} correct answers to pass. You got ${data.score}. Review the explanations and try again.`,
          variant: 'error',
        });
      }
    } catch (e) {
      setError(e instanceof NetworkError ? CONNECTIVITY : 'Failed to complete lesson. Please try again.');
    } finally {
      setBusy(false);
    }
  }

  function reviewLesson() {
    setView('content');
    setIndex(0);
    document.dispatchEvent(new Event(REREAD_EVENT));
    window.scrollTo({ top: 0 });
  }

  const signInDialog = signIn && (
    <Modal
      title='Sign in to save your result'
      subtitle="Your session ended. Your answers are kept: sign in and we'll save them."
      onClose={() => setSignIn(false)}
      closeOnBackdrop={false}
    >
      <LoginForm
        next={window.location.pathname + window.location.search}
        onSwitchToSignUp={() => window.location.assign('/login?mode=signup')}
        onForgotPassword={() => window.location.assign('/login')}
      />
    </Modal>
  );

  if (view === 'quiz' && question) {
    const chosen = answers[question.id];
    return (
      <section className='card quiz' aria-labelledby='quiz-question'>
        <div className='quiz-top'>
          <p className='quiz-progress'>
            Question {index + 1} of {questions.length}
          </p>
          <div className='meter' aria-hidden='true'>
            <span
              className={`meter-fill w-${Math.round(((index + (feedback ? 1 : 0)) / questions.length) * 20) * 5}`}
            />
          </div>
        </div>
        <ChoiceQuestion
          headingId='quiz-question'
          headingRef={focusTarget}
          question={question.question}
          name={`quiz-${question.id}`}
          options={question.options}
          chosen={chosen}
          disabled={busy}
          marks={feedback ? { correct: feedback.correctAnswer, chosen: feedback.userAnswer } : undefined}
          onChoose={(i) => setAnswers((a) => ({ ...a, [question.id]: i }))}
        />
        {feedback && (
          <div className={`feedback ${feedback.isCorrect ? 'right' : 'wrong'}`} data-testid='quiz-feedback'>
            <h3 tabIndex={-1} ref={feedbackRef}>
              {feedback.isCorrect ? '✓ Correct!' : '✗ Not quite.'}
            </h3>
            {!feedback.isCorrect && (
              <p>
                The correct answer is <strong>{question.options[feedback.correctAnswer]}</strong>.
              </p>
            )}
            <p className='why'>{feedback.explanation}</p>
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
                onClick={() => void check()}
              >
                {busy ? 'Checking...' : 'Check answer'}
              </button>
            )
            : isLast
            ? (
              <button type='button' className='btn btn-primary' disabled={busy} onClick={() => void complete()}>
                {busy ? 'Saving...' : error ? 'Try Submitting Again' : 'See your result'}
              </button>
            )
            : (
              <button type='button' className='btn btn-primary' onClick={() => setIndex((i) => i + 1)}>
                Next
              </button>
            )}
        </div>
        {chosen === undefined && <p className='hint'>Choose an answer, then check it.</p>}
        {signInDialog}
      </section>
    );
  }

  if (view === 'finish' && result) {
    return (
      <section className='card quiz-result finish' aria-labelledby='result-title'>
        <h2 id='result-title' tabIndex={-1} ref={focusTarget}>
          You passed!
        </h2>
        <p className='result-score' role='status'>
          You got <strong>{result.score}</strong> of <strong>{result.totalQuestions}</strong> right (pass mark{' '}
          {result.passMark}).
        </p>
        {result.daily && (
          <p className='finish-streak' data-testid='finish-streak'>
            <FlameIcon size={20} /> {result.daily.streak === 1 ? '1-day streak' : `${result.daily.streak}-day streak`}.
            {' '}
            {result.daily.today.met
              ? `Today's goal of ${result.daily.today.goal} met (${result.daily.today.done} done today).`
              : `Today's goal: ${result.daily.today.done} of ${result.daily.today.goal} done.`}
          </p>
        )}
        {result.badgesEarned && result.badgesEarned.length > 0 && (
          <div className='finish-badges' data-testid='finish-badges'>
            <h3>New {result.badgesEarned.length === 1 ? 'badge' : 'badges'}</h3>
            <ul>
              {result.badgesEarned.map((b) => (
                <li key={b.key}>
                  <strong>{b.title}</strong>: {b.description}
                </li>
              ))}
            </ul>
          </div>
        )}
        <div className='quiz-actions'>
          {result.nextLesson
            ? (
              <a className='btn btn-primary btn-lg' href={`/lesson/${result.nextLesson.id}`} data-testid='finish-next'>
                Next lesson: {result.nextLesson.title}
              </a>
            )
            : (
              <a className='btn btn-primary btn-lg' href='/dashboard'>
                Back to your dashboard
              </a>
            )}
          <a
            className='btn btn-outline'
            href={`/lessons?pillar=${encodeURIComponent(pillar)}&level=${encodeURIComponent(level)}`}
          >
            Back to lessons
          </a>
        </div>
        <details className='finish-explanations'>
          <summary>See each question and why</summary>
          <Explanations questions={questions} results={result.results} />
        </details>
      </section>
    );
  }

  if (view === 'failed' && result) {
    return (
      <section className='card quiz-result failed' aria-labelledby='result-title'>
        <h2 id='result-title' tabIndex={-1} ref={focusTarget}>
          Not passed this time
        </h2>
        <p className='result-score' role='status'>
          You got <strong>{result.score}</strong> of <strong>{result.totalQuestions}</strong> right. You need{' '}
          {result.passMark} to pass.
        </p>
        <Explanations questions={questions} results={result.results} />
        <div className='quiz-actions'>
          <button type='button' className='btn btn-outline' onClick={reviewLesson}>
            Review the lesson
          </button>
          <button type='button' className='btn btn-primary' onClick={startQuiz}>
            Try again
          </button>
        </div>
      </section>
    );
  }

  if (missed.length === 0) return signInDialog || null;
  const missedSection = (
    <section className='card missed' aria-labelledby='missed-title'>
      <h2 id='missed-title' tabIndex={-1} ref={focusTarget}>
        Review what you missed
      </h2>
      <ul>
        {missed.map((m) => {
          const q = questions.find((x) => x.id === m.questionId);
          return (
            <li key={m.questionId}>
              <p className='q'>{q?.question}</p>
              <p className='why'>{m.explanation}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
  const target = document.getElementById(missedId);
  return target ? createPortal(missedSection, target) : missedSection;
}

/** Each question with the learner's answer and the correct one (words as well as colour). */
function Explanations({ questions, results }: { questions: Question[]; results: Checked[] }) {
  return (
    <ol className='explanations'>
      {results.map((r) => {
        const q = questions.find((x) => x.id === r.questionId);
        return (
          <li key={r.questionId} className={r.isCorrect ? 'right' : 'wrong'} data-question={r.questionId}>
            <p className='q'>
              <span className='mark'>{r.isCorrect ? '✓ Correct' : '✗ Incorrect'}</span> {q?.question}
            </p>
            <p data-testid='your-answer'>
              Your answer: <strong>{q?.options[r.userAnswer] ?? 'none'}</strong>
            </p>
            {!r.isCorrect && (
              <p data-testid='correct-answer'>
                Correct answer: <strong>{q?.options[r.correctAnswer]}</strong>
              </p>
            )}
            <p className='why'>{r.explanation}</p>
          </li>
        );
      })}
    </ol>
  );
}
