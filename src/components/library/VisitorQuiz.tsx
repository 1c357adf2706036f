// A beginner lesson's quiz for a visitor (issue 42): each answer checked by the server with the
// same feedback a learner gets (POST /api/learn/{id}/check), the best result kept in this browser
// and offered to "Save your progress" with a new account (issue 52: a later fail never replaces a
// pass, the kept result shows again after a reload, and visitors follow the learners' beginner
// order). Hydrates once in view: nothing of it runs before the page's first paint.
import { showVerdict } from '../ui/show-verdict.ts';
import { type Ref, useEffect, useRef, useState } from 'react';
import QuestionScreen from '../lessons/QuestionScreen.tsx';
import type { Checked, QuizQuestion } from '../lessons/quiz-state.ts';
import { api, messageOf, NetworkError } from '../api.ts';
import { keepOrders, keepResult, type KeptResult, keptResultFor, lastOrdersFor } from './visitor-results.ts';
import { shuffledOrders } from '../../lib/shuffle.ts';

interface LessonLink {
  id: number;
  slug: string;
  title: string;
}

interface Props {
  lessonId: number;
  slug: string;
  questions: QuizQuestion[];
  passMark: number;
  /** The beginner lesson before this one in its pillar: its quiz must be passed here first (null: the first). */
  previous?: LessonLink | null;
  /** The beginner lesson after this one, whose quiz a pass opens. */
  next?: LessonLink | null;
}

type Stage = 'intro' | 'locked' | 'quiz' | 'result';

export default function VisitorQuiz({ lessonId, slug, questions, passMark, previous = null, next = null }: Props) {
  const [stage, setStage] = useState<Stage>('intro');
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<number | undefined>();
  const [checked, setChecked] = useState<Checked[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** This attempt's result (null after a reload: only the kept one is known) and the best one kept. */
  const [last, setLast] = useState<KeptResult | null>(null);
  const [best, setBest] = useState<KeptResult | null>(null);
  const [orders, setOrders] = useState<Record<number, number[]>>({});
  // The start button waits for hydration, so an early click is never silently lost.
  const [ready, setReady] = useState(false);
  useEffect(() => {
    setReady(true);
    const kept = keptResultFor(lessonId);
    if (kept) {
      setBest(kept);
      setStage('result');
    } else if (previous && !keptResultFor(previous.id)?.passed) setStage('locked');
  }, [lessonId, previous?.id]);
  const attempt = useRef({ id: '', started: 0 });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const question = questions[index];
  const feedback = checked.find((c) => c.questionId === question?.id);

  function start() {
    attempt.current = { id: crypto.randomUUID(), started: Date.now() };
    // Each attempt shows the options in a new order (src/lib/shuffle.ts), unlike the last one shown.
    const next = shuffledOrders(questions, Object.keys(orders).length > 0 ? orders : lastOrdersFor(lessonId));
    keepOrders(lessonId, next);
    setOrders(next);
    setChecked([]);
    setIndex(0);
    setChosen(undefined);
    setStage('quiz');
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  async function check() {
    if (chosen === undefined) return;
    setBusy(true);
    setError(null);
    try {
      const result = await api<Checked>(`/api/learn/${lessonId}/check`, {
        body: { attemptId: attempt.current.id, questionId: question.id, userAnswer: chosen },
      });
      if (!result.ok || !result.data) {
        setError(messageOf(result, 'Your answer could not be checked. Please try again.'));
      } else {
        setChecked((list) => [...list, result.data!]);
        requestAnimationFrame(() => showVerdict(feedbackRef.current));
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please check your connection and try again.' : String(e));
    } finally {
      setBusy(false);
    }
  }

  function finish() {
    const score = checked.filter((c) => c.isCorrect).length;
    const result: KeptResult = {
      lessonId,
      attemptId: attempt.current.id,
      quizResponses: checked.map(({ questionId, userAnswer }) => ({ questionId, userAnswer })),
      durationMs: Math.min(Date.now() - attempt.current.started, 24 * 60 * 60 * 1000),
      score,
      total: questions.length,
      passed: score >= passMark,
    };
    setLast(result);
    setBest(keepResult(result));
    setStage('result');
    requestAnimationFrame(() => resultRef.current?.focus());
  }

  if (stage === 'locked' && previous) {
    return (
      <p className='visitor-locked' data-testid='visitor-locked'>
        &#128274; This quiz opens when you pass the one before it, as it does for learners:{' '}
        <a href={`/learn/${previous.slug}#quiz`}>“{previous.title}”</a>.
      </p>
    );
  }
  if (stage === 'intro') {
    return (
      <button type='button' className='btn btn-primary btn-lg' disabled={!ready} onClick={start}>
        Start the quiz
      </button>
    );
  }
  if (stage === 'quiz') {
    return (
      <QuestionScreen
        question={question}
        index={index}
        total={questions.length}
        chosen={feedback ? feedback.userAnswer : chosen}
        order={orders[question.id]}
        feedback={feedback}
        busy={busy}
        error={error}
        headingRef={headingRef}
        feedbackRef={feedbackRef}
        onChoose={(answer) => !feedback && setChosen(answer)}
        onCheck={check}
        onNext={() => {
          setIndex((i) => i + 1);
          setChosen(undefined);
          requestAnimationFrame(() => headingRef.current?.focus());
        }}
        onComplete={finish}
      />
    );
  }
  return (
    <VisitorResult
      last={last}
      best={best}
      total={questions.length}
      passMark={passMark}
      slug={slug}
      next={next}
      headingRef={resultRef}
      onRetry={start}
    />
  );
}

interface ResultProps {
  last: KeptResult | null;
  best: KeptResult | null;
  total: number;
  passMark: number;
  slug: string;
  next: LessonLink | null;
  headingRef: Ref<HTMLHeadingElement>;
  onRetry: () => void;
}

/** This attempt's result, the best one kept in this browser, "Save your progress" and the next quiz. */
function VisitorResult({ last, best, total, passMark, slug, next, headingRef, onRetry }: ResultProps) {
  const shown = last ?? best;
  const keptPass = Boolean(best?.passed);
  const score = shown?.score ?? 0;
  const heading = last
    ? last.passed ? `You passed: ${score} of ${total} correct` : `${score} of ${total} correct`
    : keptPass
    ? `You passed this quiz: ${score} of ${total} correct`
    : `Your last result: ${score} of ${total} correct`;
  const signUp = `/login?mode=signup&next=${encodeURIComponent(`/learn/${slug}`)}`;
  return (
    <div className='visitor-result' data-testid='visitor-result'>
      <h3 tabIndex={-1} ref={headingRef}>{heading}</h3>
      {last && !last.passed && keptPass && (
        <p data-testid='best-kept'>
          Your pass ({best!.score} of {total}) is still the result kept in this browser: a later try never replaces it.
        </p>
      )}
      {keptPass
        ? (
          <p>
            Your result is kept in this browser. Save your progress: create a free account and this lesson counts as
            completed once you confirm your e-mail address.
          </p>
        )
        : <p>You need {passMark} correct to pass. Read the lesson again, then try once more.</p>}
      <p className='visitor-actions'>
        {keptPass && (
          <a className='btn btn-primary' href={signUp}>
            Save your progress
          </a>
        )}
        {keptPass && next && (
          <a className='btn btn-outline' href={`/learn/${next.slug}#quiz`} data-testid='next-quiz'>
            Next quiz: {next.title}
          </a>
        )}
        <button type='button' className='btn btn-outline' onClick={onRetry}>
          Try again
        </button>
      </p>
    </div>
  );
}
