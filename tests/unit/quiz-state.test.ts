// The lesson quiz's state machine (src/components/lessons/quiz-state.ts): content, a question at a
// time with feedback per answer, then finish after a pass or failed after a fail.
import { assert, assertEquals } from '../helpers/assert.ts';
import {
  type Checked,
  initialQuizState,
  type QuizAction,
  quizReducer,
  type QuizState,
  toPending,
} from '../../src/components/lessons/quiz-state.ts';
import type { QuizCompletion } from '../../src/lib/server/learning/complete-quiz.ts';

const run = (actions: QuizAction[], from: QuizState = initialQuizState) => actions.reduce(quizReducer, from);
const started = run([{ type: 'start', attemptId: 'a1', startedAt: 1000 }]);
const checked = (questionId: number, userAnswer: number, correctAnswer: number): Checked => ({
  questionId,
  userAnswer,
  correctAnswer,
  isCorrect: userAnswer === correctAnswer,
  explanation: `why ${questionId}`,
});
const completion = (results: Checked[], passed: boolean) =>
  ({
    passed,
    results,
    score: results.filter((r) => r.isCorrect).length,
    totalQuestions: results.length,
  }) as unknown as QuizCompletion;

Deno.test('starting a quiz opens question 1 of a new attempt with nothing answered', () => {
  const before = { ...initialQuizState, index: 2, answers: { 1: 0 }, error: 'x', view: 'failed' as const };
  const state = quizReducer(before, { type: 'start', attemptId: 'a2', startedAt: 5 });
  assertEquals(
    [state.view, state.attemptId, state.startedAt, state.index, state.answers, state.error],
    ['quiz', 'a2', 5, 0, {}, null],
  );
});

Deno.test('an answer is chosen, sent, and its feedback keeps the answer the server graded', () => {
  const sending = run([{ type: 'choose', questionId: 7, answer: 1 }, { type: 'send' }], started);
  assertEquals([sending.answers, sending.busy], [{ 7: 1 }, true]);
  const state = quizReducer(sending, { type: 'checked', checked: checked(7, 2, 2) });
  assertEquals([state.busy, state.answers, state.checked[7].isCorrect], [false, { 7: 2 }, true]);
  // A checked answer is not changed any more.
  assertEquals(quizReducer(state, { type: 'choose', questionId: 7, answer: 0 }), state);
});

Deno.test('a request that fails keeps the answers and says why', () => {
  const state = run([{ type: 'choose', questionId: 7, answer: 1 }, { type: 'send' }, {
    type: 'sendFailed',
    error: 'Connection failed.',
  }], started);
  assertEquals([state.busy, state.error, state.answers, state.view], [false, 'Connection failed.', { 7: 1 }, 'quiz']);
  assertEquals(quizReducer(state, { type: 'send' }).error, null);
});

Deno.test('a pass shows the finish screen; a fail shows the failed screen and lists the missed questions', () => {
  const right = checked(1, 0, 0);
  const wrong = checked(2, 1, 3);
  const passed = quizReducer({ ...started, busy: true }, { type: 'completed', result: completion([right], true) });
  assertEquals([passed.view, passed.busy, passed.missed], ['finish', false, []]);
  const failed = quizReducer(started, { type: 'completed', result: completion([right, wrong], false) });
  assertEquals([failed.view, failed.missed], ['failed', [wrong]]);
  // Review the lesson: back to the text, the missed questions still listed above it.
  const review = quizReducer({ ...failed, index: 1 }, { type: 'review' });
  assertEquals([review.view, review.index, review.missed], ['content', 0, [wrong]]);
  // Try again: a new attempt.
  assertEquals(quizReducer(failed, { type: 'start', attemptId: 'a3', startedAt: 9 }).view, 'quiz');
});

Deno.test('Next moves to the following question', () => {
  assertEquals(quizReducer(started, { type: 'next' }).index, 1);
});

Deno.test('an ended session opens the sign-in dialog; the kept quiz resumes where it was', () => {
  const answering = run([
    { type: 'choose', questionId: 1, answer: 2 },
    { type: 'checked', checked: checked(1, 2, 2) },
    {
      type: 'next',
    },
    { type: 'choose', questionId: 2, answer: 0 },
    { type: 'send' },
  ], started);
  const ended = quizReducer(answering, { type: 'sessionEnded' });
  assertEquals([ended.signIn, ended.busy], [true, false]);
  assert(!quizReducer(ended, { type: 'closeSignIn' }).signIn);
  const pending = toPending(ended, 'user-1', 'check');
  assertEquals(pending, {
    userId: 'user-1',
    attemptId: 'a1',
    startedAt: 1000,
    index: 1,
    // The options' order shown is kept with the quiz (issue 52); this attempt was started without one.
    orders: {},
    answers: { 1: 2, 2: 0 },
    checked: { 1: checked(1, 2, 2) },
    action: 'check',
  });
  const resumed = quizReducer(initialQuizState, { type: 'resume', pending });
  assertEquals(
    [resumed.view, resumed.attemptId, resumed.startedAt, resumed.index, resumed.answers, resumed.checked],
    ['quiz', 'a1', 1000, 1, pending.answers, pending.checked],
  );
});
