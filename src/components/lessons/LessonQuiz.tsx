import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { api, messageOf, NetworkError } from '../../lib/api.ts';
import { showToast } from '../../stores/toast.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import './quiz.css';

interface Question {
  id: number;
  question: string;
  options: string[];
}

/**
 * The lesson page renders the text and the 'Ready for the quiz?' card as plain HTML; this
 * component, mounted in the browser only, runs the quiz and its result, hides those two elements
 * meanwhile, and lists the questions missed in the last attempt above the text.
 */
export interface LessonQuizProps {
  lessonId: number;
  pillar: string;
  level: string;
  questions: Question[];
  passMark: number;
  /** The lesson's text. */
  contentId: string;
  /** The 'Ready for the quiz?' card; its `[data-start-quiz]` button starts the quiz. */
  startId: string;
  /** An empty element above the text, for the questions missed in the last attempt. */
  missedId: string;
}

interface Result {
  score: number;
  totalQuestions: number;
  passed: boolean;
  passMark: number;
  results: Array<{ questionId: number; userAnswer: number; isCorrect: boolean; correctAnswer: number; explanation: string }>;
}

/** Spec 9: after a pass, back to the lessons list after 3 s. */
export const REDIRECT_AFTER_PASS_MS = 3000;
const CONNECTIVITY = "Your answers were saved but there's a connectivity issue. Please try again in a moment.";

export default function LessonQuiz({ lessonId, pillar, level, questions, passMark, contentId, startId, missedId }: LessonQuizProps) {
  const [view, setView] = useState<'content' | 'quiz' | 'result'>('content');
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Record<number, number>>({});
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<Result | null>(null);
  const [missed, setMissed] = useState<Result['results']>([]);
  const [redirecting, setRedirecting] = useState(false);
  const attemptId = useRef<string>('');
  const startedAt = useRef<number>(0);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const focusTarget = useRef<HTMLHeadingElement>(null);
  const start = useRef(startQuiz);
  start.current = startQuiz;
  const question = questions[index];
  const isLast = index === questions.length - 1;

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  useEffect(() => {
    for (const id of [contentId, startId]) {
      const element = document.getElementById(id);
      if (element) element.hidden = view !== 'content';
    }
  }, [view, contentId, startId]);
  useEffect(() => {
    // The server's button is disabled until this runs, so an early click is never silently lost.
    const button = document.getElementById(startId)?.querySelector<HTMLButtonElement>('[data-start-quiz]');
    if (!button) return;
    const onClick = () => start.current();
    button.disabled = questions.length === 0;
    button.addEventListener('click', onClick);
    return () => button.removeEventListener('click', onClick);
  }, [startId, questions.length]);
  useEffect(() => {
    focusTarget.current?.focus();
  }, [view, index]);

  function startQuiz() {
    clearTimeout(redirectTimer.current);
    setRedirecting(false);
    attemptId.current = crypto.randomUUID();
    startedAt.current = Date.now();
    setAnswers({});
    setIndex(0);
    setError(null);
    setResult(null);
    setView('quiz');
  }

  async function submit() {
    setSubmitting(true);
    setError(null);
    try {
      const response = await api<Result>(`/api/lesson/${lessonId}/complete`, {
        body: {
          attemptId: attemptId.current,
          quizResponses: questions.map((q) => ({ questionId: q.id, userAnswer: answers[q.id] })),
          durationMs: Date.now() - startedAt.current,
        },
      });
      if (!response.ok || !response.data) {
        setError(response.status === 403 ? messageOf(response, 'Failed to complete lesson. Please try again.') : 'Failed to complete lesson. Please try again.');
        return;
      }
      const data = response.data;
      if (data.passed) {
        setResult(data);
        setMissed([]);
        setView('result');
        setRedirecting(true);
        redirectTimer.current = setTimeout(
          () => window.location.assign(`/lessons?pillar=${encodeURIComponent(pillar)}&level=${encodeURIComponent(level)}`),
          REDIRECT_AFTER_PASS_MS,
        );
      } else {
        setMissed(data.results.filter((r) => !r.isCorrect));
        setAnswers({});
        setIndex(0);
        setView('content');
        showToast({
          title: 'Lesson Not Completed',
          description: `You need at least ${data.passMark} of ${data.totalQuestions} correct answers to pass. You got ${data.score}. Review the explanations and try again.`,
          variant: 'error',
        });
      }
    } catch (e) {
      setError(e instanceof NetworkError ? CONNECTIVITY : 'Failed to complete lesson. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  if (view === 'quiz' && question) {
    const chosen = answers[question.id];
    return (
      <section className="card quiz" aria-labelledby="quiz-question">
        <p className="quiz-progress">
          Question {index + 1} of {questions.length}
        </p>
        <ChoiceQuestion
          headingId="quiz-question"
          headingRef={focusTarget}
          question={question.question}
          name={`quiz-${question.id}`}
          options={question.options}
          chosen={chosen}
          disabled={submitting}
          onChoose={(i) => setAnswers((a) => ({ ...a, [question.id]: i }))}
        />
        {error && (
          <div className="alert alert-error" role="alert">
            {error}
          </div>
        )}
        <div className="quiz-actions">
          <button type="button" className="btn btn-outline" disabled={index === 0 || submitting} onClick={() => setIndex((i) => i - 1)}>
            Previous
          </button>
          {isLast ? (
            <button type="button" className="btn btn-primary" disabled={chosen === undefined || submitting} onClick={() => void submit()}>
              {submitting ? 'Checking...' : error ? 'Try Submitting Again' : 'Submit Answers'}
            </button>
          ) : (
            <button type="button" className="btn btn-primary" disabled={chosen === undefined} onClick={() => setIndex((i) => i + 1)}>
              Next
            </button>
          )}
        </div>
        {chosen === undefined && <p className="hint">Choose an answer to continue.</p>}
      </section>
    );
  }

  if (view === 'result' && result) {
    return (
      <section className="card quiz-result" aria-labelledby="result-title">
        <h2 id="result-title" tabIndex={-1} ref={focusTarget}>
          You passed! 🎉
        </h2>
        <p className="result-score">
          You got <strong>{result.score}</strong> of <strong>{result.totalQuestions}</strong> right (pass mark {result.passMark}).
        </p>
        <ol className="explanations">
          {result.results.map((r, i) => (
            <li key={r.questionId} className={r.isCorrect ? 'right' : 'wrong'}>
              <p className="q">
                <span className="mark">{r.isCorrect ? '✓ Correct' : '✗ Incorrect'}</span> {questions[i]?.question}
              </p>
              <p>
                Answer: <strong>{questions[i]?.options[r.correctAnswer]}</strong>
              </p>
              <p className="why">{r.explanation}</p>
            </li>
          ))}
        </ol>
        {redirecting && (
          <p className="hint" role="status">
            Taking you back to the lessons list in 3 seconds…{' '}
            <button
              type="button"
              className="link-button"
              onClick={() => {
                clearTimeout(redirectTimer.current);
                setRedirecting(false);
              }}
            >
              Stay here
            </button>
          </p>
        )}
        <div className="quiz-actions">
          <button type="button" className="btn btn-outline" onClick={startQuiz}>
            Try Again
          </button>
          <a className="btn btn-primary" href="/dashboard">
            Return to Dashboard
          </a>
        </div>
      </section>
    );
  }

  if (missed.length === 0) return null;
  const missedSection = (
    <section className="card missed" aria-labelledby="missed-title">
      <h2 id="missed-title" tabIndex={-1} ref={focusTarget}>
        Review what you missed
      </h2>
      <ul>
        {missed.map((m) => {
          const q = questions.find((x) => x.id === m.questionId);
          return (
            <li key={m.questionId}>
              <p className="q">{q?.question}</p>
              <p className="why">{m.explanation}</p>
            </li>
          );
        })}
      </ul>
    </section>
  );
  const target = document.getElementById(missedId);
  return target ? createPortal(missedSection, target) : missedSection;
}
