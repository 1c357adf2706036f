// The daily streak and goal as stored: a row per active day (learner_days) and the streak row
// (learner_streaks), kept by src/lib/streak.ts's rules. Days are the learner's own, in the time
// zone their browser reports. Reading today's status reads two rows, never the history.
import { and, eq, inArray, max, sql } from 'drizzle-orm';
import { learnerDays, learnerStreaks, reviewItems, users } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getDb } from '../platform/db.ts';
import { planZoneChange, zoneInForce } from '../../zone-change.ts';
import {
  addDays,
  dayIn,
  DEFAULT_DAILY_GOAL,
  goalProgress,
  NO_STREAK,
  recordActivityDay,
  streakOn,
  type StreakState,
  validTimeZone,
} from '../../streak.ts';

export interface DailyStatus {
  /** Today, YYYY-MM-DD in the learner's time zone. */
  day: string;
  /** The stored zone, or 'UTC'. */
  timeZone: string;
  streak: number;
  longest: number;
  /** Freezes in hand (after covering the days missed since the last active day). */
  freezes: number;
  /** No activity yet today and the streak would end. */
  atRisk: boolean;
  today: { lessons: number; reviews: number; done: number; goal: number; met: boolean };
}

export type ActivityKind = 'lesson' | 'review';

interface Learner {
  timeZone: string | null;
  dailyGoal: number;
  streak: StreakState;
}

const streakColumns = {
  current: learnerStreaks.current,
  longest: learnerStreaks.longest,
  lastDay: learnerStreaks.lastDay,
  freezes: learnerStreaks.freezes,
  frozenDays: learnerStreaks.frozenDays,
};

function toStatus(learner: Learner, day: string, row: { lessons: number; reviews: number } | undefined): DailyStatus {
  const on = streakOn(learner.streak, day);
  const lessons = row?.lessons ?? 0;
  const reviews = row?.reviews ?? 0;
  return {
    day,
    timeZone: validTimeZone(learner.timeZone) ?? 'UTC',
    streak: on.current,
    longest: learner.streak.longest,
    freezes: on.freezesLeft,
    atRisk: on.atRisk,
    today: { lessons, reviews, ...goalProgress({ lessons, reviews }, learner.dailyGoal) },
  };
}

function streakFrom(row: Partial<StreakState> | null | undefined): StreakState {
  if (!row || row.current === null || row.current === undefined) return NO_STREAK;
  return {
    current: row.current,
    longest: row.longest ?? 0,
    lastDay: row.lastDay ?? null,
    freezes: row.freezes ?? 0,
    frozenDays: row.frozenDays ?? [],
  };
}

/** The learner's zone, daily goal and streak row (its columns null before the first activity). */
function readLearner(db: Executor, userId: string) {
  return db
    .select({ timeZone: users.timeZone, dailyGoal: users.dailyGoal, ...streakColumns })
    .from(users)
    .leftJoin(learnerStreaks, eq(learnerStreaks.userId, users.id))
    .where(eq(users.id, userId));
}

/** The learner's status today, without writing anything. */
export async function dailyStatus(userId: string, now: Date): Promise<DailyStatus> {
  const db = await getDb();
  // The learner's day is unknown until their zone is read, but in any zone it is within a day of
  // UTC's: both rows are read at once.
  const utcDay = dayIn(now, 'UTC');
  const [[learner], days] = await Promise.all([
    readLearner(db, userId),
    db
      .select({ day: learnerDays.day, lessons: learnerDays.lessons, reviews: learnerDays.reviews })
      .from(learnerDays)
      .where(
        and(
          eq(learnerDays.userId, userId),
          inArray(learnerDays.day, [addDays(utcDay, -1), utcDay, addDays(utcDay, 1)]),
        ),
      ),
  ]);
  return dailyStatusOf(
    learner
      ? { timeZone: learner.timeZone, dailyGoal: learner.dailyGoal, streak: learner as Partial<StreakState>, days }
      : { timeZone: null, dailyGoal: DEFAULT_DAILY_GOAL, streak: null, days },
    now,
  );
}

/** The status today from rows already read (the learner store's snapshot): no statement. */
export function dailyStatusOf(
  rows: {
    timeZone: string | null;
    dailyGoal: number;
    streak: Partial<StreakState> | null;
    days: Array<{ day: string; lessons: number; reviews: number }>;
  },
  now: Date,
): DailyStatus {
  const state: Learner = { timeZone: rows.timeZone, dailyGoal: rows.dailyGoal, streak: streakFrom(rows.streak) };
  const day = dayIn(now, state.timeZone);
  return toStatus(state, day, rows.days.find((d) => d.day === day));
}

/**
 * In the caller's transaction: stores the browser's zone when it is valid and new, then locks the
 * learner's streak row (made on first use), so concurrent activity of one learner is counted in
 * turn. Always in this order (users, then learner_streaks, then learner_days), so two of them never deadlock.
 */
export async function lockLearner(tx: Executor, userId: string, timeZone: string | null | undefined, now = new Date()) {
  const [row] = await tx
    .select({
      timeZone: users.timeZone,
      nextTimeZone: users.nextTimeZone,
      nextTimeZoneAt: users.nextTimeZoneAt,
      dailyGoal: users.dailyGoal,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row) return null;
  // The browser's zone applies from the next local day (src/lib/zone-change.ts, issue 53).
  const plan = planZoneChange(row, timeZone, now);
  if (plan) await tx.update(users).set(plan).where(eq(users.id, userId));
  const user = { timeZone: zoneInForce(plan ?? row, now), dailyGoal: row.dailyGoal };
  await tx.insert(learnerStreaks).values({ userId }).onConflictDoNothing();
  const [streak] = await tx
    .select({
      ...streakColumns,
      reviewCountedAt: learnerStreaks.reviewCountedAt,
      practicedAt: learnerStreaks.practicedAt,
    })
    .from(learnerStreaks)
    .where(eq(learnerStreaks.userId, userId))
    .for('update');
  return { user, streak };
}

/** Counts one activity on the learner's day of `now` and moves the streak, in the caller's transaction. */
async function countActivity(
  tx: Executor,
  userId: string,
  kind: ActivityKind,
  now: Date,
  locked: NonNullable<Awaited<ReturnType<typeof lockLearner>>>,
  extra: { reviewCountedAt?: Date } = {},
): Promise<DailyStatus> {
  const learner: Learner = {
    timeZone: locked.user.timeZone,
    dailyGoal: locked.user.dailyGoal,
    streak: streakFrom(locked.streak),
  };
  const day = dayIn(now, learner.timeZone);
  const row = await countOnDay(tx, userId, day, kind);
  const next = recordActivityDay(learner.streak, day);
  // The version moves with every counted activity: a completion that read the streak before it writes nothing.
  await tx
    .update(learnerStreaks)
    .set({ ...next, ...extra, version: sql`${learnerStreaks.version} + 1`, updatedAt: new Date() })
    .where(eq(learnerStreaks.userId, userId));
  return toStatus({ ...learner, streak: next }, day, row);
}

/** Adds one activity to the learner's row for `day` (made on first use); answers the day's counts. */
async function countOnDay(db: Executor, userId: string, day: string, kind: ActivityKind) {
  const [row] = await db
    .insert(learnerDays)
    .values({ userId, day, lessons: kind === 'lesson' ? 1 : 0, reviews: kind === 'review' ? 1 : 0 })
    .onConflictDoUpdate({
      target: [learnerDays.userId, learnerDays.day],
      set: kind === 'lesson'
        ? { lessons: sql`${learnerDays.lessons} + 1` }
        : { reviews: sql`${learnerDays.reviews} + 1` },
    })
    .returning({ lessons: learnerDays.lessons, reviews: learnerDays.reviews });
  return row;
}

/** Counts a passed lesson on the learner's day, in the caller's transaction with the learner locked. */
export function countLessonDay(
  tx: Executor,
  userId: string,
  now: Date,
  locked: NonNullable<Awaited<ReturnType<typeof lockLearner>>>,
): Promise<DailyStatus> {
  return countActivity(tx, userId, 'lesson', now, locked);
}

/**
 * Records a lesson completed (kind 'lesson') or a review session finished ('review') at `now`,
 * in one transaction that locks the learner's streak row; stores `timeZone` first when it is
 * valid and differs.
 */
export async function recordActivity(
  userId: string,
  kind: ActivityKind,
  now: Date,
  timeZone?: string | null,
): Promise<DailyStatus> {
  const db = await getDb();
  const status = await db.transaction(async (tx) => {
    const locked = await lockLearner(tx, userId, timeZone, now);
    return locked ? countActivity(tx, userId, kind, now, locked) : null;
  });
  return status ?? dailyStatus(userId, now);
}

/**
 * A review session finished: it counts as the day's review activity when the learner answered a
 * due question (review_items.last_reviewed_at) or a practice question (learner_streaks.practiced_at)
 * since the last session counted, so a retried or repeated finish is not a second session.
 */
export async function finishReviewSession(
  userId: string,
  now: Date,
  timeZone?: string | null,
): Promise<{ counted: boolean; daily: DailyStatus }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const locked = await lockLearner(tx, userId, timeZone, now);
    if (!locked) return null;
    const [{ answeredAt }] = await tx.select({ answeredAt: max(reviewItems.lastReviewedAt) }).from(reviewItems).where(
      eq(reviewItems.userId, userId),
    );
    const practiced = locked.streak.practicedAt ? new Date(locked.streak.practicedAt) : null;
    const newest = newestOf(answeredAt ? new Date(answeredAt) : null, practiced);
    const counted = locked.streak.reviewCountedAt ? new Date(locked.streak.reviewCountedAt) : null;
    if (!newest || (counted && newest.getTime() <= counted.getTime())) return { counted: false, daily: null };
    return {
      counted: true,
      daily: await countActivity(tx, userId, 'review', now, locked, { reviewCountedAt: newest }),
    };
  });
  return { counted: result?.counted ?? false, daily: result?.daily ?? (await dailyStatus(userId, now)) };
}

function newestOf(a: Date | null, b: Date | null): Date | null {
  if (!a || !b) return a ?? b;
  return a.getTime() >= b.getTime() ? a : b;
}
