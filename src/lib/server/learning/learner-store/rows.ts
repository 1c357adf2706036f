// The rows behind a learner's state (progress, newest assessment, and the zone, daily goal and
// streak row that today's activity is counted by), read in one statement.
import type { LessonProgress } from '../../../../../db/schema.ts';
import type { Answers, PillarScores } from '../../../assessment.ts';
import { readStatement } from '../../platform/statement.ts';
import { streakJson, type StreakRow } from './snapshot.ts';
import { DEFAULT_DAILY_GOAL } from '../../../streak.ts';

export interface LearnerRows {
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

/** Select-list columns `progress`, `assessment`, `daily` for the learner whose id is `userId` (an SQL expression). */
export function learnerColumns(userId: string): string {
  return `coalesce((select json_agg(json_build_array(lesson_id, completed, best_score, last_score, total_questions, attempts,
    floor(extract(epoch from completed_at) * 1000), floor(extract(epoch from updated_at) * 1000)))
    from lesson_progress where user_id = ${userId}), '[]'::json)::text as progress,
  (select json_build_object('savingScore', saving_score, 'creditScore', credit_score, 'investingScore', investing_score, 'answers', answers, 'version', version)
    from assessments where user_id = ${userId} order by created_at desc limit 1) as assessment,
  (select json_build_object('timeZone', u.time_zone, 'dailyGoal', u.daily_goal, 'remindReview', u.remind_review, 'remindStreak', u.remind_streak,
    'streak', ${streakJson('u.id')})
    from users u where u.id = ${userId}) as daily`;
}

const learnerRowsOf = readStatement<[userId: string], { progress: unknown; assessment: unknown; daily: unknown }>(`select ${learnerColumns('$1')}`);

/** A progress row as `learnerColumns` sends it: an array, times in epoch milliseconds. */
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

/** Maps the columns of `learnerColumns` to rows. */
export function toLearnerRows(userId: string, row: { progress: unknown; assessment: unknown; daily: unknown }): LearnerRows {
  return {
    progress: parseJson<PackedProgress[]>(row.progress).map((p) => unpackProgress(userId, p)),
    assessment: parseJson<NewestResult | null>(row.assessment),
    daily: parseJson<LearnerDaily | null>(row.daily) ?? { timeZone: null, dailyGoal: DEFAULT_DAILY_GOAL, remindReview: false, remindStreak: false, streak: null },
  };
}

/** The learner's rows, in one statement. */
export async function readLearnerRows(userId: string): Promise<LearnerRows> {
  const [row] = await learnerRowsOf.run(userId);
  return toLearnerRows(userId, row);
}
