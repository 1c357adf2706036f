import type { Ref } from 'react';
import type { QuizCompletion } from '../../lib/server/learning/complete-quiz.ts';
import DailyCredit from '../ui/DailyCredit.tsx';
import ReminderOffer from '../ui/ReminderOffer.tsx';
import Celebrations from './Celebrations.tsx';
import ComesBack from './ComesBack.tsx';
import Explanations from './Explanations.tsx';
import type { QuizQuestion } from './quiz-state.ts';

interface Props {
  result: QuizCompletion;
  questions: QuizQuestion[];
  pillar: string;
  level: string;
  headingRef: Ref<HTMLHeadingElement>;
  /** A draft's preview: the way back is to the draft (`/studio/drafts/{id}`), not a learner's pages. */
  draftPage?: string;
}

/** After a pass: the score, the day's streak and goal, new badges, the next lesson and a way back. */
export default function FinishScreen({ result, questions, pillar, level, headingRef, draftPage }: Props) {
  const { daily, badgesEarned, nextLesson } = result;
  const celebrations = result.celebrations ?? [];
  return (
    <section className='card quiz-result finish' aria-labelledby='result-title'>
      <h2 id='result-title' tabIndex={-1} ref={headingRef}>
        You passed!
      </h2>
      <p className='result-score' role='status'>
        You got <strong>{result.score}</strong> of <strong>{result.totalQuestions}</strong> right (pass mark{' '}
        {result.passMark}).
      </p>
      <ComesBack result={result} />
      {/* A streak day or a goal met is said by its celebration, which carries the day's figures. */}
      {daily && !celebrations.some((c) => c.kind !== 'level-finished') && <DailyCredit daily={daily} />}
      <Celebrations items={celebrations} />
      <ReminderOffer headingLevel={3} />
      {badgesEarned && badgesEarned.length > 0 && (
        <div className='finish-badges' data-testid='finish-badges'>
          <h3>New {badgesEarned.length === 1 ? 'badge' : 'badges'}</h3>
          <ul>
            {badgesEarned.map((b) => (
              <li key={b.key}>
                <strong>{b.title}</strong>: {b.description}
              </li>
            ))}
          </ul>
        </div>
      )}
      {nextLesson && (
        <p className='small' data-testid='finish-next-reason'>
          Why this lesson: {nextLesson.reason}.
        </p>
      )}
      <div className='quiz-actions'>
        {draftPage
          ? (
            <a className='btn btn-primary btn-lg' href={draftPage}>
              Back to the draft
            </a>
          )
          : nextLesson
          ? (
            <a className='btn btn-primary btn-lg' href={`/lesson/${nextLesson.id}`} data-testid='finish-next'>
              Next lesson: {nextLesson.title}
            </a>
          )
          : (
            <a className='btn btn-primary btn-lg' href='/dashboard'>
              Back to your dashboard
            </a>
          )}
        {!draftPage && (
          <a
            className='btn btn-outline'
            href={`/lessons?pillar=${encodeURIComponent(pillar)}&level=${encodeURIComponent(level)}`}
          >
            Back to lessons
          </a>
        )}
      </div>
      <details className='finish-explanations'>
        <summary>See each question and why</summary>
        <Explanations questions={questions} results={result.results} />
      </details>
    </section>
  );
}
