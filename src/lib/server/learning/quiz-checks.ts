// Instant feedback on a quiz question (the learning-loop issue): the learner checks one answer at
// a time and sees right or wrong, the correct option and the explanation. The first answer
// checked for each question of an attempt is kept, and the attempt is graded on those answers, so
// checking cannot be used to try every option within one attempt.
import type { Lesson } from '../../../../db/schema.ts';
import { and, eq, lt, sql } from 'drizzle-orm';
import { quizChecks } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';

export interface CheckedAnswer {
  questionId: number;
  /** The answer graded: the first one checked for this question in this attempt. */
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
  explanation: string;
}

/** Keeps the first answer checked for the question in this attempt and grades that one. */
export async function checkAnswer(
  userId: string,
  lesson: Lesson,
  attemptId: string,
  questionId: number,
  userAnswer: number,
): Promise<CheckedAnswer | null> {
  const question = lesson.questions.find((q) => q.id === questionId);
  if (!question) return null;
  const db = await getDb();
  const [kept] = await db
    .insert(quizChecks)
    .values({ userId, attemptId, questionId, lessonId: lesson.id, userAnswer })
    .onConflictDoUpdate({
      target: [quizChecks.userId, quizChecks.attemptId, quizChecks.questionId],
      set: { userId: sql`${quizChecks.userId}` },
    })
    .returning({ userAnswer: quizChecks.userAnswer, lessonId: quizChecks.lessonId });
  if (kept.lessonId !== lesson.id) return null;
  const answer = kept.userAnswer;
  return {
    questionId,
    userAnswer: answer,
    isCorrect: answer === question.correctAnswer,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
  };
}

/**
 * The answers a completion is graded on: each checked question's first checked answer, the rest as
 * sent (a quiz answered without checking, as the spec's client does).
 */
export async function answersToGrade(
  userId: string,
  lessonId: number,
  attemptId: string,
  sent: Array<{ questionId: number; userAnswer: number }>,
) {
  const db = await getDb();
  const checked = await db
    .select({ question_id: quizChecks.questionId, user_answer: quizChecks.userAnswer })
    .from(quizChecks)
    .where(and(eq(quizChecks.userId, userId), eq(quizChecks.attemptId, attemptId), eq(quizChecks.lessonId, lessonId)));
  if (checked.length === 0) return sent;
  const first = new Map(checked.map((c) => [c.question_id, c.user_answer]));
  return sent.map((
    r,
  ) => (first.has(r.questionId) ? { questionId: r.questionId, userAnswer: first.get(r.questionId)! } : r));
}

/** Checks older than a day belong to quizzes finished or abandoned long ago. */
export async function pruneQuizChecks(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(quizChecks).where(lt(quizChecks.createdAt, new Date(now.getTime() - 86_400_000)));
}
