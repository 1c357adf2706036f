import { assertEquals } from '../helpers/assert.ts';
import { dueAfter, isDue, scheduleAnswer, scheduleMiss } from '../../src/lib/leitner.ts';

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

Deno.test('a wrong answer goes back to box 1 from any box', () => {
  for (const box of [1, 2, 3, 4]) assertEquals(scheduleAnswer(box, false, t0), { box: 1, dueAt: days(1), retired: false });
});

Deno.test('an item is due from its due time on, unless retired', () => {
  assertEquals(isDue({ dueAt: days(1), retiredAt: null }, days(0.99)), false);
  assertEquals(isDue({ dueAt: days(1), retiredAt: null }, days(1)), true);
  assertEquals(isDue({ dueAt: days(1), retiredAt: days(2) }, days(3)), false);
  assertEquals(dueAfter(9, t0), days(14));
});
