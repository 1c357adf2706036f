// The rows behind a learner's state: progress, the newest assessment, and the zone, daily goal and
// streak row that today's activity is counted by.
import { desc, eq } from 'drizzle-orm';
import { assessments, learnerStreaks, lessonProgress, users, type LessonProgress } from '../../../../../db/schema.ts';
import type { Answers, PillarScores } from '../../../assessment.ts';
import { DEFAULT_DAILY_GOAL } from '../../../streak.ts';
import { getDb } from '../../platform/db.ts';

export interface LearnerRows {
  progress: LessonProgress[];
  /** The newest result, with its answers and version (placement reads them). */
  assessment: NewestResult | null;
  /** The learner's settings and streak row: what a completion needs to count today's activity (streaks.ts), and /account. */
  daily: LearnerDaily;
}

export type NewestResult = PillarScores & { answers: Answers; version: number };

export interface StreakRow {
  current: number;
  longest: number;
  lastDay: string | null;
  freezes: number;
  frozenDays: string[];
}

export interface LearnerDaily {
  /** The stored zone (null until a browser has told us). */
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  /** The streak row, null before the learner's first activity. */
  streak: StreakRow | null;
}

/** The learner's rows: three reads by the learner's key. */
export async function readLearnerRows(userId: string): Promise<LearnerRows> {
  const db = await getDb();
  const [progress, [newest], [settings]] = await Promise.all([
    db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)),
    db
      .select({ savingScore: assessments.savingScore, creditScore: assessments.creditScore, investingScore: assessments.investingScore, answers: assessments.answers, version: assessments.version })
      .from(assessments)
      .where(eq(assessments.userId, userId))
      .orderBy(desc(assessments.createdAt))
      .limit(1),
    db
      .select({ timeZone: users.timeZone, dailyGoal: users.dailyGoal, remindReview: users.remindReview, remindStreak: users.remindStreak, streak: learnerStreaks })
      .from(users)
      .leftJoin(learnerStreaks, eq(learnerStreaks.userId, users.id))
      .where(eq(users.id, userId)),
  ]);
  const streak = settings?.streak;
  return {
    progress,
    assessment: (newest as NewestResult | undefined) ?? null,
    daily: settings
      ? {
          timeZone: settings.timeZone,
          dailyGoal: settings.dailyGoal,
          remindReview: settings.remindReview,
          remindStreak: settings.remindStreak,
          streak: streak ? { current: streak.current, longest: streak.longest, lastDay: streak.lastDay, freezes: streak.freezes, frozenDays: streak.frozenDays } : null,
        }
      : { timeZone: null, dailyGoal: DEFAULT_DAILY_GOAL, remindReview: false, remindStreak: false, streak: null },
  };
}
