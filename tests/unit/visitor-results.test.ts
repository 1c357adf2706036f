// Issue 52, point 3: the browser keeps a visitor's best result per lesson; a later fail never replaces a pass.
import { assertEquals } from '../helpers/assert.ts';
import { isBetter, keepResult, type KeptResult, keptResultFor } from '../../src/components/library/visitor-results.ts';

const result = (attemptId: string, score: number, passed: boolean): KeptResult => ({
  lessonId: 3,
  attemptId,
  quizResponses: [{ questionId: 1, userAnswer: 0 }],
  score,
  total: 4,
  passed,
});

Deno.test('a pass beats a fail, then more right; a tie keeps the one kept', () => {
  assertEquals(isBetter(result('a', 3, true), result('b', 2, false)), true);
  assertEquals(isBetter(result('a', 2, false), result('b', 3, true)), false);
  assertEquals(isBetter(result('a', 4, true), result('b', 3, true)), true);
  assertEquals(isBetter(result('a', 3, true), result('b', 3, true)), false);
});

Deno.test('keepResult keeps the best per lesson in the browser, and answers the one kept', () => {
  localStorage.clear();
  assertEquals(keepResult(result('fail-1', 1, false)).attemptId, 'fail-1');
  assertEquals(keepResult(result('pass', 3, true)).attemptId, 'pass');
  assertEquals(keepResult(result('fail-2', 2, false)).attemptId, 'pass', 'a later fail never replaces a pass');
  assertEquals(keptResultFor(3)?.attemptId, 'pass');
  assertEquals(keepResult(result('better', 4, true)).attemptId, 'better');
  assertEquals(keptResultFor(3)?.attemptId, 'better');
  localStorage.clear();
});
