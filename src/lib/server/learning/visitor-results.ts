// A visitor's quiz (issue 42): anyone may take the quiz of a beginner lesson on /learn/{slug},
// with the same per-answer feedback as a learner. The result stays in the browser until the
// visitor signs up: the sign-up request carries it, it is kept with the unverified account, and
// when the address is verified (from whichever browser) each result counts as a completion,
// exactly once, through the same completeQuiz a signed-in learner's quiz goes through.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { type Lesson, visitorQuizResults } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { describeError, log } from '../platform/log.ts';
import { findActiveLessons } from '../content/catalogue.ts';
import { completeQuiz } from './complete-quiz.ts';
import { type CheckedAnswer, gradeAnswer } from './quiz-checks.ts';
import type { VisitorQuizResult } from '../../schemas.ts';

/** The published beginner lesson with this id: the only lessons a visitor's quiz may be of. */
export async function findBeginnerLesson(id: number): Promise<Lesson | undefined> {
  return (await findActiveLessons()).find((l) => l.id === id && l.level === 'beginner');
}

/**
 * One answer checked for a visitor: right or wrong, the correct option and why. Nothing is stored
 * (there is no account yet); the result counts only through sign-up and verification.
 */
export function checkVisitorAnswer(lesson: Lesson, questionId: number, userAnswer: number): CheckedAnswer | null {
  return gradeAnswer(lesson.questions, questionId, userAnswer);
}

/**
 * The results that still fit their lesson: a beginner lesson whose questions are the ones answered,
 * and at most one per lesson (the first sent), so one sign-up cannot count a lesson many times.
 */
export async function fittingResults(results: readonly VisitorQuizResult[]): Promise<VisitorQuizResult[]> {
  const lessons = new Map((await findActiveLessons()).filter((l) => l.level === 'beginner').map((l) => [l.id, l]));
  const seen = new Set<string>();
  const lessonsTaken = new Set<number>();
  return results.filter((result) => {
    const lesson = lessons.get(result.lessonId);
    if (!lesson || seen.has(result.attemptId) || lessonsTaken.has(result.lessonId)) return false;
    seen.add(result.attemptId);
    const asked = new Set(lesson.questions.map((q) => q.id));
    const answered = new Set(result.quizResponses.map((r) => r.questionId));
    const fits = answered.size === asked.size && result.quizResponses.length === asked.size &&
      [...answered].every((id) => asked.has(id));
    if (fits) lessonsTaken.add(result.lessonId);
    return fits;
  });
}

/** Keeps a new account's results, in the transaction that creates it (credentials.ts signUp). */
export async function keepVisitorResults(tx: Executor, userId: string, results: readonly VisitorQuizResult[]) {
  if (results.length === 0) return;
  await tx
    .insert(visitorQuizResults)
    .values(results.map((r) => ({
      userId,
      lessonId: r.lessonId,
      attemptId: r.attemptId,
      responses: r.quizResponses.map(({ questionId, userAnswer }) => ({ questionId, userAnswer })),
      durationMs: r.durationMs ?? null,
      takenAt: new Date(),
    })))
    .onConflictDoNothing();
}

/**
 * Counts the account's kept results as completions, once the address is verified. Each goes
 * through completeQuiz with its own attempt id, which records an attempt once however often it is
 * sent; `counted_at` marks it done. A result that no longer fits (the lesson was removed or its
 * questions changed) is marked and logged, never retried.
 */
/** What counting a visitor's results earned: shown before the assessment (issue 52). */
export interface SavedResults {
  /** Results that counted (a replay counts once). */
  counted: number;
  /** Passed quizzes among them. */
  passed: number;
  /** Titles of the badges they earned. */
  badges: string[];
  /** The daily streak after them (days). */
  streak: number;
}

export async function countVisitorResults(user: { id: string; role: string }, now = new Date()): Promise<SavedResults> {
  const db = await getDb();
  const pending = await db
    .select()
    .from(visitorQuizResults)
    .where(and(eq(visitorQuizResults.userId, user.id), isNull(visitorQuizResults.countedAt)))
    .orderBy(asc(visitorQuizResults.id));
  const saved: SavedResults = { counted: 0, passed: 0, badges: [], streak: 0 };
  for (const result of pending) {
    try {
      const body = {
        attemptId: result.attemptId,
        quizResponses: result.responses,
        durationMs: result.durationMs ?? undefined,
      };
      const completion = await completeQuiz(user, result.lessonId, body, now, { visitorResult: true });
      if (!completion.duplicate) {
        saved.counted++;
        if (completion.passed) saved.passed++;
        saved.badges.push(...completion.badgesEarned.map((b) => b.title));
        saved.streak = completion.daily.streak;
      }
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      log('warn', "a visitor's quiz result did not count", {
        userId: user.id,
        lessonId: result.lessonId,
        ...describeError(error),
      });
    }
    await db
      .update(visitorQuizResults)
      .set({ countedAt: now })
      .where(and(eq(visitorQuizResults.id, result.id), isNull(visitorQuizResults.countedAt)));
  }
  return saved;
}
