// The quiz's two requests (check an answer, complete the attempt) and the quiz kept in this tab
// while the learner signs in again. Each reports to the quiz's reducer (quiz-state.ts).
import type { Dispatch } from 'react';
import type { QuizCompletion } from '../../lib/server/learning/complete-quiz.ts';
import { api, messageOf, NetworkError } from '../api.ts';
import {
  type Checked,
  type PendingQuiz,
  type QuizAction,
  type QuizQuestion,
  type QuizState,
  toPending,
} from './quiz-state.ts';

export interface QuizContext {
  lessonId: number;
  /** Where the two requests go: `/api/lesson/{id}` for a learner, the draft's for the studio's preview. */
  apiBase: string;
  userId: string;
  questions: QuizQuestion[];
  dispatch: Dispatch<QuizAction>;
}

const CHECK_FAILED = 'Could not check your answer. Please try again.';
const CHECK_OFFLINE = 'Connection failed. Your answer is kept here: check it again in a moment.';
const COMPLETE_FAILED = 'Failed to complete lesson. Please try again.';
const CONNECTIVITY = "Your answers were saved but there's a connectivity issue. Please try again in a moment.";

const pendingKey = (apiBase: string) => `quiz-pending:${apiBase}`;

/** The session ended: keep everything in this tab and ask the learner to sign in again. */
function holdForSignIn({ apiBase, userId, dispatch }: QuizContext, state: QuizState, action: PendingQuiz['action']) {
  try {
    sessionStorage.setItem(pendingKey(apiBase), JSON.stringify(toPending(state, userId, action)));
  } catch {
    // storage unavailable: the answers stay in this page until it is closed
  }
  dispatch({ type: 'sessionEnded' });
}

/** The quiz this learner left for signing in again (the page reloaded), taken out of storage. */
export function takePendingQuiz(apiBase: string, userId: string): PendingQuiz | null {
  let pending: PendingQuiz | null = null;
  try {
    pending = JSON.parse(sessionStorage.getItem(pendingKey(apiBase)) ?? 'null') as PendingQuiz | null;
    sessionStorage.removeItem(pendingKey(apiBase));
  } catch {
    return null;
  }
  // Someone else signed in: their quiz is not this one.
  return pending?.userId === userId ? pending : null;
}

/** Checks the answer to the current question (once: a checked question is not sent again). */
export async function checkAnswer(context: QuizContext, state: QuizState): Promise<void> {
  const { apiBase, questions, dispatch } = context;
  const question = questions[state.index];
  if (!question || state.answers[question.id] === undefined || state.checked[question.id]) return;
  dispatch({ type: 'send' });
  try {
    const response = await api<Checked>(`${apiBase}/check`, {
      body: { attemptId: state.attemptId, questionId: question.id, userAnswer: state.answers[question.id] },
    });
    if (response.status === 401) return holdForSignIn(context, state, 'check');
    if (!response.ok || !response.data) {
      return dispatch({ type: 'sendFailed', error: messageOf(response, CHECK_FAILED) });
    }
    dispatch({ type: 'checked', checked: response.data });
  } catch (e) {
    dispatch({ type: 'sendFailed', error: e instanceof NetworkError ? CHECK_OFFLINE : CHECK_FAILED });
  }
}

const timeZone = () => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
};

/** Sends every answer; the attempt id makes the completion count once, however often it is sent. */
export async function completeQuiz(context: QuizContext, state: QuizState): Promise<void> {
  const { apiBase, questions, dispatch } = context;
  dispatch({ type: 'send' });
  try {
    const response = await api<QuizCompletion>(`${apiBase}/complete`, {
      body: {
        attemptId: state.attemptId,
        quizResponses: questions.map((q) => ({ questionId: q.id, userAnswer: state.answers[q.id] })),
        durationMs: Math.max(0, Date.now() - state.startedAt),
        timeZone: timeZone(),
      },
    });
    if (response.status === 401) return holdForSignIn(context, { ...state, index: questions.length - 1 }, 'complete');
    if (!response.ok || !response.data) {
      const error = response.status === 403 ? messageOf(response, COMPLETE_FAILED) : COMPLETE_FAILED;
      return dispatch({ type: 'sendFailed', error });
    }
    const result = response.data;
    // The failed screen says the score and the pass mark; no toast repeats it.
    dispatch({ type: 'completed', result });
  } catch (e) {
    dispatch({ type: 'sendFailed', error: e instanceof NetworkError ? CONNECTIVITY : COMPLETE_FAILED });
  }
}
