// The one-time offer of a streak reminder ("Want a nudge to keep your streak?"): asked after the
// first passed lesson, only of a verified address, once (an answer on any device ends it). Pure.
export type ReminderOfferAnswer = 'accepted' | 'declined';

export interface ReminderOfferFacts {
  emailVerified: boolean;
  /** The streak reminder is already on (from /account or an earlier yes). */
  remindStreak: boolean;
  answer: ReminderOfferAnswer | null;
  passedAny: boolean;
}

/** Whether the finish screen and the dashboard ask the learner now. */
export function shouldOfferReminder(facts: ReminderOfferFacts): boolean {
  return facts.emailVerified && facts.passedAny && !facts.remindStreak && facts.answer === null;
}
