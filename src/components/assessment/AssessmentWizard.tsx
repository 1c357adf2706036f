import { useEffect, useReducer, useRef } from 'react';
import { api, messageOf, NetworkError } from '../api.ts';
import { type AssessmentQuestion, type PillarScores, scoreAnswers } from '../../lib/assessment.ts';
import { forgetProgress, initialWizardState, keepProgress, readProgress, wizardReducer } from './wizard-state.ts';
import QuestionStep from './QuestionStep.tsx';
import SnapshotResults from './SnapshotResults.tsx';
import '../ui/choice-question.css';
import './assessment.css';

interface Props {
  questions: AssessmentQuestion[];
  /** The title of each lesson a knowledge question names (slug to title), for the result. */
  lessons?: Record<string, string>;
  userId: string;
  retake?: boolean;
}

const SAVE_FAILED = 'There was an error saving your assessment.';

/** The Wealth Snapshot assessment: one question at a time, answers kept across a reload, then the results. */
export default function AssessmentWizard({ questions, lessons, userId, retake = false }: Props) {
  const [state, dispatch] = useReducer(wizardReducer, initialWizardState);
  const { index, answers, restored, saving, result } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  const total = questions.length;

  useEffect(() => dispatch({ type: 'restored', saved: readProgress(userId), total }), [userId, total]);

  useEffect(() => {
    if (restored && !result) keepProgress(userId, { answers, index });
  }, [answers, index, restored, result, userId]);

  useEffect(() => {
    if (restored) heading.current?.focus();
  }, [index, restored]);

  async function submit() {
    if (!userId) return dispatch({ type: 'failed', error: 'User ID not found. Please sign up again.' });
    dispatch({ type: 'saving' });
    try {
      const response = await api<PillarScores>('/api/assessment/submit', {
        body: { userId, answers, ...scoreAnswers(questions, answers) },
      });
      if (!response.ok || !response.data) {
        const error = `${messageOf(response, 'Failed to save assessment')}. ${SAVE_FAILED} Please try again.`;
        return dispatch({ type: 'failed', error });
      }
      const { savingScore, creditScore, investingScore } = response.data;
      dispatch({ type: 'scored', result: { savingScore, creditScore, investingScore } });
      forgetProgress(userId);
    } catch (e) {
      const error = e instanceof NetworkError
        ? `${SAVE_FAILED} Please check your connection and try again.`
        : `${SAVE_FAILED} Please try again.`;
      dispatch({ type: 'failed', error });
    }
  }

  function next() {
    if (answers[String(questions[index].id)] === undefined || saving) return;
    if (index === total - 1) void submit();
    else dispatch({ type: 'go', index: index + 1 });
  }

  if (result) return <SnapshotResults questions={questions} answers={answers} result={result} lessons={lessons} />;
  if (!restored || !questions[index]) {
    return (
      <div className='center-state' aria-busy='true'>
        <div className='spinner' aria-hidden='true' />
        <p role='status'>Loading...</p>
      </div>
    );
  }
  return (
    <QuestionStep
      questions={questions}
      state={state}
      dispatch={dispatch}
      retake={retake}
      headingRef={heading}
      onNext={next}
    />
  );
}
