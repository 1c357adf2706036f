// A learner's per-lesson and per-question rows as the learner's reads select them (rows.ts): SQL
// fragments that aggregate them into arrays, and their mapping back to rows.
import { sql } from 'drizzle-orm';
import type { LessonProgress } from '../../../../../db/schema.ts';

// A learner's per-lesson and per-question rows are read as arrays of values, not objects: one row
// per lesson or question met, and mapping them by hand costs a fraction of an object mapper's.
// date_part answers a float, where extract computes an exact numeric: several times the work per row.
const epoch = (column: string) => sql.raw(`date_part('epoch', ${column}) * 1000`);

/** lesson_progress: lesson id, completed, best, last, total, attempts, completed at, updated at (ms). */
export type ProgressTuple = [number, boolean, number, number, number, number, number | null, number];
export const progressTuples = sql<ProgressTuple[]>`(select coalesce(json_agg(json_build_array(p.lesson_id, p.completed,
  p.best_score, p.last_score, p.total_questions, p.attempts, ${epoch('p.completed_at')}, ${epoch('p.updated_at')})),
  '[]'::json) from lesson_progress p where p.user_id = ${sql.placeholder('userId')})`;

export const dueTuples = sql<
  Array<[number, number]>
>`(select coalesce(json_agg(json_build_array(r.lesson_id, r.question_id)),
  '[]'::json) from review_items r where r.user_id = ${sql.placeholder('userId')} and r.retired_at is null
  and r.due_at <= ${sql.placeholder('now')}::timestamptz)`;

export function progressOf(userId: string, tuples: ProgressTuple[]): LessonProgress[] {
  return tuples.map((
    [lessonId, completed, bestScore, lastScore, totalQuestions, attempts, completedAt, updatedAt],
  ) => ({
    userId,
    lessonId,
    completed,
    bestScore,
    lastScore,
    totalQuestions,
    attempts,
    completedAt: completedAt === null ? null : new Date(completedAt),
    updatedAt: new Date(updatedAt),
  }));
}
