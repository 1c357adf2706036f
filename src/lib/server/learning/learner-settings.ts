// The learner's streak and reminder settings (/account), stored on the users row.
import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { isDailyGoal, validTimeZone } from '../../streak.ts';

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
