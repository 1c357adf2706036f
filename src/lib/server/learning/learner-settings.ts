// The learner's streak and reminder settings (/account), stored on the users row.
import { and, eq, isNull } from 'drizzle-orm';
import { lessonProgress, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { isDailyGoal, validTimeZone } from '../../streak.ts';
import { type ReminderOfferAnswer, shouldOfferReminder } from '../../reminder-offer.ts';

export interface LearnerSettings {
  /** The stored zone (null until a browser has told us). */
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
}

/** The learner's streak and reminder settings. */
export async function loadSettings(userId: string): Promise<LearnerSettings | null> {
  const db = await getDb();
  const [row] = await db
    .select({
      timeZone: users.timeZone,
      dailyGoal: users.dailyGoal,
      remindReview: users.remindReview,
      remindStreak: users.remindStreak,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row ?? null;
}

/** Changes the given settings (the endpoint validated them); answers them all. */
export async function updateSettings(
  userId: string,
  changes: Partial<LearnerSettings>,
): Promise<LearnerSettings | null> {
  const set: Partial<LearnerSettings> = {};
  const zone = changes.timeZone === undefined ? undefined : validTimeZone(changes.timeZone);
  if (zone) set.timeZone = zone;
  if (changes.dailyGoal !== undefined && isDailyGoal(changes.dailyGoal)) set.dailyGoal = changes.dailyGoal;
  if (changes.remindReview !== undefined) set.remindReview = changes.remindReview;
  if (changes.remindStreak !== undefined) set.remindStreak = changes.remindStreak;
  const current = await loadSettings(userId);
  if (!current) return null;
  // Only what differs: nothing to write when nothing changed.
  const changed = Object.fromEntries(
    Object.entries(set).filter(([k, v]) => current[k as keyof LearnerSettings] !== v),
  ) as Partial<LearnerSettings>;
  if (Object.keys(changed).length === 0) return current;
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set(changed)
    .where(eq(users.id, userId))
    .returning({
      timeZone: users.timeZone,
      dailyGoal: users.dailyGoal,
      remindReview: users.remindReview,
      remindStreak: users.remindStreak,
    });
  return row ?? null;
}

export interface ReminderOfferState {
  /** Ask now: "Want a nudge to keep your streak?" */
  offer: boolean;
  remindStreak: boolean;
  answer: ReminderOfferAnswer | null;
}

/** Whether to offer the streak reminder now (src/lib/reminder-offer.ts): the learner's row and one passed lesson. */
export async function loadReminderOffer(userId: string): Promise<ReminderOfferState | null> {
  const db = await getDb();
  const [[user], passed] = await Promise.all([
    db
      .select({ verifiedAt: users.emailVerifiedAt, remindStreak: users.remindStreak, answer: users.reminderOffer })
      .from(users)
      .where(eq(users.id, userId)),
    db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.completed, true)))
      .limit(1),
  ]);
  if (!user) return null;
  const facts = {
    emailVerified: user.verifiedAt !== null,
    remindStreak: user.remindStreak,
    answer: user.answer,
    passedAny: passed.length > 0,
  };
  return { offer: shouldOfferReminder(facts), remindStreak: user.remindStreak, answer: user.answer };
}

/**
 * The learner's one-tap answer: yes turns on the streak reminder (/account's setting, which the
 * reminder job reads); no is kept so neither the finish screen nor the dashboard asks again. A
 * later yes still counts; a no never turns off a reminder already on. Never for an unverified address.
 */
export async function answerReminderOffer(userId: string, accept: boolean): Promise<ReminderOfferState | null> {
  const db = await getDb();
  const [user] = await db.select({ verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId));
  if (!user) return null;
  if (!user.verifiedAt) throw new HttpError(403, 'Please verify your e-mail address before turning on reminders');
  if (accept) {
    await db.update(users).set({ reminderOffer: 'accepted', remindStreak: true }).where(eq(users.id, userId));
  } else {
    await db
      .update(users)
      .set({ reminderOffer: 'declined' })
      .where(and(eq(users.id, userId), isNull(users.reminderOffer)));
  }
  return loadReminderOffer(userId);
}
