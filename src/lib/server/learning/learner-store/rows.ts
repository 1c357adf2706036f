// The rows behind a learner's state (progress, newest assessment, the catalogue's version, and
// the zone, daily goal and streak row that today's activity is counted by), read
// in one statement. On PGlite they are cached until a change notification updates or drops them
// (change-cache.ts). On PostgreSQL the session lookup reads them in its own statement
// (session-lookup.ts), so a signed-in request makes one round trip for both, with the learner's
// data version: rows read at a version already seen are the object kept from then (versions.ts).
import type { LessonProgress } from '../../../../../db/schema.ts';
import type { Answers, PillarScores } from '../../../assessment.ts';
import { ChangeCache, VersionedCache, onTableChange } from '../../platform/change-cache.ts';
import { readStatement } from '../../platform/statement.ts';
import { streakJson, type StreakRow } from './snapshot.ts';
import { DEFAULT_DAILY_GOAL } from '../../../streak.ts';
import { LESSONS_FINGERPRINT } from './versions.ts';

export interface LearnerRows {
  /** The lesson catalogue's version when these rows were read. */
  key: string;
  progress: LessonProgress[];
  /** The newest result, with its answers and version (placement reads them: issue 41). */
  assessment: NewestResult | null;
  /** The learner's settings and streak row: what a completion needs to count today's activity (streaks.ts), and /account. */
  daily: LearnerDaily;
}

export type NewestResult = PillarScores & { answers: Answers; version: number };

export interface LearnerDaily {
  /** The stored zone (null until a browser has told us). */
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  /** The streak row, null before the learner's first activity. */
  streak: StreakRow | null;
}

/** A learner's rows read by a request's session lookup (PostgreSQL), for that request to use once. */
export interface PrefetchedRows {
  userId: string;
  rows: LearnerRows;
}

/** Select-list columns `key`, `progress`, `assessment`, `daily` for the learner whose id is `userId` (an SQL expression). */
export function learnerColumns(userId: string): string {
  return `${LESSONS_FINGERPRINT} as key,
  coalesce((select json_agg(json_build_array(lesson_id, completed, best_score, last_score, total_questions, attempts,
    floor(extract(epoch from completed_at) * 1000), floor(extract(epoch from updated_at) * 1000)))
    from lesson_progress where user_id = ${userId}), '[]'::json)::text as progress,
  (select json_build_object('savingScore', saving_score, 'creditScore', credit_score, 'investingScore', investing_score, 'answers', answers, 'version', version)
    from assessments where user_id = ${userId} order by created_at desc limit 1) as assessment,
  (select json_build_object('timeZone', u.time_zone, 'dailyGoal', u.daily_goal, 'remindReview', u.remind_review, 'remindStreak', u.remind_streak,
    'streak', ${streakJson('u.id')})
    from users u where u.id = ${userId}) as daily`;
}

const learnerRowsOf = readStatement<[userId: string], { key: string; progress: unknown; assessment: unknown; daily: unknown }>(`select ${learnerColumns('$1')}`);

type JsonProgress = Omit<LessonProgress, 'userId' | 'completedAt' | 'updatedAt'> & { completedAt: string | Date | null; updatedAt: string | Date };

/**
 * A progress row as `learnerColumns` sends it: an array, times in epoch milliseconds (a loyal
 * learner has a row per lesson; objects with ISO times made a third of a PostgreSQL request's
 * decoding).
 */
type PackedProgress = [lessonId: number, completed: boolean, bestScore: number, lastScore: number, totalQuestions: number, attempts: number, completedAt: number | null, updatedAt: number];

function unpackProgress(userId: string, p: PackedProgress): LessonProgress {
  return {
    userId,
    lessonId: p[0],
    completed: p[1],
    bestScore: p[2],
    lastScore: p[3],
    totalQuestions: p[4],
    attempts: p[5],
    completedAt: p[6] === null ? null : new Date(p[6]),
    updatedAt: new Date(p[7]),
  };
}

function parseJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function toProgress(userId: string, p: JsonProgress): LessonProgress {
  return { ...p, userId, completedAt: p.completedAt ? new Date(p.completedAt) : null, updatedAt: new Date(p.updatedAt) };
}

/**
 * Maps the columns of `learnerColumns` to rows. The progress rows are decoded on first use: a
 * session lookup reads them for every signed-in request, and many (badges, analytics, settings)
 * never look at them.
 */
export function toLearnerRows(userId: string, row: { key: unknown; progress: unknown; assessment: unknown; daily: unknown }): LearnerRows {
  let progress: LessonProgress[] | undefined;
  return {
    key: String(row.key),
    get progress() {
      return (progress ??= parseJson<PackedProgress[]>(row.progress).map((p) => unpackProgress(userId, p)));
    },
    assessment: parseJson<NewestResult | null>(row.assessment),
    daily: parseJson<LearnerDaily | null>(row.daily) ?? { timeZone: null, dailyGoal: DEFAULT_DAILY_GOAL, remindReview: false, remindStreak: false, streak: null },
  };
}

const cache = new ChangeCache<LearnerRows>(20_000);
onTableChange((table, id, detail) => {
  if (table === 'lesson_progress' && detail) applyProgressChange(id, detail);
  else if (table === 'lesson_progress' || table === 'assessments' || table === 'users' || table === 'learner_streaks') cache.delete(id);
});

/** A progress row as the database returns it, in a notification (JSON) or a statement's result. */
export interface ProgressRecord {
  lesson_id: number;
  completed: boolean;
  best_score: number;
  last_score: number;
  total_questions: number;
  attempts: number;
  completed_at: string | Date | null;
  updated_at: string | Date;
}

/**
 * A progress row's notification carries the row as it now is (migration 0009), so the cached
 * rows are updated in place, and a learner's next request after a quiz reads nothing.
 */
function applyProgressChange(userId: string, detail: string): void {
  let record: ProgressRecord;
  try {
    record = JSON.parse(detail) as ProgressRecord;
  } catch {
    return cache.delete(userId);
  }
  applyProgressRow(userId, record);
}

/** Updates the learner's cached rows with a progress row as it now is in the database. */
export function applyProgressRow(userId: string, record: ProgressRecord): void {
  const cached = cache.get(userId);
  if (!cached) return cache.delete(userId);
  const row = toProgress(userId, {
    lessonId: record.lesson_id,
    completed: record.completed,
    bestScore: record.best_score,
    lastScore: record.last_score,
    totalQuestions: record.total_questions,
    attempts: record.attempts,
    completedAt: record.completed_at,
    updatedAt: record.updated_at,
  });
  const progress = cached.progress.filter((p) => p.lessonId !== row.lessonId);
  progress.push(row);
  cache.replace(userId, { ...cached, progress });
}

/** PostgreSQL: each learner's rows as last read, with the data version they were read at (versions.ts). */
const versioned = new VersionedCache<LearnerRows>(20_000);

/**
 * The learner's rows as a session lookup read them at `version`: the same object as the last
 * lookup at that version (PostgreSQL), so what is derived from them (the learner's state, the
 * dashboard's figures) is derived once per version, not once per request.
 */
export function rowsAtVersion(userId: string, version: string, row: { key: unknown; progress: unknown; assessment: unknown; daily: unknown }): LearnerRows {
  const kept = keptRowsAt(userId, version);
  if (kept) return kept;
  const rows = toLearnerRows(userId, row);
  if (!cache.enabled) versioned.set(userId, version, rows);
  return rows;
}

/** The version of the learner rows kept for this learner (PostgreSQL), if any. */
export function keptRowsVersion(userId: string): string | undefined {
  return cache.enabled ? undefined : versioned.versionOf(userId);
}

/** The learner rows kept at exactly this version, if they still are. */
export function keptRowsAt(userId: string, version: string): LearnerRows | undefined {
  return cache.enabled ? undefined : versioned.get(userId, version);
}

/** Offers rows read elsewhere (the session lookup) to the cache; `mark` was taken before reading. */
export function offerLearnerRows(userId: string, rows: LearnerRows, mark: number): void {
  cache.set(userId, rows, mark);
}

export function markLearnerRows(): number {
  return cache.mark();
}

/** The learner's rows: from the cache (PGlite), or one statement. */
export async function readLearnerRows(userId: string): Promise<LearnerRows> {
  const cached = cache.get(userId);
  if (cached) return cached;
  const mark = cache.mark();
  const [row] = await learnerRowsOf.run(userId);
  const rows = toLearnerRows(userId, row);
  cache.set(userId, rows, mark);
  return rows;
}
