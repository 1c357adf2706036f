import { useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';

interface Question {
  lessonId: number;
  questionId: number;
  question: string;
  options: string[];
}

interface Result {
  score: number;
  total: number;
  passMark: number;
  passed: boolean;
  missed: Array<{ lessonId: number; lessonTitle: string; question: string }>;
}

interface Props {
  pillar: string;
  level: string;
  /** "Intermediate Saving". */
  name: string;
  /** A draw of today was started and not submitted: the button resumes it. */
  inProgress: boolean;
}

const key = (q: Pick<Question, 'lessonId' | 'questionId'>) => `${q.lessonId}:${q.questionId}`;
const zone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** The test-out: start (or resume) today's draw, answer all five, submit once, then the result. */
export default function TestOut({ pillar, level, name, inProgress }: Props) {
  const [questions, setQuestions] = useState<Question[] | null>(null);
  const [chosen, setChosen] = useState<Record<string, number>>({});
  const [result, setResult] = useState<Result | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const base = `/api/test-out/${pillar}/${level}`;

  useEffect(() => heading.current?.focus(), [questions, result]);

  async function call<T>(path: string, body: unknown): Promise<T | null> {
    setBusy(true);
    setError(null);
    try {
      const response = await api<T>(path, { body });
      if (!response.ok || !response.data) {
        setError(messageOf(response, 'Something went wrong. Please try again.'));
        return null;
      }
      return response.data;
    } catch (e) {
      setError(e instanceof NetworkError ? 'Please check your connection and try again.' : 'Please try again.');
      return null;
    } finally {
      setBusy(false);
    }
  }

  async function start() {
    const data = await call<{ questions: Question[] }>(`${base}/start`, { timeZone: zone() });
    if (data) setQuestions(data.questions);
  }

  async function submit() {
    if (!questions) return;
    if (questions.some((q) => chosen[key(q)] === undefined)) {
      return setError('Answer every question before you submit.');
    }
    const answers = questions.map((q) => ({ ...q, userAnswer: chosen[key(q)] }))
      .map(({ lessonId, questionId, userAnswer }) => ({ lessonId, questionId, userAnswer }));
    const data = await call<Result>(`${base}/submit`, { answers });
    if (data) setResult(data);
  }

  if (result) {
    return (
      <section className='card test-out-result' aria-labelledby='test-out-result' data-testid='test-out-result'>
        <h2 id='test-out-result' tabIndex={-1} ref={heading}>
          {result.passed ? `${name} is open` : 'Not this time'}
        </h2>
        <p>
          You got <strong>{result.score} of {result.total}</strong> right ({result.passMark} needed). {result.passed
            ? `${name} and every level below it are open. Its lessons still open one after another.`
            : 'You can try this test-out again tomorrow, with different questions.'}
        </p>
        {result.missed.length > 0 && (
          <>
            <h3>What you missed</h3>
            <p>These questions are in your review now, with their answers.</p>
            <ul className='missed-list'>
              {result.missed.map((m) => (
                <li key={`${m.lessonId}:${m.question}`}>
                  {m.question} <span className='small'>(from “{m.lessonTitle}”)</span>
                </li>
              ))}
            </ul>
          </>
        )}
        <div className='test-out-actions'>
          <a className='btn btn-primary' href={result.passed ? `/lessons?pillar=${pillar}&level=${level}` : '/review'}>
            {result.passed ? `Go to ${name}` : 'Go to your review'}
          </a>
          <a className='btn btn-outline' href={`/lessons?pillar=${pillar}`}>Back to the lessons</a>
        </div>
      </section>
    );
  }

  if (!questions) {
    return (
      <div className='test-out-start'>
        {error && <p className='alert alert-error' role='alert'>{error}</p>}
        <button type='button' className='btn btn-primary btn-lg' disabled={busy} onClick={start}>
          {busy ? 'Loading...' : inProgress ? 'Continue the test-out' : 'Start the test-out'}
        </button>
      </div>
    );
  }

  const answered = questions.filter((q) => chosen[key(q)] !== undefined).length;
  return (
    <form
      className='test-out-questions'
      aria-labelledby='test-out-questions'
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <h2 id='test-out-questions' tabIndex={-1} ref={heading}>{questions.length} questions</h2>
      <ol className='test-out-list'>
        {questions.map((q, i) => (
          <li key={key(q)} className='card'>
            <p className='quiz-progress'>Question {i + 1} of {questions.length}</p>
            <ChoiceQuestion
              headingId={`test-out-q${i + 1}`}
              question={q.question}
              name={`test-out-${key(q)}`}
              options={q.options}
              chosen={chosen[key(q)]}
              disabled={busy}
              onChoose={(option) => setChosen((c) => ({ ...c, [key(q)]: option }))}
            />
          </li>
        ))}
      </ol>
      {error && <p className='alert alert-error' role='alert'>{error}</p>}
      <p className='small' aria-live='polite'>{answered} of {questions.length} answered</p>
      <button type='submit' className='btn btn-primary btn-lg' disabled={busy}>
        {busy ? 'Submitting...' : 'Submit my answers'}
      </button>
    </form>
  );
}
