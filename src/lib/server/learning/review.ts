// The review queue: every missed quiz question, on a Leitner schedule (src/lib/leitner.ts).
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import { lessons, reviewItems } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { scheduleAnswer } from '../../leitner.ts';

export interface DueQuestion {
  id: string;
  lessonId: number;
  lessonTitle: string;
  pillar: string;
  box: number;
  question: string;
  options: string[];
}

/** The questions due now (the lesson's current wording), plus how many wait for later. */
export async function listReview(userId: string, now: Date) {
  const db = await getDb();
  const rows = await db
    .select({ item: reviewItems, lesson: lessons })
    .from(reviewItems)
    .innerJoin(lessons, eq(lessons.id, reviewItems.lessonId))
    .where(and(eq(reviewItems.userId, userId), isNull(reviewItems.retiredAt), isNull(lessons.deletedAt)))
    .orderBy(asc(reviewItems.dueAt));
  const due: DueQuestion[] = [];
  let upcoming = 0;
  let nextDueAt: string | null = null;
  for (const { item, lesson } of rows) {
    const q = lesson.questions.find((x) => x.id === item.questionId);
    if (!q) continue;
    if (item.dueAt.getTime() <= now.getTime()) {
      due.push({ id: item.id, lessonId: lesson.id, lessonTitle: lesson.title, pillar: lesson.pillar, box: item.box, question: q.question, options: q.options });
    } else {
      upcoming++;
      nextDueAt ??= item.dueAt.toISOString();
    }
  }
  return { due, upcoming, nextDueAt };
}

export async function countDue(userId: string, now: Date): Promise<number> {
  return (await listReview(userId, now)).due.length;
}

export async function answerReview(userId: string, itemId: string, userAnswer: number, now: Date) {
  const db = await getDb();
  const [row] = await db
    .select({ item: reviewItems, lesson: lessons })
    .from(reviewItems)
    .innerJoin(lessons, eq(lessons.id, reviewItems.lessonId))
    .where(and(eq(reviewItems.id, itemId), eq(reviewItems.userId, userId), isNull(lessons.deletedAt)));
  const question = row?.lesson.questions.find((q) => q.id === row.item.questionId);
  if (!row || !question || row.item.retiredAt) throw new HttpError(404, 'This review question is not in your queue');
  if (row.item.dueAt.getTime() > now.getTime()) throw new HttpError(409, 'This question is not due for review yet');
  const correct = userAnswer === question.correctAnswer;
  const next = scheduleAnswer(row.item.box, correct, now);
  // Only the first answer for this due date counts (a double submit does not move it twice).
  const updated = await db
    .update(reviewItems)
    .set({ box: next.box, dueAt: next.dueAt ?? row.item.dueAt, retiredAt: next.retired ? now : null, lastReviewedAt: now })
    .where(and(eq(reviewItems.id, itemId), lte(reviewItems.dueAt, now), eq(reviewItems.box, row.item.box)))
    .returning({ id: reviewItems.id });
  if (updated.length === 0) throw new HttpError(409, 'This question was already answered');
  return {
    correct,
    correctAnswer: question.correctAnswer,
    explanation: question.explanation,
    box: next.box,
    dueAt: next.dueAt?.toISOString() ?? null,
    retired: next.retired,
  };
}

