// Reading the learner aggregates (aggregates.ts): every read here is a handful of rows found by
// the learner's key, the same count and size at 1 attempt or 3,000, so the dashboard, the
// progress screen and the analytics cost the same for a loyal learner as for a new one.
import { and, asc, desc, eq, gt, inArray, lt, or } from 'drizzle-orm';
import {
  learnerLevelStats,
  learnerPillarStats,
  learnerQuestionStats,
  learnerStats,
  lessons,
  questionSets,
  quizAttempts,
  userBadges,
  type QuizResponseData,
} from '../../../../db/schema.ts';
import { answeredResponses } from './catalogue.ts';
import type { Level, Pillar } from '../../domain.ts';
import { getDb } from '../db.ts';

export type LearnerTotals = typeof learnerStats.$inferSelect;
export type PillarTotals = typeof learnerPillarStats.$inferSelect;
export type LevelTotals = typeof learnerLevelStats.$inferSelect;

const EMPTY_TOTALS = (userId: string): LearnerTotals => ({
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

/** The learner's totals over all attempts (zeros before the first). */
export async function readTotals(userId: string): Promise<LearnerTotals> {
  const db = await getDb();
  const [row] = await db.select().from(learnerStats).where(eq(learnerStats.userId, userId));
  return row ?? EMPTY_TOTALS(userId);
}

/** Per pillar (only pillars with attempts). */
export async function readPillarTotals(userId: string): Promise<PillarTotals[]> {
  const db = await getDb();
  return db.select().from(learnerPillarStats).where(eq(learnerPillarStats.userId, userId));
}

/** Per pillar and level (only those with attempts). */
export async function readLevelTotals(userId: string): Promise<LevelTotals[]> {
  const db = await getDb();
  return db.select().from(learnerLevelStats).where(eq(learnerLevelStats.userId, userId));
}

export interface StoredBadge {
  badge: string;
  earnedAt: Date;
}

/** The badges stored for the learner, oldest first (badges are stored when earned, never on a read). */
export async function readBadges(userId: string): Promise<StoredBadge[]> {
  const db = await getDb();
  return db
    .select({ badge: userBadges.badge, earnedAt: userBadges.earnedAt })
    .from(userBadges)
    .where(eq(userBadges.userId, userId))
    .orderBy(asc(userBadges.earnedAt), asc(userBadges.badge));
}

/** How many of the newest attempts the score progression shows (the chart's points). */
export const RECENT_ATTEMPTS = 30;

export interface RecentAttempt {
  seq: number;
  lessonId: number;
  lessonTitle: string;
  pillar: Pillar;
  level: Level;
  score: number;
  totalQuestions: number;
  passed: boolean;
  createdAt: Date;
}

/** The newest RECENT_ATTEMPTS attempts, oldest of them first. */
export async function readRecentAttempts(userId: string): Promise<RecentAttempt[]> {
  const db = await getDb();
  const rows = await db
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
    .limit(RECENT_ATTEMPTS);
  return rows.reverse();
}

/**
 * The share sums of the first and the last `half` of `count` attempts (the improvement rate), from
 * the running totals of two attempts: at most two rows.
 */
export async function readHalves(userId: string, count: number, total: number): Promise<{ first: number; last: number; half: number }> {
  const half = Math.floor(count / 2);
  // Read even when there is no half yet, so a read makes the same statements at any history.
  const db = await getDb();
  // The running total up to `half` (the first half) and up to `count - half` (before the last half).
  const rows = await db
    .select({ seq: quizAttempts.seq, cum: quizAttempts.accuracyCum })
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), or(eq(quizAttempts.seq, half), eq(quizAttempts.seq, count - half))));
  const at = (seq: number) => rows.find((r) => r.seq === seq)?.cum ?? 0;
  return { first: at(half), last: total - at(count - half), half };
}

export interface MissedQuestion {
  lessonId: number;
  lessonTitle: string;
  pillar: Pillar;
  questionId: number;
  question: string;
  explanation: string;
  missed: number;
  asked: number;
}

/** How many questions the analytics list as most missed. */
export const MOST_MISSED = 10;

/** The most-missed questions, in the wording of the newest attempt that asked each. */
export async function readMostMissed(userId: string): Promise<MissedQuestion[]> {
  const db = await getDb();
  const rows = await db
    .select({
      lessonId: learnerQuestionStats.lessonId,
      questionId: learnerQuestionStats.questionId,
      asked: learnerQuestionStats.asked,
      missed: learnerQuestionStats.missed,
      questionSetId: learnerQuestionStats.questionSetId,
      lessonTitle: lessons.title,
      pillar: lessons.pillar,
    })
    .from(learnerQuestionStats)
    .innerJoin(lessons, eq(lessons.id, learnerQuestionStats.lessonId))
    .where(and(eq(learnerQuestionStats.userId, userId), gt(learnerQuestionStats.missed, 0)))
    .orderBy(desc(learnerQuestionStats.missed));
  // Bounded by the catalogue's questions (a learner's distinct missed questions), not by history.
  const top = rows
    .sort((a, b) => b.missed - a.missed || b.missed / b.asked - a.missed / a.asked || a.lessonId - b.lessonId || a.questionId - b.questionId)
    .slice(0, MOST_MISSED);
  const setIds = [...new Set(top.map((r) => r.questionSetId))];
  const sets = setIds.length ? await db.select({ id: questionSets.id, questions: questionSets.questions }).from(questionSets).where(inArray(questionSets.id, setIds)) : [];
  const wording = new Map(sets.flatMap((s) => s.questions.map((q) => [`${s.id}:${q.questionId}`, q] as const)));
  return top.map((r) => {
    const q = wording.get(`${r.questionSetId}:${r.questionId}`);
    return {
      lessonId: r.lessonId,
      lessonTitle: r.lessonTitle,
      pillar: r.pillar,
      questionId: r.questionId,
      question: q?.question ?? '',
      explanation: q?.explanation ?? '',
      missed: r.missed,
      asked: r.asked,
    };
  });
}

export interface HistoryAttempt extends RecentAttempt {
  attemptId: string;
  durationMs: number | null;
  /** Each answer with its question as it was asked (history stays readable after edits). */
  responses: QuizResponseData[];
}

/**
 * A page of the learner's attempts, oldest first: the newest `limit` (at most 100) of those
 * numbered below `beforeSeq` (all when absent), each with the questions as they were asked.
 */
export async function readAttemptPage(userId: string, { limit = 30, beforeSeq }: { limit?: number; beforeSeq?: number } = {}): Promise<HistoryAttempt[]> {
  const db = await getDb();
  const rows = await db
    .select({ attempt: quizAttempts, questions: questionSets.questions, lessonTitle: lessons.title })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .innerJoin(questionSets, eq(questionSets.id, quizAttempts.questionSetId))
    .where(beforeSeq === undefined ? eq(quizAttempts.userId, userId) : and(eq(quizAttempts.userId, userId), lt(quizAttempts.seq, beforeSeq)))
    .orderBy(desc(quizAttempts.seq))
    .limit(Math.min(Math.max(1, limit), 100));
  return rows.reverse().map(({ attempt: a, questions, lessonTitle }) => ({
    seq: a.seq,
    attemptId: a.attemptId,
    lessonId: a.lessonId,
    lessonTitle,
    pillar: a.pillar,
    level: a.level,
    score: a.score,
    totalQuestions: a.totalQuestions,
    passed: a.passed,
    durationMs: a.durationMs,
    createdAt: a.createdAt,
    responses: answeredResponses(a.responses, questions),
  }));
}
