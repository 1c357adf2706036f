// The finish screen's celebrations (src/lib/celebration.ts), for a table of passes.
import { assertEquals } from '../helpers/assert.ts';
import { type CelebrationInput, celebrationsFor } from '../../src/lib/celebration.ts';

const lesson = { id: 3, pillar: 'credit', level: 'beginner' } as const;
const base: CelebrationInput = {
  lesson,
  levelLessonIds: [1, 2, 3, 4, 5],
  completedBefore: new Set([1]),
  newPass: true,
  daily: { streak: 4, today: { done: 2, goal: 3 } },
};
const kinds = (change: Partial<CelebrationInput>) => celebrationsFor({ ...base, ...change }).map((c) => c.kind);

Deno.test('a pass that is the first activity of the day marks a streak day', () => {
  assertEquals(kinds({ daily: { streak: 4, today: { done: 1, goal: 3 } } }), ['streak-day']);
  assertEquals(
    celebrationsFor({ ...base, daily: { streak: 4, today: { done: 1, goal: 3 } } })[0].sentence,
    "Day 4 of your streak: you learned today. Today's goal: 1 of 3 done.",
  );
  assertEquals(
    celebrationsFor({ ...base, daily: { streak: 1, today: { done: 1, goal: 3 } } })[0].sentence,
    "Day 1 of your streak: come back tomorrow to make it 2. Today's goal: 1 of 3 done.",
  );
});

Deno.test('a pass that reaches the daily goal marks it once, not after', () => {
  assertEquals(kinds({ daily: { streak: 4, today: { done: 3, goal: 3 } } }), ['goal-met']);
  assertEquals(
    celebrationsFor({ ...base, daily: { streak: 4, today: { done: 3, goal: 3 } } })[0].sentence,
    "Today's goal of 3 is met. 4-day streak.",
  );
  assertEquals(kinds({ daily: { streak: 4, today: { done: 4, goal: 3 } } }), []);
  assertEquals(kinds({ daily: { streak: 1, today: { done: 1, goal: 1 } } }), ['streak-day', 'goal-met']);
});

Deno.test('the pass that completes the last open lesson of a level marks the level', () => {
  const all = { completedBefore: new Set([1, 2, 4, 5]) };
  assertEquals(kinds(all), ['level-finished']);
  assertEquals(
    celebrationsFor({ ...base, ...all }).at(-1)!.sentence,
    'You finished Credit Beginner: every lesson passed.',
  );
  assertEquals(kinds({ completedBefore: new Set([1, 2, 4]) }), [], 'one lesson still open');
  assertEquals(kinds({ completedBefore: new Set([1, 2, 3, 4, 5]) }), [], 'passed again: the level was finished before');
});

Deno.test('nothing for a replayed attempt or a day that did not count', () => {
  assertEquals(kinds({ newPass: false, daily: { streak: 1, today: { done: 1, goal: 1 } } }), []);
  assertEquals(kinds({ daily: null }), []);
});
