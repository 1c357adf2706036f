import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import {
  type Answers,
  type AssessmentQuestion,
  bandForScore,
  colourForScore,
  levelForScore,
  type PillarScores,
  placementScores,
  scoreAnswers,
  scoreHalves,
} from '../../lib/assessment.ts';
import { LEVEL_LABELS, PILLAR_LABELS, PILLARS } from '../../lib/domain.ts';
import ChoiceQuestion from '../ui/ChoiceQuestion.tsx';
import '../ui/choice-question.css';
import './assessment.css';

interface Props {
  questions: AssessmentQuestion[];
  userId: string;
  retake?: boolean;
}

/** Spec 9: 'Continue to Dashboard' goes to /dashboard after a moment. */
export const DASHBOARD_REDIRECT_MS = 200;

const storageKey = (userId: string) => `assessment-progress:${userId}`;

export default function AssessmentWizard({ questions, userId, retake = false }: Props) {
  const [index, setIndex] = useState(0);
  const [answers, setAnswers] = useState<Answers>({});
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [result, setResult] = useState<PillarScores | null>(null);
  const [restored, setRestored] = useState(false);
  const [confirmClear, setConfirmClear] = useState(false);
  const confirmButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmClear) confirmButton.current?.focus();
  }, [confirmClear]);
  const heading = useRef<HTMLHeadingElement>(null);
  const total = questions.length;
  const question = questions[index];
  const chosen = question ? answers[String(question.id)] : undefined;
  const isLast = index === total - 1;
  const chosenIndex = question ? question.options.findIndex((o) => o.value === chosen) : -1;

  // Answers in progress survive a reload (kept in this browser only).
  useEffect(() => {
    try {
      const saved = JSON.parse(localStorage.getItem(storageKey(userId)) ?? 'null') as {
        answers: Answers;
        index: number;
      } | null;
      if (saved && saved.answers && typeof saved.index === 'number') {
        setAnswers(saved.answers);
        setIndex(Math.min(Math.max(0, saved.index), total - 1));
      }
    } catch {
      // unreadable: start over
    }
    setRestored(true);
  }, [userId, total]);

  useEffect(() => {
    if (!restored || result) return;
    try {
      localStorage.setItem(storageKey(userId), JSON.stringify({ answers, index }));
    } catch {
      // storage unavailable: progress is kept for this page only
    }
  }, [answers, index, restored, result, userId]);

  useEffect(() => {
    if (restored) heading.current?.focus();
  }, [index, restored]);

  function choose(value: string) {
    setAnswers((a) => ({ ...a, [String(question.id)]: value }));
    setError(null);
  }

  async function submit() {
    if (!userId) {
      setError('User ID not found. Please sign up again.');
      return;
    }
    setSaving(true);
    setError(null);
    try {
      const response = await api<PillarScores & { message?: string }>('/api/assessment/submit', {
        body: { userId, answers, ...scoreAnswers(questions, answers) },
      });
      if (!response.ok || !response.data) {
        setError(
          `${
            messageOf(response, 'Failed to save assessment')
          }. There was an error saving your assessment. Please try again.`,
        );
        return;
      }
      const { savingScore, creditScore, investingScore } = response.data;
      setResult({ savingScore, creditScore, investingScore });
      try {
        localStorage.removeItem(storageKey(userId));
      } catch {
        // nothing to clear
      }
    } catch (e) {
      setError(
        e instanceof NetworkError
          ? 'There was an error saving your assessment. Please check your connection and try again.'
          : 'There was an error saving your assessment. Please try again.',
      );
    } finally {
      setSaving(false);
    }
  }

  function next() {
    if (chosen === undefined || saving) return;
    if (isLast) void submit();
    else setIndex((i) => i + 1);
  }

  function clearSession() {
    setConfirmClear(false);
    setAnswers({});
    setIndex(0);
    setError(null);
    try {
      localStorage.removeItem(storageKey(userId));
    } catch {
      // nothing stored
    }
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key === 'Enter' && (event.target as HTMLElement).tagName === 'INPUT') {
      event.preventDefault();
      next();
    }
  }

  if (result) {
    const halves = scoreHalves(questions, answers);
    // The level and its words come from what the learner knows (issue 41), beside the habits.
    const placed = placementScores(questions, result, answers);
    const half = (value: number | null) => (value === null ? 'not counted' : `${value} of 100`);
    return (
      <section className='card assessment-complete' aria-labelledby='complete-title'>
        <h1 id='complete-title' tabIndex={-1} ref={(el) => el?.focus()}>
          Assessment Complete!
        </h1>
        <p>
          Here is your Wealth Snapshot: a result from 0 to 100 in each pillar, from what you know (the questions with
          one right answer) and what you do (your habits). Your level in each pillar comes from what you know; your
          habits shape your money coach's tips.
        </p>
        <ul className='snapshot-list'>
          {PILLARS.map((pillar) => {
            const score = pillar === 'saving'
              ? result.savingScore
              : pillar === 'credit'
              ? result.creditScore
              : result.investingScore;
            const colour = colourForScore(placed[pillar]);
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
                <p className='snapshot-band'>
                  <span className={`badge badge-${colour}`}>{bandForScore(placed[pillar])}</span> You start at{' '}
                  <strong>{LEVEL_LABELS[levelForScore(placed[pillar])]}</strong>.
                </p>
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

  if (!restored || !question) {
    return (
      <div className='center-state' aria-busy='true'>
        <div className='spinner' aria-hidden='true' />
        <p role='status'>Loading...</p>
      </div>
    );
  }

  // Complete is what is answered: 0% before the first answer, 100% with the last.
  const answeredCount = questions.filter((q) => answers[String(q.id)] !== undefined).length;
  const percent = Math.round((answeredCount / total) * 100);
  return (
    <section className='card assessment' aria-labelledby='question-title'>
      {retake && index === 0 && Object.keys(answers).length === 0 && (
        <p className='alert alert-info'>
          You're retaking the assessment. Your newest result sets your levels; earlier results stay on your progress
          screen.
        </p>
      )}
      <div className='assessment-progress'>
        <div className='between'>
          <span>
            Question {index + 1} of {total}
          </span>
          <span>{percent}% complete</span>
        </div>
        <div
          className='meter'
          role='progressbar'
          aria-label='Assessment progress'
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <span className={`meter-fill w-${Math.round(percent / 5) * 5}`} />
        </div>
      </div>
      <p className='question-category'>{PILLAR_LABELS[question.category]}</p>
      <ChoiceQuestion
        headingId='question-title'
        headingLevel={1}
        headingClassName='question-text'
        headingRef={heading}
        question={question.text}
        name={`question-${question.id}`}
        options={question.options.map((o) => o.label)}
        chosen={chosenIndex}
        onChoose={(i) => choose(question.options[i].value)}
        onKeyDown={onKeyDown}
      />
      {error && (
        <div className='alert alert-error' role='alert'>
          {error}
        </div>
      )}
      <div className='assessment-actions'>
        <button
          type='button'
          className='btn btn-outline'
          onClick={() => setIndex((i) => Math.max(0, i - 1))}
          disabled={index === 0 || saving}
        >
          Previous
        </button>
        <button
          type='button'
          className='btn btn-ghost'
          onClick={() => setConfirmClear(true)}
          disabled={saving || confirmClear}
        >
          Clear Session
        </button>
        <button type='button' className='btn btn-primary' onClick={next} disabled={chosen === undefined || saving}>
          {saving ? 'Saving your results...' : isLast ? 'Complete Assessment' : 'Next'}
        </button>
      </div>
      {confirmClear && (
        <div className='alert alert-info confirm-clear' role='alertdialog' aria-labelledby='confirm-clear-text'>
          <p id='confirm-clear-text'>
            Clear all {answeredCount} of your answers and start again from question 1?
          </p>
          <div className='confirm-actions'>
            <button type='button' className='btn btn-primary' onClick={clearSession} ref={confirmButton}>
              Yes, clear my answers
            </button>
            <button
              type='button'
              className='btn btn-outline'
              onClick={() =>
                setConfirmClear(false)}
            >
              Keep my answers
            </button>
          </div>
        </div>
      )}
      <p className='hint'>Tip: use the arrow keys to move between answers and Enter to continue.</p>
    </section>
  );
}
