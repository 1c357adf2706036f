// The review queue's Leitner schedule: boxes at 1, 3, 7 and 14 days. A missed quiz question
// enters box 1; a right answer moves it up a box, a wrong one back a box (never below box 1);
// a right answer in the last box retires it. Pure.
export const BOX_DAYS = [1, 3, 7, 14] as const;
export const LAST_BOX = BOX_DAYS.length;
const DAY_MS = 24 * 60 * 60 * 1000;

export function dueAfter(box: number, from: Date): Date {
  const days = BOX_DAYS[Math.min(Math.max(box, 1), LAST_BOX) - 1];
  return new Date(from.getTime() + days * DAY_MS);
}

/** Where a missed question goes: box 1, due a day later (also when it was already queued). */
export function scheduleMiss(now: Date): { box: number; dueAt: Date } {
  return { box: 1, dueAt: dueAfter(1, now) };
}

export interface ReviewOutcome {
  box: number;
  dueAt: Date | null;
  retired: boolean;
}

export function scheduleAnswer(box: number, correct: boolean, now: Date): ReviewOutcome {
  if (!correct) {
    const back = Math.max(1, box - 1);
    return { box: back, dueAt: dueAfter(back, now), retired: false };
  }
  if (box >= LAST_BOX) return { box: LAST_BOX, dueAt: null, retired: true };
  return { box: box + 1, dueAt: dueAfter(box + 1, now), retired: false };
}

const inDays = (box: number) => (BOX_DAYS[box - 1] === 1 ? 'tomorrow' : `in ${BOX_DAYS[box - 1]} days`);

/** What happened to a review question, in the words the review screen shows. */
export function describeOutcome(fromBox: number, outcome: { box: number; retired: boolean }): string {
  if (outcome.retired) return 'You have mastered this question: it leaves your review queue.';
  if (outcome.box > fromBox) return `It moves up to box ${outcome.box} and comes back ${inDays(outcome.box)}.`;
  if (outcome.box < fromBox) return `It moves back to box ${outcome.box} and comes back ${inDays(outcome.box)}.`;
  return `It stays in box ${outcome.box} and comes back ${inDays(outcome.box)}.`;
}

export function isDue(item: { dueAt: Date; retiredAt: Date | null }, now: Date): boolean {
  return item.retiredAt === null && item.dueAt.getTime() <= now.getTime();
}
