// "Practise now" when nothing is due: missed questions first, then questions from passed lessons.
// Answers are checked and explained but never move a review box; the round counts toward the
// daily goal like a review round.
import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import type { PracticeQuestion } from '../../lib/server/learning/practice.ts';
import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import { shuffledOrder } from '../../lib/shuffle.ts';
import { useHydrated } from '../ui/useHydrated.ts';
import { ReportButton } from '../ui/ReportProblem.tsx';
import DailyCredit from '../ui/DailyCredit.tsx';
import { ReviewEmpty } from './ReviewEnds.tsx';
import { recordFinish } from './review-finish.ts';
import './practice.css';

interface Feedback {
  correct: boolean;
  correctAnswer: number;
  explanation: string;
}

const failure = (e: unknown, what: string) =>
  e instanceof NetworkError ? 'Network error. Please try again.' : `Could not ${what}. Please try again.`;

/** Nothing is due: the empty review screen with "Practise now", then the practice round. */
export default function PracticeSession({ upcoming, nextDueAt }: { upcoming: number; nextDueAt: string | null }) {
  const [questions, setQuestions] = useState<PracticeQuestion[] | null>(null);
  const [round, setRound] = useState(0);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Disabled until the island hydrates, so an early tap is never silently lost (issue 53).
  const hydrated = useHydrated();

  async function start() {
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ questions: PracticeQuestion[] }>('/api/review/practice');
      if (r.ok && r.data) {
        setQuestions(r.data.questions);
        setRound((n) => n + 1);
      } else setError(messageOf(r, 'Could not load practice questions. Please try again.'));
    } catch (e) {
      setError(failure(e, 'load practice questions'));
    } finally {
      setBusy(false);
    }
  }

  if (questions && questions.length > 0) {
    return <PracticeRound key={round} questions={questions} onAgain={() => void start()} />;
  }
  const action = (
    <div className='practice-offer'>
      {questions ? <p data-testid='practice-none'>Nothing to practise yet: pass a lesson quiz first.</p> : (
        <p>
          Practise any time: questions you missed first, then questions from lessons you passed. It counts toward
          today's goal and does not change when review questions come back.
        </p>
      )}
      {error && (
        <p className='alert alert-error' role='alert'>
          {error}
        </p>
      )}
      {!questions && (
        <button
          type='button'
          className='btn btn-primary'
          disabled={busy || !hydrated}
          onClick={() => void start()}
        >
          {busy ? 'Loading...' : 'Practise now'}
        </button>
      )}
    </div>
  );
  return <ReviewEmpty upcoming={upcoming} nextDueAt={nextDueAt} action={action} />;
}

function PracticeRound({ questions, onAgain }: { questions: PracticeQuestion[]; onAgain: () => void }) {
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [right, setRight] = useState(0);
  const [daily, setDaily] = useState<DailyStatus | null>(null);
  // Each round (it starts in the browser) shows the options in a new order.
  const [orders] = useState(() => questions.map((q) => shuffledOrder(q.options.length)));
  const heading = useRef<HTMLHeadingElement>(null);
  const finished = useRef(false);
  const item = questions[index];

  useEffect(() => {
    heading.current?.focus();
  }, [index]);

  useEffect(() => {
    // The round reached its end: it counts toward the daily streak and goal (once).
    if (item || finished.current) return;
    finished.current = true;
    void recordFinish().then(setDaily);
  }, [item]);

  if (!item) return <PracticeDone right={right} total={questions.length} daily={daily} onAgain={onAgain} />;

  async function check() {
    if (choice === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api<Feedback>('/api/review/practice', {
        body: { lessonId: item.lessonId, questionId: item.questionId, userAnswer: choice },
      });
      if (!r.ok || !r.data) {
        setError(messageOf(r, 'Could not check your answer. Please try again.'));
        return;
      }
      setFeedback(r.data);
      if (r.data.correct) setRight((n) => n + 1);
    } catch (e) {
      setError(failure(e, 'check your answer'));
    } finally {
      setBusy(false);
    }
  }

  function next() {
    setIndex((i) => i + 1);
    setChoice(null);
    setFeedback(null);
  }

  return (
    <section className='card quiz' aria-labelledby='practice-question' data-testid='practice'>
      <p className='quiz-progress'>
        Practice {index + 1} of {questions.length}{' '}
        · from “{item.lessonTitle}”{item.missed ? ' · you missed this one' : ''}
      </p>
      <ChoiceQuestion
        headingId='practice-question'
        headingRef={heading}
        question={item.question}
        name={`practice-${item.lessonId}-${item.questionId}`}
        options={item.options}
        order={orders[index]}
        chosen={choice}
        disabled={Boolean(feedback) || busy}
        marks={feedback && choice !== null ? { correct: feedback.correctAnswer, chosen: choice } : undefined}
        onChoose={setChoice}
      />
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      {feedback && (
        <div
          className={`alert ${feedback.correct ? 'alert-success' : 'alert-error'}`}
          role='status'
          data-testid='practice-feedback'
        >
          <p>
            <strong>{feedback.correct ? 'Correct!' : 'Not quite.'}</strong>{' '}
            The answer is “{item.options[feedback.correctAnswer]}”.
          </p>
          <p>{feedback.explanation}</p>
        </div>
      )}
      {feedback && (
        <p className='report-after'>
          <ReportButton
            key={`${item.lessonId}-${item.questionId}`}
            subject={{ lessonId: item.lessonId, questionId: item.questionId }}
          />
        </p>
      )}
      <div className='quiz-actions'>
        <a className='btn btn-ghost' href='/dashboard'>
          Stop for now
        </a>
        {feedback
          ? (
            <button type='button' className='btn btn-primary' onClick={next}>
              {index + 1 < questions.length ? 'Next question' : 'Finish'}
            </button>
          )
          : (
            <button
              type='button'
              className='btn btn-primary'
              disabled={choice === null || busy}
              onClick={() => void check()}
            >
              {busy ? 'Checking...' : 'Check answer'}
            </button>
          )}
      </div>
    </section>
  );
}

function PracticeDone({ right, total, daily, onAgain }: {
  right: number;
  total: number;
  daily: DailyStatus | null;
  onAgain: () => void;
}) {
  return (
    <section className='card quiz' data-testid='practice-done'>
      <h2>Practice complete</h2>
      <p>
        You got {right} of {total}{' '}
        right. Practice does not move your review questions: they come back on their schedule.
      </p>
      {daily && <DailyCredit daily={daily} />}
      <div className='quiz-actions'>
        <button type='button' className='btn btn-primary' onClick={onAgain}>
          Practise more
        </button>
        <a className='btn btn-outline' href='/dashboard'>
          Back to Dashboard
        </a>
      </div>
    </section>
  );
}
