// The learner's streak and reminder settings (/account), stored on the users row.
import { and, desc, eq, gte, isNull, lte, sql } from 'drizzle-orm';
import { learnerDays, lessonProgress, users } from '../../../../db/schema.ts';
import { getDb, prepared } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { addDays, dayIn, isDailyGoal } from '../../streak.ts';
import { type DailyStatus, dailyStatusOf } from './streaks.ts';
import { type ReminderOfferAnswer, shouldOfferReminder } from '../../reminder-offer.ts';
import { planZoneChange } from '../../zone-change.ts';

export interface LearnerSettings {
  /** The stored zone (null until a browser has told us). */
  timeZone: string | null;
  /** A chosen zone waiting for the next local day, and when it takes effect (issue 53). */
  nextTimeZone: string | null;
  nextTimeZoneAt: Date | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  /** The local hour (0-23) reminders go out from. */
  reminderHour: number;
}

const SETTINGS = {
  timeZone: true,
  nextTimeZone: true,
  nextTimeZoneAt: true,
  dailyGoal: true,
  remindReview: true,
  remindStreak: true,
  reminderHour: true,
} as const;

const settingsStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, sql.placeholder('userId')),
    columns: SETTINGS,
    with: {
      streak: { columns: { current: true, longest: true, lastDay: true, freezes: true, frozenDays: true } },
      days: {
        columns: { day: true, lessons: true, reviews: true },
        where: gte(learnerDays.day, sql.placeholder('fromDay')),
        orderBy: [desc(learnerDays.day)],
        limit: 3,
      },
    },
  }).prepare('learner_settings')
);

/** The learner's streak and reminder settings, with today's status, in one statement. */
export async function loadSettingsAndDay(
  userId: string,
  now: Date,
): Promise<(LearnerSettings & { daily: DailyStatus }) | null> {
  const fromDay = addDays(dayIn(now, 'UTC'), -1);
  const row = await (await settingsStatement()).execute({ userId, fromDay });
  if (!row) return null;
  const { streak, days, ...settings } = row;
  return { ...settings, daily: dailyStatusOf({ ...settings, streak, days }, now) };
}

const plainSettingsStatement = prepared((db) =>
  db.query.users.findFirst({ where: eq(users.id, sql.placeholder('userId')), columns: SETTINGS }).prepare(
    'settings',
  )
);

/** The learner's streak and reminder settings. */
export async function loadSettings(userId: string): Promise<LearnerSettings | null> {
  return (await (await plainSettingsStatement()).execute({ userId })) ?? null;
}

/** Changes the given settings (the endpoint validated them); answers them all. */
export async function updateSettings(
  userId: string,
  changes: Partial<LearnerSettings>,
  now = new Date(),
): Promise<LearnerSettings | null> {
  const set: Partial<LearnerSettings> = {};
  if (changes.dailyGoal !== undefined && isDailyGoal(changes.dailyGoal)) set.dailyGoal = changes.dailyGoal;
  if (changes.remindReview !== undefined) set.remindReview = changes.remindReview;
  if (changes.remindStreak !== undefined) set.remindStreak = changes.remindStreak;
  if (changes.reminderHour !== undefined && isReminderHour(changes.reminderHour)) {
    set.reminderHour = changes.reminderHour;
  }
  const current = await loadSettings(userId);
  if (!current) return null;
  // A new zone applies from the next local day (src/lib/zone-change.ts): one day never counts twice.
  const zone = changes.timeZone === undefined ? null : planZoneChange(current, changes.timeZone, now);
  if (zone) Object.assign(set, zone);
  // Only what differs: nothing to write when nothing changed.
  const same = (a: unknown, b: unknown) =>
    a instanceof Date && b instanceof Date ? a.getTime() === b.getTime() : a === b;
  const changed = Object.fromEntries(
    Object.entries(set).filter(([k, v]) => !same(current[k as keyof LearnerSettings], v)),
  ) as Partial<LearnerSettings>;
  if (Object.keys(changed).length === 0) return current;
  const db = await getDb();
  const [row] = await db
    .update(users)
    .set(changed)
    .where(eq(users.id, userId))
    .returning({
      timeZone: users.timeZone,
      nextTimeZone: users.nextTimeZone,
      nextTimeZoneAt: users.nextTimeZoneAt,
      dailyGoal: users.dailyGoal,
      remindReview: users.remindReview,
      remindStreak: users.remindStreak,
      reminderHour: users.reminderHour,
    });
  return row ?? null;
}

export const isReminderHour = (hour: unknown): hour is number =>
  typeof hour === 'number' && Number.isInteger(hour) && hour >= 0 && hour <= 23;

/**
 * Housekeeping: zone changes whose time has come become the zone in force (reads between that
 * instant and this fold see the same day in both zones; zone-change.ts).
 */
export async function applyDueZoneChanges(now = new Date()): Promise<number> {
  const db = await getDb();
  const moved = await db
    .update(users)
    .set({ timeZone: sql`${users.nextTimeZone}`, nextTimeZone: null, nextTimeZoneAt: null })
    .where(lte(users.nextTimeZoneAt, now))
    .returning({ id: users.id });
  return moved.length;
}

export interface ReminderOfferState {
  /** Ask now: "Want a nudge to keep your streak?" */
  offer: boolean;
  remindStreak: boolean;
  answer: ReminderOfferAnswer | null;
}

const offerStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, sql.placeholder('userId')),
    columns: { emailVerifiedAt: true, remindStreak: true, reminderOffer: true },
    with: { lessonProgress: { columns: { lessonId: true }, where: eq(lessonProgress.completed, true), limit: 1 } },
  }).prepare('reminder_offer')
);

/** Whether to offer the streak reminder now (src/lib/reminder-offer.ts): the learner's row and one passed lesson. */
export async function loadReminderOffer(userId: string): Promise<ReminderOfferState | null> {
  const user = await (await offerStatement()).execute({ userId });
  if (!user) return null;
  const facts = {
    emailVerified: user.emailVerifiedAt !== null,
    remindStreak: user.remindStreak,
    answer: user.reminderOffer,
    passedAny: user.lessonProgress.length > 0,
  };
  return { offer: shouldOfferReminder(facts), remindStreak: user.remindStreak, answer: user.reminderOffer };
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
