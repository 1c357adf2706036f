// Issue 52, point 4: options shown in a new order each attempt; answers stay the spec's indices.
import { assert, assertEquals } from '../helpers/assert.ts';
import { isOrderOf, shuffledOrder, shuffledOrders } from '../../src/lib/shuffle.ts';
import { initialQuizState, quizReducer, toPending } from '../../src/components/lessons/quiz-state.ts';

const spec = [0, 1, 2, 3];

Deno.test("a shuffled order is a permutation, never the spec order nor the last attempt's", () => {
  let last: number[] | undefined;
  for (let n = 0; n < 500; n++) {
    const order = shuffledOrder(4, last);
    assert(isOrderOf(order, 4), `${order} is a permutation of 4`);
    assert(order.join() !== spec.join(), 'not the spec order');
    if (last) assert(order.join() !== last.join(), "not the last attempt's order");
    last = order;
  }
  // Every option reaches every place over many attempts (no position is fixed).
  const seen = new Set<string>();
  for (let n = 0; n < 400; n++) shuffledOrder(4).forEach((option, place) => seen.add(`${option}@${place}`));
  assertEquals(seen.size, 16);
  assertEquals(shuffledOrder(1), [0]);
  assertEquals(shuffledOrder(2), [1, 0]);
});

Deno.test('orders per question; a kept order is checked before it is shown', () => {
  const questions = [{ id: 7, options: ['a', 'b', 'c'] }, { id: 9, options: ['a', 'b', 'c', 'd'] }];
  const first = shuffledOrders(questions);
  const again = shuffledOrders(questions, first);
  for (const q of questions) {
    assert(isOrderOf(first[q.id], q.options.length));
    assert(first[q.id].join() !== again[q.id].join(), 'Try again shows another order');
  }
  assertEquals(isOrderOf([0, 0, 1], 3), false);
  assertEquals(isOrderOf([0, 1], 3), false);
  assertEquals(isOrderOf('0,1,2', 3), false);
});

Deno.test('the quiz state keeps the orders, and a quiz kept for signing in again brings them back', () => {
  const orders = { 1: [2, 0, 1, 3], 2: [3, 2, 1, 0] };
  const started = quizReducer(initialQuizState, { type: 'start', attemptId: 'a', startedAt: 1, orders });
  assertEquals(started.orders, orders);
  const chosen = quizReducer(started, { type: 'choose', questionId: 1, answer: 2 });
  assertEquals(chosen.answers, { 1: 2 }, 'the answer is the spec index, whatever place it was shown in');
  const pending = JSON.parse(JSON.stringify(toPending(chosen, 'u', 'check')));
  const resumed = quizReducer(initialQuizState, { type: 'resume', pending });
  assertEquals([resumed.orders, resumed.answers, resumed.attemptId], [orders, { 1: 2 }, 'a']);
});
