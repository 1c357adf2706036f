// The review queue: every missed quiz question, on a Leitner schedule (src/lib/leitner.ts).
import { and, eq, sql } from 'drizzle-orm';
import { gradeAnswer } from './quiz-checks.ts';
import { lessons, reviewItems } from '../../../../db/schema.ts';
import { getDb, rowsOf } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { scheduleAnswer } from '../../leitner.ts';
import { answerKey } from '../../mastery.ts';
import { findActiveLessons } from '../content/catalogue.ts';
import { readReviewQueue } from './learner-store/snapshot.ts';

export interface DueQuestion {
  id: string;
  lessonId: number;
  /** The question's id in its lesson (what a report about it names). */
  questionId: number;
  lessonTitle: string;
  pillar: string;
  box: number;
  question: string;
  options: string[];
}

/** The most questions one review round asks: the page and its answer stay the same size at any history. */
export const REVIEW_ROUND = 20;

export interface ReviewQueue {
  /** The round: the questions due longest, at most REVIEW_ROUND, oldest due first (the lesson's current wording). */
  due: DueQuestion[];
  /** Questions due now beyond this round; the next round asks them. */
  moreDue: number;
  /** Questions not due yet, and when the first of them is. */
  upcoming: number;
  nextDueAt: string | null;
}

/** The learner's review queue, from their review items and the catalogue; items whose lesson or question is gone are skipped. */
export async function listReview(userId: string, now: Date): Promise<ReviewQueue> {
  const [rows, active] = await Promise.all([readReviewQueue(userId, now, REVIEW_ROUND), findActiveLessons()]);
  const byId = new Map(active.map((l) => [l.id, l]));
  const due = rows.round.flatMap((item): DueQuestion[] => {
    const lesson = byId.get(item.lessonId);
    const q = lesson?.questions.find((x) => x.id === item.questionId);
    if (!lesson || !q) return [];
    return [{
      id: item.id,
      lessonId: lesson.id,
      questionId: q.id,
      lessonTitle: lesson.title,
      pillar: lesson.pillar,
      box: item.box,
      question: q.question,
      options: q.options,
    }];
  });
  return {
    due,
    moreDue: Math.max(0, rows.due - rows.round.length),
    upcoming: rows.upcoming,
    nextDueAt: rows.nextDueAt?.toISOString() ?? null,
  };
}

export async function answerReview(userId: string, itemId: string, userAnswer: number, now: Date) {
  const db = await getDb();
  const [row] = await db
    .select({ item: reviewItems, lesson: lessons })
    .from(reviewItems)
    .innerJoin(lessons, eq(lessons.id, reviewItems.lessonId))
    .where(and(eq(reviewItems.id, itemId), eq(reviewItems.userId, userId), eq(lessons.state, 'published')));
  const question = row?.lesson.questions.find((q) => q.id === row.item.questionId);
  if (!row || !question || row.item.retiredAt) throw new HttpError(404, 'This review question is not in your queue');
  if (row.item.dueAt.getTime() > now.getTime()) throw new HttpError(409, 'This question is not due for review yet');
  const correct = gradeAnswer(row.lesson.questions, question.id, userAnswer)!.isCorrect;
  const next = scheduleAnswer(row.item.box, correct, now);
  // Only the first answer for this due date counts (a double submit does not move it twice); in the
  // same statement it becomes the question's latest answer, which mastery reads.
  const at = now.toISOString();
  const updated = rowsOf<{ id: string }>(
    await db.execute(sql`with answered as (
        update review_items set box = ${next.box}::int,
          due_at = ${(next.dueAt ?? row.item.dueAt).toISOString()}::timestamptz,
          retired_at = ${next.retired ? at : null}::timestamptz, last_reviewed_at = ${at}::timestamptz,
          last_correct = ${correct}::boolean
        where id = ${itemId}::uuid and due_at <= ${at}::timestamptz and box = ${row.item.box}::int
        returning id, user_id
      ), latest as (
        update learner_stats s
        set latest_answers = s.latest_answers || jsonb_build_object(${answerKey(row.item.lessonId, question.id)}::text,
          ${correct}::boolean)
        from answered a where s.user_id = a.user_id
      )
      select id from answered`),
  );
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
