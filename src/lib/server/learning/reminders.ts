// Reminder e-mails ("keep your streak", "your review is due"): opt-in, at most one a learner a day,
// never to an unverified address. A job in every server instance decides who gets one; the
// reminders_sent key (learner, day) makes each decision once whichever instance gets there first,
// and the e-mail is written to the outbox in the same transaction, only when the key was new.
import { and, count, eq, gt, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { learnerDays, learnerStreaks, lessons, remindersSent, reviewItems, users } from '../../../../db/schema.ts';
import type { Database } from '../../../../db/client.ts';
import {
  addDays,
  chooseReminder,
  dayIn,
  hourIn,
  NO_STREAK,
  type ReminderKind,
  streakOn,
  type StreakState,
} from '../../streak.ts';
import { enqueueEmail, reviewReminderEmail, streakReminderEmail } from '../mail/email.ts';
import { generateRandomToken, hashToken } from '../platform/tokens.ts';
import { describeError, log } from '../platform/log.ts';
import { rowsOf } from '../platform/db.ts';

/** How often each instance looks for reminders to send. */
export const REMINDER_INTERVAL_MS = 5 * 60 * 1000;
/** Sent reminders are kept this long (their unsubscribe links work as long). */
export const REMINDER_RETENTION_DAYS = 180;
const PAGE = 500;

export interface ReminderRun {
  /** Learners who opted in and are verified. */
  checked: number;
  /** Reminders this run decided (and queued). */
  sent: number;
}

interface Candidate {
  id: string;
  email: string;
  firstName: string;
  timeZone: string | null;
  remindReview: boolean;
  remindStreak: boolean;
  /** The local hour the learner picked (issue 53). */
  reminderHour: number;
  streak: StreakState;
}

/**
 * Decides and queues the reminders due at `now`, for every learner who opted in, in pages. Safe
 * to run in several instances at once: each reminder is decided once (see sendReminder).
 */
export async function sendDueReminders(db: Database, now = new Date()): Promise<ReminderRun> {
  let after: string | null = null;
  let checked = 0;
  let sent = 0;
  for (;;) {
    const page: Candidate[] = (
      await db
        .select({
          id: users.id,
          email: users.email,
          firstName: users.firstName,
          timeZone: users.timeZone,
          remindReview: users.remindReview,
          remindStreak: users.remindStreak,
          reminderHour: users.reminderHour,
          current: learnerStreaks.current,
          longest: learnerStreaks.longest,
          lastDay: learnerStreaks.lastDay,
          freezes: learnerStreaks.freezes,
        })
        .from(users)
        .leftJoin(learnerStreaks, eq(learnerStreaks.userId, users.id))
        .where(
          and(
            or(eq(users.remindReview, true), eq(users.remindStreak, true)),
            isNotNull(users.emailVerifiedAt),
            after ? gt(users.id, after) : undefined,
          ),
        )
        .orderBy(users.id)
        .limit(PAGE)
    ).map((r) => ({
      id: r.id,
      email: r.email,
      firstName: r.firstName,
      timeZone: r.timeZone,
      remindReview: r.remindReview,
      remindStreak: r.remindStreak,
      reminderHour: r.reminderHour,
      streak: r.current === null
        ? NO_STREAK
        : { current: r.current, longest: r.longest ?? 0, lastDay: r.lastDay, freezes: r.freezes ?? 0, frozenDays: [] },
    }));
    checked += page.length;
    sent += await remindPage(db, page, now);
    if (page.length < PAGE) break;
    after = page[page.length - 1].id;
  }
  return { checked, sent };
}

async function remindPage(db: Database, page: Candidate[], now: Date): Promise<number> {
  const evening = page.map((c) => ({ c, day: dayIn(now, c.timeZone), hour: hourIn(now, c.timeZone) })).filter((e) =>
    e.hour >= e.c.reminderHour
  );
  if (evening.length === 0) return 0;
  const ids = evening.map((e) => e.c.id);
  const days = [...new Set(evening.map((e) => e.day))];
  const [dayRows, sentRows, dueRows] = await Promise.all([
    db
      .select({
        userId: learnerDays.userId,
        day: learnerDays.day,
        lessons: learnerDays.lessons,
        reviews: learnerDays.reviews,
      })
      .from(learnerDays)
      .where(and(inArray(learnerDays.userId, ids), inArray(learnerDays.day, days))),
    db
      .select({ userId: remindersSent.userId, day: remindersSent.day })
      .from(remindersSent)
      .where(and(inArray(remindersSent.userId, ids), inArray(remindersSent.day, days))),
    // As the review screen counts them: not retired, due, in a lesson still published that still has the question.
    db
      .select({ userId: reviewItems.userId, due: count() })
      .from(reviewItems)
      .innerJoin(lessons, eq(lessons.id, reviewItems.lessonId))
      .where(
        and(
          inArray(reviewItems.userId, ids),
          isNull(reviewItems.retiredAt),
          lte(reviewItems.dueAt, now),
          eq(lessons.state, 'published'),
          sql`${lessons.questions} @> jsonb_build_array(jsonb_build_object('id', ${reviewItems.questionId}))`,
        ),
      )
      .groupBy(reviewItems.userId),
  ]);
  const key = (userId: string, day: string) => `${userId} ${day}`;
  const activity = new Map(dayRows.map((r) => [key(r.userId, r.day), r]));
  const reminded = new Set(sentRows.map((r) => key(r.userId, r.day)));
  const due = new Map(dueRows.map((r) => [r.userId, Number(r.due)]));
  let sent = 0;
  for (const { c, day, hour } of evening) {
    if (reminded.has(key(c.id, day))) continue;
    const today = activity.get(key(c.id, day)) ?? { lessons: 0, reviews: 0 };
    const streak = streakOn(c.streak, day);
    const dueReviews = due.get(c.id) ?? 0;
    const kind = chooseReminder({
      hour,
      reminderHour: c.reminderHour,
      remindReview: c.remindReview,
      remindStreak: c.remindStreak,
      streak,
      today,
      dueReviews,
    });
    if (!kind) continue;
    try {
      if (
        await sendReminder(
          db,
          c,
          day,
          kind,
          (
            token,
          ) => (kind === 'streak'
            ? streakReminderEmail(c.email, c.firstName, streak.current, streak.coveredIfMissed, token)
            : reviewReminderEmail(c.email, c.firstName, dueReviews, token)),
        )
      ) sent++;
    } catch (error) {
      log('warn', 'reminder not sent', { userId: c.id, kind, ...describeError(error), stack: undefined });
    }
  }
  return sent;
}

/**
 * One reminder, exactly once: the (learner, day) key is inserted only while the learner still
 * wants this kind, is verified and has not done today's activity; the e-mail is queued in the
 * same transaction only when the insert happened. A second instance deciding the same reminder
 * waits on the key and then inserts nothing.
 */
async function sendReminder(
  db: Database,
  c: Candidate,
  day: string,
  kind: ReminderKind,
  compose: (token: string) => ReturnType<typeof streakReminderEmail>,
): Promise<boolean> {
  const token = generateRandomToken();
  const wants = kind === 'streak' ? sql`u.remind_streak` : sql`u.remind_review`;
  const doneToday = kind === 'streak' ? sql`d.lessons + d.reviews > 0` : sql`d.reviews > 0`;
  return await db.transaction(async (tx) => {
    const inserted = rowsOf<{ user_id: string }>(
      await tx.execute(sql`
        insert into reminders_sent (user_id, day, kind, token_hash)
        select u.id, ${day}, ${kind}, ${hashToken(token)} from users u
        where u.id = ${c.id} and u.email_verified_at is not null and ${wants}
          and not exists (select 1 from learner_days d where d.user_id = u.id and d.day = ${day} and ${doneToday})
        on conflict do nothing
        returning user_id`),
    );
    if (inserted.length === 0) return false;
    await enqueueEmail(tx, compose(token));
    return true;
  });
}

/**
 * The learner a reminder's unsubscribe token belongs to stops getting reminders (both kinds).
 * False when no reminder carries the token (a wrong or expired link).
 */
export async function unsubscribeByToken(db: Database, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return false;
  const [reminder] = await db.select({ userId: remindersSent.userId }).from(remindersSent).where(
    eq(remindersSent.tokenHash, hashToken(token)),
  );
  if (!reminder) return false;
  await db
    .update(users)
    .set({ remindReview: false, remindStreak: false })
    .where(and(eq(users.id, reminder.userId), or(eq(users.remindReview, true), eq(users.remindStreak, true))));
  log('info', 'reminders unsubscribed', { userId: reminder.userId });
  return true;
}

/** Whether an unsubscribe token is one we sent (the confirmation page reads it; nothing changes). */
export async function isUnsubscribeToken(db: Database, token: string): Promise<boolean> {
  if (!/^[a-z2-7]{16,64}$/.test(token)) return false;
  const [reminder] = await db.select({ userId: remindersSent.userId }).from(remindersSent).where(
    eq(remindersSent.tokenHash, hashToken(token)),
  );
  return Boolean(reminder);
}

/** Forgets reminders older than the retention period (their days can never be decided again). */
export async function pruneReminders(db: Database, now = new Date()): Promise<void> {
  await db.delete(remindersSent).where(
    sql`${remindersSent.day} < ${addDays(dayIn(now, 'UTC'), -REMINDER_RETENTION_DAYS)}`,
  );
}

/** Runs sendDueReminders every `intervalMs` until stopped (and prunes old rows hourly). */
export function startReminderJob(getDatabase: () => Promise<Database>, options: { intervalMs?: number } = {}) {
  const intervalMs = options.intervalMs ?? REMINDER_INTERVAL_MS;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let current: Promise<unknown> = Promise.resolve();
  let prunedAt = 0;
  const tick = async () => {
    if (stopped) return;
    try {
      const db = await getDatabase();
      const now = new Date();
      const run = await sendDueReminders(db, now);
      if (now.getTime() - prunedAt > 60 * 60 * 1000) {
        await pruneReminders(db, now);
        prunedAt = now.getTime();
      }
      log(run.sent > 0 ? 'info' : 'debug', 'reminders checked', { ...run });
    } catch (error) {
      log('warn', 'reminder run failed', { ...describeError(error), stack: undefined });
    }
    if (!stopped) timer = setTimeout(() => (current = tick()), intervalMs);
  };
  timer = setTimeout(() => (current = tick()), 500);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
