import { assertEquals } from '../helpers/assert.ts';
import { describeOutcome, dueAfter, isDue, scheduleAnswer, scheduleMiss } from '../../src/lib/leitner.ts';

const t0 = new Date('2026-11-22T10:00:00Z');
const days = (n: number) => new Date(t0.getTime() + n * 24 * 60 * 60 * 1000);

Deno.test('a missed question enters box 1, due one day later', () => {
  assertEquals(scheduleMiss(t0), { box: 1, dueAt: days(1) });
});

Deno.test('right answers move up through boxes at 1, 3, 7 and 14 days, then retire', () => {
  assertEquals(scheduleAnswer(1, true, t0), { box: 2, dueAt: days(3), retired: false });
  assertEquals(scheduleAnswer(2, true, t0), { box: 3, dueAt: days(7), retired: false });
  assertEquals(scheduleAnswer(3, true, t0), { box: 4, dueAt: days(14), retired: false });
  assertEquals(scheduleAnswer(4, true, t0), { box: 4, dueAt: null, retired: true });
});

Deno.test("a wrong answer moves back one box, due on that box's schedule, never below box 1", () => {
  assertEquals(scheduleAnswer(4, false, t0), { box: 3, dueAt: days(7), retired: false });
  assertEquals(scheduleAnswer(3, false, t0), { box: 2, dueAt: days(3), retired: false });
  assertEquals(scheduleAnswer(2, false, t0), { box: 1, dueAt: days(1), retired: false });
  assertEquals(scheduleAnswer(1, false, t0), { box: 1, dueAt: days(1), retired: false });
});

Deno.test('the review screen says where the question went and when it comes back', () => {
  assertEquals(describeOutcome(1, scheduleAnswer(1, true, t0)), 'It moves up to box 2 and comes back in 3 days.');
  assertEquals(describeOutcome(3, scheduleAnswer(3, false, t0)), 'It moves back to box 2 and comes back in 3 days.');
  assertEquals(describeOutcome(2, scheduleAnswer(2, false, t0)), 'It moves back to box 1 and comes back tomorrow.');
  assertEquals(describeOutcome(1, scheduleAnswer(1, false, t0)), 'It stays in box 1 and comes back tomorrow.');
  assertEquals(
    describeOutcome(4, scheduleAnswer(4, true, t0)),
    'You have mastered this question: it leaves your review queue.',
  );
});

Deno.test('an item is due from its due time on, unless retired', () => {
  assertEquals(isDue({ dueAt: days(1), retiredAt: null }, days(0.99)), false);
  assertEquals(isDue({ dueAt: days(1), retiredAt: null }, days(1)), true);
  assertEquals(isDue({ dueAt: days(1), retiredAt: days(2) }, days(3)), false);
  assertEquals(dueAfter(9, t0), days(14));
});
