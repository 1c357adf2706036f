// What a recorded quiz attempt changes besides the attempt row, each in the caller's transaction
// (attempts.ts): the learner's aggregates, the badges it earns and its missed questions for review.
import { and, eq, sql } from 'drizzle-orm';
import {
  learnerLevelStats,
  learnerPillarStats,
  learnerQuestionStats,
  learnerStats,
  type Lesson,
  lessonProgress,
  lessons,
  type QuizResponseData,
  reviewItems,
  userBadges,
} from '../../../../../db/schema.ts';
import type { Executor } from '../../../../../db/client.ts';
import { scheduleMiss } from '../../../leitner.ts';
import { badgesForAttempt, isLevelComplete } from '../../../completion.ts';

/** The attempt being recorded, as the aggregates see it. */
export interface AttemptFacts {
  userId: string;
  lesson: Lesson;
  graded: Array<Pick<QuizResponseData, 'questionId' | 'isCorrect'>>;
  score: number;
  total: number;
  passed: boolean;
  durationMs?: number;
  questionSetId: number;
}

/** The learner's aggregates before the attempt, and the counts the rules (completion.ts) give after it. */
export interface AggregatesBefore {
  stats: typeof learnerStats.$inferSelect | undefined;
  pillarBestRun: number;
  seq: number;
  run: number;
  pillarRun: number;
  units: number;
}

/** Adds the attempt to the learner's totals, pillar, level and per-question statistics. */
export async function addToAggregates(tx: Executor, a: AttemptFacts, before: AggregatesBefore): Promise<void> {
  const { userId, lesson, graded, score, total, passed, questionSetId } = a;
  const { stats, pillarBestRun, seq, run, pillarRun, units } = before;
  await tx
    .insert(learnerStats)
    .values({ userId, attempts: 0 })
    .onConflictDoNothing();
  await tx
    .update(learnerStats)
    .set({
      attempts: seq,
      passes: (stats?.passes ?? 0) + Number(passed),
      correct: (stats?.correct ?? 0) + score,
      questions: (stats?.questions ?? 0) + total,
      durationSum: (stats?.durationSum ?? 0) + (a.durationMs ?? 0),
      durationCount: (stats?.durationCount ?? 0) + Number(a.durationMs !== undefined),
      accuracyUnits: (stats?.accuracyUnits ?? 0) + units,
      passRun: run,
      ...(passed ? { lastPassedLessonId: lesson.id, lastPassedScore: score, lastPassedTotal: total } : {}),
    })
    .where(eq(learnerStats.userId, userId));
  await tx
    .insert(learnerPillarStats)
    .values({
      userId,
      pillar: lesson.pillar,
      attempts: 1,
      passes: Number(passed),
      correct: score,
      questions: total,
      accuracyUnits: units,
      passRun: pillarRun,
      bestRun: pillarRun,
    })
    .onConflictDoUpdate({
      target: [learnerPillarStats.userId, learnerPillarStats.pillar],
      set: {
        attempts: sql`${learnerPillarStats.attempts} + 1`,
        passes: sql`${learnerPillarStats.passes} + ${Number(passed)}`,
        correct: sql`${learnerPillarStats.correct} + ${score}`,
        questions: sql`${learnerPillarStats.questions} + ${total}`,
        accuracyUnits: sql`${learnerPillarStats.accuracyUnits} + ${units}`,
        passRun: pillarRun,
        bestRun: Math.max(pillarBestRun, pillarRun),
      },
    });
  await tx
    .insert(learnerLevelStats)
    .values({ userId, pillar: lesson.pillar, level: lesson.level, attempts: 1, correct: score, questions: total })
    .onConflictDoUpdate({
      target: [learnerLevelStats.userId, learnerLevelStats.pillar, learnerLevelStats.level],
      set: {
        attempts: sql`${learnerLevelStats.attempts} + 1`,
        correct: sql`${learnerLevelStats.correct} + ${score}`,
        questions: sql`${learnerLevelStats.questions} + ${total}`,
      },
    });
  for (const g of graded) {
    await tx
      .insert(learnerQuestionStats)
      .values({
        userId,
        lessonId: lesson.id,
        questionId: g.questionId,
        asked: 1,
        missed: Number(!g.isCorrect),
        lastSeq: seq,
        questionSetId,
      })
      .onConflictDoUpdate({
        target: [learnerQuestionStats.userId, learnerQuestionStats.lessonId, learnerQuestionStats.questionId],
        set: {
          asked: sql`${learnerQuestionStats.asked} + 1`,
          missed: sql`${learnerQuestionStats.missed} + ${Number(!g.isCorrect)}`,
          lastSeq: seq,
          questionSetId,
        },
      });
  }
}

/** Stores the badges this attempt earns (completion.ts decides which) and answers the new ones. */
export async function earnBadges(
  tx: Executor,
  userId: string,
  lesson: Lesson,
  attempt: { passed: boolean; score: number; total: number; run: number },
  now: Date,
): Promise<Array<{ badge: string; earnedAt: Date }>> {
  const levelComplete = attempt.passed &&
    isLevelComplete(await activeLessons(tx), await completedLessons(tx, userId), lesson.pillar, lesson.level);
  const earned = badgesForAttempt({ ...attempt, pillar: lesson.pillar, level: lesson.level, levelComplete });
  if (!earned.length) return [];
  return await tx
    .insert(userBadges)
    .values(earned.map((badge) => ({ userId, badge, earnedAt: now })))
    .onConflictDoNothing()
    .returning({ badge: userBadges.badge, earnedAt: userBadges.earnedAt });
}

/** Puts each missed question in the learner's review, due by the Leitner schedule (leitner.ts). */
export async function scheduleReviews(
  tx: Executor,
  userId: string,
  lessonId: number,
  missed: Array<{ questionId: number }>,
  now: Date,
): Promise<void> {
  const { box, dueAt } = scheduleMiss(now);
  for (const g of missed) {
    await tx
      .insert(reviewItems)
      .values({ userId, lessonId, questionId: g.questionId, box, dueAt })
      .onConflictDoUpdate({
        target: [reviewItems.userId, reviewItems.lessonId, reviewItems.questionId],
        set: { box, dueAt, retiredAt: null },
      });
  }
}

function activeLessons(tx: Executor) {
  return tx.select({ id: lessons.id, pillar: lessons.pillar, level: lessons.level }).from(lessons).where(
    sql`${lessons.deletedAt} is null`,
  );
}

async function completedLessons(tx: Executor, userId: string): Promise<Set<number>> {
  const rows = await tx
    .select({ lessonId: lessonProgress.lessonId })
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.completed, true)));
  return new Set(rows.map((r) => r.lessonId));
}
