// A learner's per-lesson and per-question rows as the learner's reads select them (rows.ts): SQL
// fragments that read them as arrays, and their mapping back to rows.
import { sql } from 'drizzle-orm';
import type { LessonProgress } from '../../../../../db/schema.ts';
import type { Level, Pillar } from '../../../domain.ts';
import type { LevelTotals, PillarTotals, StoredBadge } from './figures.ts';

// A learner's per-lesson rows, badges and pillar and level totals are read as arrays of values, not
// objects (mapping them by hand costs a fraction of an object mapper's), from learner_figures: the
// triggers of db/migrations/0040_learner_figures.sql keep them there, as written, for every writer.
const figure = <T>(part: 'progress' | 'badges' | 'pillars' | 'levels') =>
  sql<T>`coalesce((select ${sql.raw(`f.${part}`)} from learner_figures f
  where f.user_id = ${sql.placeholder('userId')}), '[]'::json)`;

/** lesson_progress: lesson id, completed, best, last, total, attempts, completed at, updated at (ms). */
export type ProgressTuple = [number, boolean, number, number, number, number, number | null, number];
export const progressTuples = figure<ProgressTuple[]>('progress');

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
export const badgeTuples = figure<BadgeTuple[]>('badges');

export const badgesOf = (tuples: BadgeTuple[]): StoredBadge[] =>
  tuples.map(([badge, earnedAt]) => ({ badge, earnedAt: new Date(earnedAt) }));

/** learner_pillar_stats: pillar, attempts, passes, correct, questions, accuracy units, pass run, best run. */
type PillarTuple = [Pillar, number, number, number, number, number, number, number];
export const pillarTuples = figure<PillarTuple[]>('pillars');

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
export const levelTuples = figure<LevelTuple[]>('levels');

export const levelTotalsOf = (userId: string, tuples: LevelTuple[]): LevelTotals[] =>
  tuples.map(([pillar, level, attempts, correct, questions]) => ({
    userId,
    pillar,
    level,
    attempts,
    correct,
    questions,
  }));
