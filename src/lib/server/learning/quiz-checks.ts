// Instant feedback on a quiz question (the learning-loop issue): the learner checks one answer at
// a time and sees right or wrong, the correct option and the explanation. The first answer
// checked for each question of an attempt is kept, and the attempt is graded on those answers, so
// checking cannot be used to try every option within one attempt.
import type { Lesson } from '../../../../db/schema.ts';
import { lt, sql } from 'drizzle-orm';
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

/**
 * The one answer check of quizzes, review, the visitor's quiz and the draft preview: right or
 * wrong, the correct option and why (null: the lesson does not ask that question).
 */
export function gradeAnswer(
  questions: ReadonlyArray<Pick<Lesson['questions'][number], 'id' | 'correctAnswer' | 'explanation'>>,
  questionId: number,
  userAnswer: number,
): CheckedAnswer | null {
  const question = questions.find((q) => q.id === questionId);
  if (!question) return null;
  return {
    questionId,
    userAnswer,
    isCorrect: userAnswer === question.correctAnswer,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
  };
}

/** Keeps the first answer checked for the question in this attempt and grades that one. */
export async function checkAnswer(
  userId: string,
  lesson: Lesson,
  attemptId: string,
  questionId: number,
  userAnswer: number,
): Promise<CheckedAnswer | null> {
  if (!lesson.questions.some((q) => q.id === questionId)) return null;
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
  return gradeAnswer(lesson.questions, questionId, kept.userAnswer);
}

/** Checks older than a day belong to quizzes finished or abandoned long ago. */
export async function pruneQuizChecks(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(quizChecks).where(lt(quizChecks.createdAt, new Date(now.getTime() - 86_400_000)));
}
