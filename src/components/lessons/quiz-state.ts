// The quiz as a state machine (LessonQuiz.tsx): the lesson's text ('content'), a question at a
// time with feedback on each checked answer ('quiz'), then the finish screen after a pass or the
// failed screen after a fail. A pure reducer; the requests and the browser's storage stay in the
// component. Unit tests: tests/unit/quiz-state.test.ts.
import type { QuizCompletion } from '../../lib/server/learning/complete-quiz.ts';

export interface QuizQuestion {
  id: number;
  question: string;
  options: string[];
}

/** One checked answer, as `POST /api/lesson/{id}/check` answers it. */
export interface Checked {
  questionId: number;
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
  explanation: string;
}

export type QuizView = 'content' | 'quiz' | 'finish' | 'failed';

export interface QuizState {
  view: QuizView;
  /** Makes a completion count once, however often it is sent. */
  attemptId: string;
  startedAt: number;
  index: number;
  answers: Record<number, number>;
  checked: Record<number, Checked>;
  /** A request is on its way. */
  busy: boolean;
  error: string | null;
  result: QuizCompletion | null;
  /** The questions missed in the last failed attempt, listed above the text. */
  missed: Checked[];
  /** The session ended mid-quiz: the sign-in dialog is open. */
  signIn: boolean;
  /** Each question's options in the order this attempt shows them (spec indices; src/lib/shuffle.ts). */
  orders: Record<number, number[]>;
}

/** A quiz kept in this tab while the learner signs in again (their session ended mid-quiz). */
export type PendingQuiz = Pick<QuizState, 'attemptId' | 'startedAt' | 'index' | 'answers' | 'checked'> & {
  /** The options' order shown (absent in a quiz kept before orders were). */
  orders?: QuizState['orders'];
  userId: string;
  /** What was being sent when the session ended. */
  action: 'check' | 'complete';
};

export type QuizAction =
  | { type: 'start'; attemptId: string; startedAt: number; orders?: Record<number, number[]> }
  | { type: 'resume'; pending: PendingQuiz }
  | { type: 'choose'; questionId: number; answer: number }
  | { type: 'send' }
  | { type: 'checked'; checked: Checked }
  | { type: 'completed'; result: QuizCompletion }
  | { type: 'sendFailed'; error: string }
  | { type: 'sessionEnded' }
  | { type: 'closeSignIn' }
  | { type: 'next' }
  | { type: 'review' };

export const initialQuizState: QuizState = {
  view: 'content',
  attemptId: '',
  startedAt: 0,
  index: 0,
  answers: {},
  checked: {},
  busy: false,
  error: null,
  result: null,
  missed: [],
  signIn: false,
  orders: {},
};

export function quizReducer(state: QuizState, action: QuizAction): QuizState {
  switch (action.type) {
    case 'start':
      return {
        ...state,
        view: 'quiz',
        attemptId: action.attemptId,
        startedAt: action.startedAt,
        orders: action.orders ?? {},
        index: 0,
        answers: {},
        checked: {},
        error: null,
        result: null,
      };
    case 'resume': {
      const { attemptId, startedAt, index, answers, checked, orders } = action.pending;
      // A quiz kept before orders were kept shows the spec's order.
      return { ...state, view: 'quiz', attemptId, startedAt, index, answers, checked, orders: orders ?? {} };
    }
    case 'choose':
      if (state.checked[action.questionId]) return state;
      return { ...state, answers: { ...state.answers, [action.questionId]: action.answer } };
    case 'send':
      return { ...state, busy: true, error: null };
    case 'checked': {
      const { checked } = action;
      // The graded answer is the first one checked (a second tab may have checked first).
      return {
        ...state,
        busy: false,
        checked: { ...state.checked, [checked.questionId]: checked },
        answers: { ...state.answers, [checked.questionId]: checked.userAnswer },
      };
    }
    case 'completed': {
      const { result } = action;
      const missed = result.passed ? [] : result.results.filter((r) => !r.isCorrect);
      return { ...state, busy: false, result, missed, view: result.passed ? 'finish' : 'failed' };
    }
    case 'sendFailed':
      return { ...state, busy: false, error: action.error };
    case 'sessionEnded':
      return { ...state, busy: false, signIn: true };
    case 'closeSignIn':
      return { ...state, signIn: false };
    case 'next':
      return { ...state, index: state.index + 1 };
    case 'review':
      return { ...state, view: 'content', index: 0 };
  }
}

/** What is kept while the learner signs in again, to send `action` once they have. */
export function toPending(state: QuizState, userId: string, action: PendingQuiz['action']): PendingQuiz {
  const { attemptId, startedAt, index, answers, checked, orders } = state;
  return { userId, attemptId, startedAt, index, answers, checked, orders, action };
}
