import {
  type Answers,
  type AssessmentQuestion,
  bandForScore,
  colourForScore,
  leftOutNote,
  levelForScore,
  type PillarScores,
  placementScores,
  scoreHalves,
} from '../../lib/assessment.ts';
import { LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';
import MissedKnowledge, { type LessonTitles } from './MissedKnowledge.tsx';

/** Spec 9: 'Continue to Dashboard' goes to /dashboard after a moment. */
export const DASHBOARD_REDIRECT_MS = 200;

const SCORE_OF: Record<Pillar, keyof PillarScores> = {
  saving: 'savingScore',
  credit: 'creditScore',
  investing: 'investingScore',
};
const half = (value: number | null) => (value === null ? 'not counted' : `${value} of 100`);

/** The finish screen: the Wealth Snapshot, each pillar's result, its halves and the level it starts at. */
export default function SnapshotResults(
  { questions, answers, result, lessons = {} }: {
    questions: AssessmentQuestion[];
    answers: Answers;
    result: PillarScores;
    /** The title of each lesson a knowledge question names (slug to title). */
    lessons?: LessonTitles;
  },
) {
  const halves = scoreHalves(questions, answers);
  // The level and its words come from what the learner knows (issue 41), beside the habits.
  const placed = placementScores(questions, result, answers);
  return (
    <section className='card assessment-complete' aria-labelledby='complete-title'>
      <h1 id='complete-title' tabIndex={-1} ref={(el) => el?.focus()}>
        Assessment Complete!
      </h1>
      <p>
        Here is your Wealth Snapshot: a result from 0 to 100 in each pillar, from what you know (the questions with one
        right answer) and what you do (your habits). Your level in each pillar comes from what you know; your habits
        shape your money coach's tips.
      </p>
      <ul className='snapshot-list'>
        {PILLARS.map((pillar) => {
          const score = result[SCORE_OF[pillar]];
          const colour = colourForScore(placed[pillar]);
          const leftOut = leftOutNote(questions, answers, pillar);
          return (
            <li key={pillar} className={`snapshot-item score-${colour}`} data-pillar={pillar}>
              <div className='snapshot-head'>
                <h2>{PILLAR_LABELS[pillar]}</h2>
                <p className='snapshot-score'>
                  <span className='score-value'>{score}</span>
                  <span className='visually-hidden'>&#32;out of 100</span>
                  <span aria-hidden='true'>/100</span>
                </p>
              </div>
              <div className='meter' aria-hidden='true'>
                <span className={`meter-fill w-${Math.round(score / 5) * 5}`} />
              </div>
              <dl className='snapshot-halves'>
                <div>
                  <dt>What you know</dt>
                  <dd data-testid={`knowledge-${pillar}`}>{half(halves[pillar].knowledge)}</dd>
                </div>
                <div>
                  <dt>What you do</dt>
                  <dd data-testid={`habits-${pillar}`}>{half(halves[pillar].habits)}</dd>
                </div>
              </dl>
              {leftOut && (
                <p className='small' data-testid={`left-out-${pillar}`}>
                  {leftOut}.
                </p>
              )}
              <p className='snapshot-band'>
                <span className={`badge badge-${colour}`}>{bandForScore(placed[pillar])}</span> You start at{' '}
                <strong>{LEVEL_LABELS[levelForScore(placed[pillar])]}</strong>.
              </p>
              <MissedKnowledge questions={questions} answers={answers} pillar={pillar} lessons={lessons} />
              {levelForScore(placed[pillar]) !== 'advanced' && (
                <p className='small test-out-offer'>
                  Know more than this?{' '}
                  {LEVELS.slice(LEVELS.indexOf(levelForScore(placed[pillar])) + 1).map((level, i) => (
                    <span key={level}>
                      {i > 0 && ' or '}
                      <a href={`/test-out/${pillar}/${level}`} data-testid={`test-out-${pillar}-${level}`}>
                        Test out of {LEVEL_LABELS[level]} {PILLAR_LABELS[pillar]}
                      </a>
                    </span>
                  ))}
                  .
                </p>
              )}
            </li>
          );
        })}
      </ul>
      <button
        type='button'
        className='btn btn-primary btn-lg'
        onClick={() => setTimeout(() => window.location.assign('/dashboard'), DASHBOARD_REDIRECT_MS)}
      >
        Continue to Dashboard
      </button>
    </section>
  );
}
