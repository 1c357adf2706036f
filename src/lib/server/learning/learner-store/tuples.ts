// A learner's per-lesson and per-question rows as the learner's reads select them (rows.ts): SQL
// fragments that aggregate them into arrays, and their mapping back to rows.
import { sql } from 'drizzle-orm';
import type { LessonProgress } from '../../../../../db/schema.ts';
import type { Level, Pillar } from '../../../domain.ts';
import type { LevelTotals, PillarTotals, StoredBadge } from './figures.ts';

// A learner's per-lesson, per-question and per-pillar rows and badges are read as arrays of values,
// not objects: mapping them by hand costs a fraction of an object mapper's.
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

/** user_badges: badge, earned at (ms), oldest first (then by name). */
type BadgeTuple = [string, number];
export const badgeTuples = sql<BadgeTuple[]>`(select coalesce(json_agg(json_build_array(b.badge,
  ${epoch('b.earned_at')}) order by b.earned_at, b.badge), '[]'::json) from user_badges b
  where b.user_id = ${sql.placeholder('userId')})`;

export const badgesOf = (tuples: BadgeTuple[]): StoredBadge[] =>
  tuples.map(([badge, earnedAt]) => ({ badge, earnedAt: new Date(earnedAt) }));

/** learner_pillar_stats: pillar, attempts, passes, correct, questions, accuracy units, pass run, best run. */
type PillarTuple = [Pillar, number, number, number, number, number, number, number];
export const pillarTuples = sql<PillarTuple[]>`(select coalesce(json_agg(json_build_array(s.pillar, s.attempts,
  s.passes, s.correct, s.questions, s.accuracy_units, s.pass_run, s.best_run)), '[]'::json)
  from learner_pillar_stats s where s.user_id = ${sql.placeholder('userId')})`;

export const pillarTotalsOf = (userId: string, tuples: PillarTuple[]): PillarTotals[] =>
  tuples.map(([pillar, attempts, passes, correct, questions, accuracyUnits, passRun, bestRun]) => ({
    userId,
    pillar,
    attempts,
    passes,
    correct,
    questions,
    accuracyUnits,
    passRun,
    bestRun,
  }));

/** learner_level_stats: pillar, level, attempts, correct, questions. */
type LevelTuple = [Pillar, Level, number, number, number];
export const levelTuples = sql<LevelTuple[]>`(select coalesce(json_agg(json_build_array(s.pillar, s.level,
  s.attempts, s.correct, s.questions)), '[]'::json) from learner_level_stats s
  where s.user_id = ${sql.placeholder('userId')})`;

export const levelTotalsOf = (userId: string, tuples: LevelTuple[]): LevelTotals[] =>
  tuples.map(([pillar, level, attempts, correct, questions]) => ({
    userId,
    pillar,
    level,
    attempts,
    correct,
    questions,
  }));
