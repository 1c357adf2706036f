// "Practise now" on /review when nothing is due (src/lib/practice.ts chooses the questions).
// Answers are checked and explained but never move a Leitner box; the newest practice answer is
// kept on the streak row, so a finished practice round counts like a review session (streaks.ts).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { learnerStreaks, lessonProgress, reviewItems, users } from '../../../../db/schema.ts';
import { getDb, prepared } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { choosePractice } from '../../practice.ts';
import { findActiveLessons, findLesson } from '../content/catalogue.ts';

export interface PracticeQuestion {
  lessonId: number;
  questionId: number;
  lessonTitle: string;
  pillar: string;
  question: string;
  options: string[];
  /** A question the learner missed (in their review queue), not only one from a passed lesson. */
  missed: boolean;
}

/** The passed lessons a round could draw on: a round never needs more than this many. */
const PASSED_READ = 20;

/** The learner's review items not yet retired and newest passed lessons, in one statement. */
const practiceStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, sql.placeholder('userId')),
    columns: { id: true },
    with: {
      reviewItems: {
        columns: { id: true, lessonId: true, questionId: true, box: true, dueAt: true },
        where: isNull(reviewItems.retiredAt),
      },
      lessonProgress: {
        columns: { lessonId: true, completedAt: true },
        where: eq(lessonProgress.completed, true),
        orderBy: [desc(lessonProgress.completedAt)],
        limit: PASSED_READ,
      },
    },
  }).prepare('practice_round')
);

/** A practice round: missed questions first, then questions of passed lessons (the lesson's current wording). */
export async function listPractice(userId: string): Promise<{ questions: PracticeQuestion[] }> {
  const [user, active] = await Promise.all([(await practiceStatement()).execute({ userId }), findActiveLessons()]);
  const review = user?.reviewItems ?? [];
  const passed = user?.lessonProgress ?? [];
  const byId = new Map(active.map((l) => [l.id, l]));
  const exists = (lessonId: number, questionId: number) =>
    byId.get(lessonId)?.questions.some((q) => q.id === questionId) ?? false;
  const picks = choosePractice(
    review.filter((r) => exists(r.lessonId, r.questionId)),
    passed.flatMap((p) => {
      const lesson = byId.get(p.lessonId);
      return lesson
        ? [{
          lessonId: p.lessonId,
          questionIds: lesson.questions.map((q) => q.id),
          passedAt: p.completedAt ?? new Date(0),
        }]
        : [];
    }),
  );
  return {
    questions: picks.map((pick) => {
      const lesson = byId.get(pick.lessonId)!;
      const q = lesson.questions.find((x) => x.id === pick.questionId)!;
      return {
        lessonId: lesson.id,
        questionId: q.id,
        lessonTitle: lesson.title,
        pillar: lesson.pillar,
        question: q.question,
        options: q.options,
        missed: pick.missed,
      };
    }),
  };
}

/** Whether the learner may practise this question: they passed its lesson or missed it. */
async function mayPractise(userId: string, lessonId: number, questionId: number): Promise<boolean> {
  const db = await getDb();
  const [[passed], [missed]] = await Promise.all([
    db
      .select({ lessonId: lessonProgress.lessonId })
      .from(lessonProgress)
      .where(
        and(
          eq(lessonProgress.userId, userId),
          eq(lessonProgress.lessonId, lessonId),
          eq(lessonProgress.completed, true),
        ),
      ),
    db
      .select({ id: reviewItems.id })
      .from(reviewItems)
      .where(
        and(
          eq(reviewItems.userId, userId),
          eq(reviewItems.lessonId, lessonId),
          eq(reviewItems.questionId, questionId),
        ),
      ),
  ]);
  return Boolean(passed || missed);
}

/** Checks a practice answer and keeps when it was given (for the day's credit); no box moves. */
export async function answerPractice(
  userId: string,
  input: { lessonId: number; questionId: number; userAnswer: number },
  now: Date,
) {
  const lesson = await findLesson(input.lessonId);
  const question = lesson?.questions.find((q) => q.id === input.questionId);
  if (!lesson || !question || !(await mayPractise(userId, lesson.id, question.id))) {
    throw new HttpError(404, 'This question is not in your practice');
  }
  const db = await getDb();
  await db
    .insert(learnerStreaks)
    .values({ userId, practicedAt: now })
    .onConflictDoUpdate({ target: learnerStreaks.userId, set: { practicedAt: now } });
  return {
    correct: input.userAnswer === question.correctAnswer,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
  };
}
