// A learner's rows, read in one statement (Drizzle's relational query over the learner's key):
// progress, assessments, aggregates, badges, review items, settings, streak and the newest days.
// The learner's state (state.ts) and the dashboard's figures (snapshot.ts) are made from them.
import { desc, eq, isNull } from 'drizzle-orm';
import { type Assessment, type LessonProgress, users } from '../../../../../db/schema.ts';
import type { Answers, PillarScores } from '../../../assessment.ts';
import { DEFAULT_DAILY_GOAL } from '../../../streak.ts';
import { getDb } from '../../platform/db.ts';
import type { LearnerTotals, LevelTotals, PillarTotals, StoredBadge } from './figures.ts';

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

/** The figures every learner screen starts from (the dashboard's needs). */
export interface CoreSnapshot {
  totals: LearnerTotals;
  pillars: PillarTotals[];
  levels: LevelTotals[];
  badges: StoredBadge[];
  assessments: { count: number; first: Assessment | null; newest: Assessment | null };
  /** The learner's review items not yet retired (their lesson and question are checked by the reader). */
  review: Array<{ id: string; lessonId: number; questionId: number; box: number; dueAt: Date }>;
  settings: { timeZone: string | null; dailyGoal: number; firstVisitAt: Date | null };
  streak: StreakRow | null;
  /** The newest three days with activity (today's is among them when there is one). */
  days: Array<{ day: string; lessons: number; reviews: number }>;
}

const noTotals = (userId: string): LearnerTotals => ({
  userId,
  attempts: 0,
  passes: 0,
  correct: 0,
  questions: 0,
  durationSum: 0,
  durationCount: 0,
  accuracyUnits: 0,
  passRun: 0,
  lastPassedLessonId: null,
  lastPassedScore: null,
  lastPassedTotal: null,
});

const SETTINGS = {
  timeZone: true,
  dailyGoal: true,
  remindReview: true,
  remindStreak: true,
  firstVisitAt: true,
} as const;
const STREAK = { columns: { current: true, longest: true, lastDay: true, freezes: true, frozenDays: true } } as const;

type UserRows = {
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  lessonProgress: LessonProgress[];
  assessments: Assessment[];
  streak: StreakRow | null;
};

/** The rows the unlocking rules and settings need, from a user read with them (or none). */
function rowsOf(user: UserRows | undefined): LearnerRows {
  const newest = user?.assessments[0] ?? null;
  const daily: LearnerDaily = user
    ? {
      timeZone: user.timeZone,
      dailyGoal: user.dailyGoal,
      remindReview: user.remindReview,
      remindStreak: user.remindStreak,
      streak: user.streak ?? null,
    }
    : { timeZone: null, dailyGoal: DEFAULT_DAILY_GOAL, remindReview: false, remindStreak: false, streak: null };
  return {
    progress: user?.lessonProgress ?? [],
    assessment: newest &&
      {
        savingScore: newest.savingScore,
        creditScore: newest.creditScore,
        investingScore: newest.investingScore,
        answers: newest.answers,
        version: newest.version,
      },
    daily,
  };
}

/** What a lesson page or list needs, in one statement: progress, the newest assessment, settings and streak. */
export async function readLearnerRows(userId: string): Promise<LearnerRows> {
  const db = await getDb();
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: SETTINGS,
    with: {
      lessonProgress: true,
      assessments: { orderBy: (a) => [desc(a.createdAt)], limit: 1 },
      streak: STREAK,
    },
  });
  return rowsOf(user);
}

/** Everything a learner screen starts from, in one statement. */
export async function readLearner(userId: string): Promise<{ rows: LearnerRows; core: CoreSnapshot }> {
  const db = await getDb();
  const user = await db.query.users.findFirst({
    where: eq(users.id, userId),
    columns: SETTINGS,
    with: {
      lessonProgress: true,
      // A learner takes the assessment a few times at most: every result, newest first.
      assessments: { orderBy: (a) => [desc(a.createdAt)] },
      stats: true,
      pillarStats: true,
      levelStats: true,
      badges: { columns: { badge: true, earnedAt: true }, orderBy: (b, { asc }) => [asc(b.earnedAt), asc(b.badge)] },
      reviewItems: {
        columns: { id: true, lessonId: true, questionId: true, box: true, dueAt: true },
        where: (r) => isNull(r.retiredAt),
      },
      streak: STREAK,
      days: { columns: { day: true, lessons: true, reviews: true }, orderBy: (d) => [desc(d.day)], limit: 3 },
    },
  });
  return {
    rows: rowsOf(user),
    core: {
      totals: user?.stats ?? noTotals(userId),
      pillars: user?.pillarStats ?? [],
      levels: user?.levelStats ?? [],
      badges: user?.badges ?? [],
      assessments: {
        count: user?.assessments.length ?? 0,
        first: user?.assessments.at(-1) ?? null,
        newest: user?.assessments[0] ?? null,
      },
      review: user?.reviewItems ?? [],
      settings: {
        timeZone: user?.timeZone ?? null,
        dailyGoal: user?.dailyGoal || 1,
        firstVisitAt: user?.firstVisitAt ?? null,
      },
      streak: user?.streak ?? null,
      days: user?.days ?? [],
    },
  };
}
