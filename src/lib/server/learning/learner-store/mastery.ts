// Mastery (src/lib/mastery.ts) from the learner's rows: the latest quiz answer to each question met
// (the attempt that last asked it) and the latest review answer. A few rows per question, at any history.
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { learnerQuestionStats, quizAttempts, reviewItems } from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import { type AnswerAt, masteryByPillar, type MasteryLesson, type PillarMastery } from '../../../mastery.ts';

/** The learner's quiz answers to each question at its latest try, and their latest review answers. */
async function readLatestAnswers(userId: string): Promise<{ quiz: AnswerAt[]; review: AnswerAt[] }> {
  const db = await getDb();
  const [quiz, review] = await Promise.all([
    db
      .select({
        lessonId: learnerQuestionStats.lessonId,
        questionId: learnerQuestionStats.questionId,
        at: quizAttempts.createdAt,
        correct: sql<
          boolean
        >`coalesce((select (r->>'isCorrect')::boolean from jsonb_array_elements(${quizAttempts.responses}) r
          where (r->>'questionId')::int = ${learnerQuestionStats.questionId} limit 1), false)`,
      })
      .from(learnerQuestionStats)
      .innerJoin(
        quizAttempts,
        and(eq(quizAttempts.userId, learnerQuestionStats.userId), eq(quizAttempts.seq, learnerQuestionStats.lastSeq)),
      )
      .where(eq(learnerQuestionStats.userId, userId)),
    db
      .select({
        lessonId: reviewItems.lessonId,
        questionId: reviewItems.questionId,
        at: reviewItems.lastReviewedAt,
        correct: reviewItems.lastCorrect,
      })
      .from(reviewItems)
      .where(
        and(eq(reviewItems.userId, userId), isNotNull(reviewItems.lastCorrect), isNotNull(reviewItems.lastReviewedAt)),
      ),
  ]);
  return {
    quiz: quiz.map((a) => ({ ...a, correct: Boolean(a.correct) })),
    review: review.map((a) => ({ ...a, at: a.at!, correct: a.correct! })),
  };
}

/** Each pillar's mastery for the learner, over the lessons as they are now. */
export async function readMastery(userId: string, lessons: readonly MasteryLesson[]): Promise<PillarMastery[]> {
  const { quiz, review } = await readLatestAnswers(userId);
  return masteryByPillar(lessons, quiz, review);
}
