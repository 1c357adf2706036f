import { assertEquals } from '../helpers/assert.ts';
import { choosePractice, PRACTICE_ROUND } from '../../src/lib/practice.ts';
import { type ReminderOfferFacts, shouldOfferReminder } from '../../src/lib/reminder-offer.ts';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));

Deno.test('practice asks missed questions first: the lowest box, then the newest miss', () => {
  const picks = choosePractice(
    [
      { lessonId: 1, questionId: 1, box: 2, dueAt: day(20) },
      { lessonId: 1, questionId: 2, box: 1, dueAt: day(10) },
      { lessonId: 2, questionId: 1, box: 1, dueAt: day(12) },
    ],
    [],
  );
  assertEquals(picks.map((p) => `${p.lessonId}:${p.questionId}`), ['2:1', '1:2', '1:1']);
  assertEquals(picks.every((p) => p.missed), true);
});

Deno.test('then passed lessons, the newest pass first, one question of each in turn, without repeats', () => {
  const picks = choosePractice(
    [{ lessonId: 5, questionId: 2, box: 1, dueAt: day(3) }],
    [
      { lessonId: 4, questionIds: [1, 2], passedAt: day(1) },
      { lessonId: 5, questionIds: [1, 2, 3], passedAt: day(2) },
    ],
  );
  assertEquals(picks.map((p) => `${p.lessonId}:${p.questionId}:${p.missed}`), [
    '5:2:true',
    '5:1:false',
    '4:1:false',
    '4:2:false',
    '5:3:false',
  ]);
});

Deno.test('a practice round asks at most PRACTICE_ROUND questions, and none before a miss or a pass', () => {
  const many = Array.from({ length: 30 }, (_, i) => i + 1);
  assertEquals(choosePractice([], [{ lessonId: 1, questionIds: many, passedAt: day(1) }]).length, PRACTICE_ROUND);
  assertEquals(choosePractice([], []), []);
});

Deno.test('the streak reminder is offered after a pass, to a verified address, until answered or already on', () => {
  const base: ReminderOfferFacts = { emailVerified: true, remindStreak: false, answer: null, passedAny: true };
  assertEquals(shouldOfferReminder(base), true);
  assertEquals(shouldOfferReminder({ ...base, passedAny: false }), false, 'before the first pass');
  assertEquals(shouldOfferReminder({ ...base, emailVerified: false }), false, 'unverified address');
  assertEquals(shouldOfferReminder({ ...base, remindStreak: true }), false, 'already on');
  assertEquals(shouldOfferReminder({ ...base, answer: 'declined' }), false, 'declined');
  assertEquals(shouldOfferReminder({ ...base, answer: 'accepted' }), false, 'accepted');
});
