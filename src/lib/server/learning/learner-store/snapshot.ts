// A learner's figures: the aggregates, badges, assessments (first, newest, count), review due
// dates, daily-streak rows, the newest attempts and the most-missed questions. Every read is a
// few rows found by the learner's key, so the cost is the same at any history. The dashboard
// reads the core parts, the analytics their own parts, the progress screen all of them.
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  assessments,
  learnerDays,
  learnerLevelStats,
  learnerPillarStats,
  learnerQuestionStats,
  learnerStats,
  learnerStreaks,
  lessons,
  questionSets,
  quizAttempts,
  reviewItems,
  userBadges,
  users,
  type Assessment,
} from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import type { StreakRow } from './rows.ts';
import { MOST_MISSED, RECENT_ATTEMPTS, type LearnerTotals, type LevelTotals, type MissedQuestion, type PillarTotals, type RecentAttempt, type StoredBadge } from './figures.ts';

export type { StreakRow } from './rows.ts';

export interface LearnerSnapshot {
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
  /** The newest RECENT_ATTEMPTS attempts, oldest of them first. */
  recent: RecentAttempt[];
  /** Running accuracy totals at the improvement rate's half marks. */
  halves: { first: number; last: number; half: number };
  mostMissed: MissedQuestion[];
}

/** A snapshot without the history parts (the dashboard's needs). */
export type CoreSnapshot = Omit<LearnerSnapshot, 'recent' | 'halves' | 'mostMissed'>;

/** The snapshot's parts the quiz analytics show. */
export type AnalyticsParts = Pick<LearnerSnapshot, 'totals' | 'levels' | 'mostMissed'>;

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

async function readTotals(userId: string): Promise<LearnerTotals> {
  const db = await getDb();
  const [row] = await db.select().from(learnerStats).where(eq(learnerStats.userId, userId));
  return row ?? noTotals(userId);
}

async function readLevels(userId: string): Promise<LevelTotals[]> {
  const db = await getDb();
  return db.select().from(learnerLevelStats).where(eq(learnerLevelStats.userId, userId));
}

/** The learner's badges, oldest first. */
export async function readBadges(userId: string): Promise<StoredBadge[]> {
  const db = await getDb();
  return db.select({ badge: userBadges.badge, earnedAt: userBadges.earnedAt }).from(userBadges).where(eq(userBadges.userId, userId)).orderBy(asc(userBadges.earnedAt), asc(userBadges.badge));
}

/** The learner's review items not yet retired. */
export async function readReviewItems(userId: string): Promise<LearnerSnapshot['review']> {
  const db = await getDb();
  return db
    .select({ id: reviewItems.id, lessonId: reviewItems.lessonId, questionId: reviewItems.questionId, box: reviewItems.box, dueAt: reviewItems.dueAt })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), isNull(reviewItems.retiredAt)));
}

async function readAssessments(userId: string): Promise<LearnerSnapshot['assessments']> {
  const db = await getDb();
  const mine = eq(assessments.userId, userId);
  const [[{ n }], [first], [newest]] = await Promise.all([
    db.select({ n: count() }).from(assessments).where(mine),
    db.select().from(assessments).where(mine).orderBy(asc(assessments.createdAt)).limit(1),
    db.select().from(assessments).where(mine).orderBy(desc(assessments.createdAt)).limit(1),
  ]);
  return { count: n, first: first ?? null, newest: newest ?? null };
}

async function readSettings(userId: string): Promise<Pick<LearnerSnapshot, 'settings' | 'streak' | 'days'>> {
  const db = await getDb();
  const [[row], days] = await Promise.all([
    db
      .select({ timeZone: users.timeZone, dailyGoal: users.dailyGoal, firstVisitAt: users.firstVisitAt, streak: learnerStreaks })
      .from(users)
      .leftJoin(learnerStreaks, eq(learnerStreaks.userId, users.id))
      .where(eq(users.id, userId)),
    db
      .select({ day: learnerDays.day, lessons: learnerDays.lessons, reviews: learnerDays.reviews })
      .from(learnerDays)
      .where(eq(learnerDays.userId, userId))
      .orderBy(desc(learnerDays.day))
      .limit(3),
  ]);
  const streak = row?.streak;
  return {
    settings: { timeZone: row?.timeZone ?? null, dailyGoal: row?.dailyGoal || 1, firstVisitAt: row?.firstVisitAt ?? null },
    streak: streak ? { current: streak.current, longest: streak.longest, lastDay: streak.lastDay, freezes: streak.freezes, frozenDays: streak.frozenDays } : null,
    days,
  };
}

/** The most-missed questions, with their text as the learner was asked them. */
async function readMostMissed(userId: string): Promise<MissedQuestion[]> {
  const db = await getDb();
  const rows = await db
    .select({ stats: learnerQuestionStats, lessonTitle: lessons.title, pillar: lessons.pillar, questions: questionSets.questions })
    .from(learnerQuestionStats)
    .innerJoin(lessons, eq(lessons.id, learnerQuestionStats.lessonId))
    .innerJoin(questionSets, eq(questionSets.id, learnerQuestionStats.questionSetId))
    .where(and(eq(learnerQuestionStats.userId, userId), gt(learnerQuestionStats.missed, 0)))
    .orderBy(
      desc(learnerQuestionStats.missed),
      desc(sql`${learnerQuestionStats.missed}::float8 / ${learnerQuestionStats.asked}`),
      asc(learnerQuestionStats.lessonId),
      asc(learnerQuestionStats.questionId),
    )
    .limit(MOST_MISSED);
  return rows.map(({ stats, lessonTitle, pillar, questions }) => {
    const asked = questions.find((q) => q.questionId === stats.questionId);
    return {
      lessonId: stats.lessonId,
      lessonTitle,
      pillar,
      questionId: stats.questionId,
      question: asked?.question ?? '',
      explanation: asked?.explanation ?? '',
      missed: stats.missed,
      asked: stats.asked,
    };
  });
}

/** The newest attempts (oldest of them first) and the running totals at the half marks. */
async function readHistory(userId: string, { attempts, accuracyUnits }: LearnerTotals): Promise<Pick<LearnerSnapshot, 'recent' | 'halves'>> {
  const db = await getDb();
  const half = Math.floor(attempts / 2);
  const [recent, marks] = await Promise.all([
    db
      .select({
        seq: quizAttempts.seq,
        lessonId: quizAttempts.lessonId,
        lessonTitle: lessons.title,
        pillar: quizAttempts.pillar,
        level: quizAttempts.level,
        score: quizAttempts.score,
        totalQuestions: quizAttempts.totalQuestions,
        passed: quizAttempts.passed,
        createdAt: quizAttempts.createdAt,
      })
      .from(quizAttempts)
      .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
      .where(eq(quizAttempts.userId, userId))
      .orderBy(desc(quizAttempts.seq))
      .limit(RECENT_ATTEMPTS),
    db
      .select({ seq: quizAttempts.seq, cum: quizAttempts.accuracyCum })
      .from(quizAttempts)
      .where(and(eq(quizAttempts.userId, userId), inArray(quizAttempts.seq, [half, attempts - half]))),
  ]);
  const cumAt = (seq: number) => marks.find((m) => m.seq === seq)?.cum ?? 0;
  return { recent: recent.reverse(), halves: { first: cumAt(half), last: accuracyUnits - cumAt(attempts - half), half } };
}

/** The learner's snapshot without the newest attempts, the half marks and the most-missed questions. */
export async function readCoreSnapshot(userId: string): Promise<CoreSnapshot> {
  const db = await getDb();
  const [totals, pillars, levels, badges, assessmentParts, review, daily] = await Promise.all([
    readTotals(userId),
    db.select().from(learnerPillarStats).where(eq(learnerPillarStats.userId, userId)),
    readLevels(userId),
    readBadges(userId),
    readAssessments(userId),
    readReviewItems(userId),
    readSettings(userId),
  ]);
  return { totals, pillars, levels, badges, assessments: assessmentParts, review, ...daily };
}

/** The learner's whole snapshot (the progress screen). */
export async function readSnapshot(userId: string): Promise<LearnerSnapshot> {
  const core = await readCoreSnapshot(userId);
  const [history, mostMissed] = await Promise.all([readHistory(userId, core.totals), readMostMissed(userId)]);
  return { ...core, ...history, mostMissed };
}

/** The analytics' parts alone: totals, the levels' figures and the most-missed questions. */
export async function readAnalyticsParts(userId: string): Promise<AnalyticsParts> {
  const [totals, levels, mostMissed] = await Promise.all([readTotals(userId), readLevels(userId), readMostMissed(userId)]);
  return { totals, levels, mostMissed };
}
