// A learner's figures: the core parts (rows.ts, one statement) and the history the progress
// screen adds: the newest attempts, the half marks and the most-missed questions. Every read is
// a few rows found by the learner's key, so the cost is the same at any history.
import { and, asc, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import {
  learnerQuestionStats,
  lessons,
  questionSets,
  quizAttempts,
  reviewItems,
  userBadges,
} from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import { type CoreSnapshot, readLearner } from './rows.ts';
import {
  type LearnerTotals,
  type MissedQuestion,
  MOST_MISSED,
  RECENT_ATTEMPTS,
  type RecentAttempt,
  type StoredBadge,
} from './figures.ts';

export type { StreakRow } from './rows.ts';

export type { CoreSnapshot } from './rows.ts';

export interface LearnerSnapshot extends CoreSnapshot {
  /** The newest RECENT_ATTEMPTS attempts, oldest of them first. */
  recent: RecentAttempt[];
  /** Running accuracy totals at the improvement rate's half marks. */
  halves: { first: number; last: number; half: number };
  mostMissed: MissedQuestion[];
}

/** The snapshot's parts the quiz analytics show. */
export type AnalyticsParts = Pick<LearnerSnapshot, 'totals' | 'levels' | 'mostMissed'>;

/** The learner's badges, oldest first. */
export async function readBadges(userId: string): Promise<StoredBadge[]> {
  const db = await getDb();
  return db.select({ badge: userBadges.badge, earnedAt: userBadges.earnedAt }).from(userBadges).where(
    eq(userBadges.userId, userId),
  ).orderBy(asc(userBadges.earnedAt), asc(userBadges.badge));
}

/** The learner's review items not yet retired. */
export async function readReviewItems(userId: string): Promise<LearnerSnapshot['review']> {
  const db = await getDb();
  return db
    .select({
      id: reviewItems.id,
      lessonId: reviewItems.lessonId,
      questionId: reviewItems.questionId,
      box: reviewItems.box,
      dueAt: reviewItems.dueAt,
    })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userId), isNull(reviewItems.retiredAt)));
}

/** The most-missed questions, with their text as the learner was asked them. */
async function readMostMissed(userId: string): Promise<MissedQuestion[]> {
  const db = await getDb();
  const rows = await db
    .select({
      stats: learnerQuestionStats,
      lessonTitle: lessons.title,
      pillar: lessons.pillar,
      questions: questionSets.questions,
    })
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
async function readHistory(
  userId: string,
  { attempts, accuracyUnits }: LearnerTotals,
): Promise<Pick<LearnerSnapshot, 'recent' | 'halves'>> {
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
  return {
    recent: recent.reverse(),
    halves: { first: cumAt(half), last: accuracyUnits - cumAt(attempts - half), half },
  };
}

/** The learner's snapshot without the newest attempts, the half marks and the most-missed questions. */
export async function readCoreSnapshot(userId: string): Promise<CoreSnapshot> {
  return (await readLearner(userId)).core;
}

/** The history parts the progress screen adds to the core. */
export async function readHistoryParts(
  userId: string,
  totals: LearnerTotals,
): Promise<Pick<LearnerSnapshot, 'recent' | 'halves' | 'mostMissed'>> {
  const [history, mostMissed] = await Promise.all([readHistory(userId, totals), readMostMissed(userId)]);
  return { ...history, mostMissed };
}

/** The learner's whole snapshot. */
export async function readSnapshot(userId: string): Promise<LearnerSnapshot> {
  const core = await readCoreSnapshot(userId);
  return { ...core, ...(await readHistoryParts(userId, core.totals)) };
}

/** The analytics' parts: totals, the levels' figures and the most-missed questions. */
export async function readAnalyticsParts(userId: string): Promise<AnalyticsParts> {
  const [{ totals, levels }, mostMissed] = await Promise.all([readCoreSnapshot(userId), readMostMissed(userId)]);
  return { totals, levels, mostMissed };
}
