// The shapes of a learner's figures (read in one statement by snapshot.ts), and the paged reading
// of the attempt history itself: every read is bounded, whatever the history's length.
import { and, desc, eq, lt } from 'drizzle-orm';
import {
  type AnsweredQuestion,
  learnerLevelStats,
  learnerPillarStats,
  learnerStats,
  lessons,
  questionSets,
  quizAttempts,
  type QuizResponseData,
  type StoredResponse,
} from '../../../../../db/schema.ts';
import type { Level, Pillar } from '../../../domain.ts';
import { getDb } from '../../platform/db.ts';

export type LearnerTotals = typeof learnerStats.$inferSelect;
export type PillarTotals = typeof learnerPillarStats.$inferSelect;
export type LevelTotals = typeof learnerLevelStats.$inferSelect;

/** A learner's totals before any attempt. */
export const noTotals = (userId: string): LearnerTotals => ({
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
  recent: [],
  cumFloorHalf: 0,
  cumCeilHalf: 0,
  latestAnswers: {},
});

export interface StoredBadge {
  badge: string;
  earnedAt: Date;
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

/** How many replies to the learner's reports the dashboard shows at once. */
export const SHOWN_REPLIES = 5;

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
export async function readAttemptPage(
  userId: string,
  { limit = 30, beforeSeq }: { limit?: number; beforeSeq?: number } = {},
): Promise<HistoryAttempt[]> {
  const db = await getDb();
  const rows = await db
    .select({ attempt: quizAttempts, questions: questionSets.questions, lessonTitle: lessons.title })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .innerJoin(questionSets, eq(questionSets.id, quizAttempts.questionSetId))
    .where(
      beforeSeq === undefined
        ? eq(quizAttempts.userId, userId)
        : and(eq(quizAttempts.userId, userId), lt(quizAttempts.seq, beforeSeq)),
    )
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

/** An attempt's answers with the questions they answered, as they were then. */
export function answeredResponses(responses: StoredResponse[], questions: AnsweredQuestion[]): QuizResponseData[] {
  const byId = new Map(questions.map((q) => [q.questionId, q]));
  return responses.map((r) => {
    const q = byId.get(r.questionId);
    return {
      ...r,
      question: q?.question ?? '',
      options: q?.options ?? [],
      correctAnswer: q?.correctAnswer ?? -1,
      explanation: q?.explanation ?? '',
    };
  });
}
