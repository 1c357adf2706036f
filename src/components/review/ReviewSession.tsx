import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { BOX_DAYS, describeOutcome } from '../../lib/leitner.ts';
import type { DueQuestion } from '../../lib/server/learning/review.ts';
import type { DailyStatus } from '../../lib/server/learning/streaks.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import { shuffledOrder } from '../../lib/shuffle.ts';
import { ReportButton } from '../ui/ReportProblem.tsx';
import { ReviewDone } from './ReviewEnds.tsx';
import PracticeSession from './PracticeSession.tsx';
import { recordFinish } from './review-finish.ts';
import { type IslandData, readIslandData, readPageData } from '../ui/island-data.ts';

interface Props {
  /** The round's first question (what the server renders); the page's JSON block holds them all. */
  first: DueQuestion | null;
  /** How many questions the round asks. */
  roundSize: number;
  /** Questions due now beyond this round (REVIEW_ROUND at a time). */
  moreDue: number;
  upcoming: number;
  nextDueAt: string | null;
}

interface Feedback {
  correct: boolean;
  correctAnswer: number;
  explanation: string;
  box: number;
  retired: boolean;
}

export default function ReviewSession({ data, roundData }: { data: IslandData<Props>; roundData: string }) {
  const [{ due, roundSize, moreDue, upcoming, nextDueAt }] = useState(() => {
    const { first, ...rest } = readIslandData(data);
    return { ...rest, due: readPageData<DueQuestion[]>(roundData) ?? (first ? [first] : []) };
  });
  // Options in a new order each session, set once hydrated (the server's render keeps the spec's).
  const [orders, setOrders] = useState<number[][]>([]);
  useEffect(() => setOrders(due.map((q) => shuffledOrder(q.options.length))), [due]);
  const [index, setIndex] = useState(0);
  const [choice, setChoice] = useState<number | null>(null);
  const [feedback, setFeedback] = useState<Feedback | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [right, setRight] = useState(0);
  const [daily, setDaily] = useState<DailyStatus | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const item = due[index];
  const finished = useRef(false);

  useEffect(() => {
    // The session reached its end: it counts toward the daily streak and goal (once).
    if (item || roundSize === 0 || finished.current) return;
    finished.current = true;
    void recordFinish().then(setDaily);
  }, [item, roundSize]);

  if (roundSize === 0) return <PracticeSession upcoming={upcoming} nextDueAt={nextDueAt} />;
  if (!item) return <ReviewDone right={right} total={roundSize} moreDue={moreDue} daily={daily} />;

  async function check() {
    if (choice === null) return;
    setBusy(true);
    setError(null);
    try {
      const r = await api<Feedback>(`/api/review/${item.id}/answer`, { body: { userAnswer: choice } });
      if (!r.ok || !r.data) {
        setError(messageOf(r, 'Could not save your answer. Please try again.'));
        return;
      }
      setFeedback(r.data);
      if (r.data.correct) setRight((n) => n + 1);
    } catch (e) {
      setError(
        e instanceof NetworkError
          ? 'Network error. Please try again.'
          : 'Could not save your answer. Please try again.',
      );
    } finally {
      setBusy(false);
    }
  }

  function next() {
    setIndex((i) => i + 1);
    setChoice(null);
    setFeedback(null);
    setTimeout(() => heading.current?.focus(), 0);
  }

  return (
    <section className='card quiz' aria-labelledby='review-question'>
      <p className='quiz-progress'>
        Question {index + 1} of {roundSize} · from “{item.lessonTitle}” · box {item.box} of {BOX_DAYS.length}
      </p>
      <ChoiceQuestion
        headingId='review-question'
        headingRef={heading}
        question={item.question}
        name={`review-${item.id}`}
        options={item.options}
        order={orders[index]}
        chosen={choice}
        disabled={Boolean(feedback) || busy}
        // Once checked: the pick marked right or wrong and the correct option shown, in words too.
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
          data-testid='review-feedback'
        >
          <p>
            <strong>{feedback.correct ? 'Correct!' : 'Not quite.'}</strong>{' '}
            The answer is “{item.options[feedback.correctAnswer]}”.
          </p>
          <p>{feedback.explanation}</p>
          <p>{describeOutcome(item.box, feedback)}</p>
        </div>
      )}
      {feedback && (
        <p className='report-after'>
          <ReportButton key={item.id} subject={{ lessonId: item.lessonId, questionId: item.questionId }} />
        </p>
      )}
      <div className='quiz-actions'>
        <a className='btn btn-ghost' href='/dashboard'>
          Stop for now
        </a>
        {feedback
          ? (
            <button type='button' className='btn btn-primary' onClick={next}>
              {index + 1 < roundSize ? 'Next question' : 'Finish'}
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
