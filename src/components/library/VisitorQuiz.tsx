// A beginner lesson's quiz for a visitor (issue 42): each answer checked by the server with the
// same feedback a learner gets (POST /api/learn/{id}/check), the result kept in this browser and
// offered to "Save your progress" with a new account. Hydrates once in view: nothing of it runs
// before the page's first paint.
import { useEffect, useRef, useState } from 'react';
import QuestionScreen from '../lessons/QuestionScreen.tsx';
import type { Checked, QuizQuestion } from '../lessons/quiz-state.ts';
import { api, messageOf, NetworkError } from '../api.ts';
import { keepResult } from './visitor-results.ts';

interface Props {
  lessonId: number;
  slug: string;
  questions: QuizQuestion[];
  passMark: number;
}

type Stage = 'intro' | 'quiz' | 'result';

export default function VisitorQuiz({ lessonId, slug, questions, passMark }: Props) {
  const [stage, setStage] = useState<Stage>('intro');
  const [index, setIndex] = useState(0);
  const [chosen, setChosen] = useState<number | undefined>();
  const [checked, setChecked] = useState<Checked[]>([]);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // The start button waits for hydration, so an early click is never silently lost.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  const attempt = useRef({ id: '', started: 0 });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const feedbackRef = useRef<HTMLHeadingElement>(null);
  const resultRef = useRef<HTMLHeadingElement>(null);
  const question = questions[index];
  const feedback = checked.find((c) => c.questionId === question?.id);
  const score = checked.filter((c) => c.isCorrect).length;

  function start() {
    attempt.current = { id: crypto.randomUUID(), started: Date.now() };
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
        requestAnimationFrame(() => feedbackRef.current?.focus());
      }
    } catch (e) {
      setError(e instanceof NetworkError ? 'Network error. Please check your connection and try again.' : String(e));
    } finally {
      setBusy(false);
    }
  }

  function next() {
    setIndex((i) => i + 1);
    setChosen(undefined);
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function finish() {
    keepResult({
      lessonId,
      attemptId: attempt.current.id,
      quizResponses: checked.map(({ questionId, userAnswer }) => ({ questionId, userAnswer })),
      durationMs: Math.min(Date.now() - attempt.current.started, 24 * 60 * 60 * 1000),
    });
    setStage('result');
    requestAnimationFrame(() => resultRef.current?.focus());
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
        feedback={feedback}
        busy={busy}
        error={error}
        headingRef={headingRef}
        feedbackRef={feedbackRef}
        onChoose={(answer) => !feedback && setChosen(answer)}
        onCheck={check}
        onNext={next}
        onComplete={finish}
      />
    );
  }
  const passed = score >= passMark;
  const next_ = encodeURIComponent(`/learn/${slug}`);
  return (
    <div className='visitor-result' data-testid='visitor-result'>
      <h3 tabIndex={-1} ref={resultRef}>
        {passed ? `You passed: ${score} of ${questions.length} correct` : `${score} of ${questions.length} correct`}
      </h3>
      {passed
        ? (
          <p>
            Your result is kept in this browser. Save your progress: create a free account and this lesson counts as
            completed once you confirm your e-mail address.
          </p>
        )
        : <p>You need {passMark} correct to pass. Read the lesson again, then try once more.</p>}
      <p className='visitor-actions'>
        {passed && (
          <a className='btn btn-primary' href={`/login?mode=signup&next=${next_}`}>
            Save your progress
          </a>
        )}
        <button type='button' className='btn btn-outline' onClick={start}>
          Try again
        </button>
      </p>
    </div>
  );
}
