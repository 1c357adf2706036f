// Recording quiz attempts: graded on the server, written by one statement that also keeps the
// learner aggregates, the badges and the review queue.
import { and, eq } from 'drizzle-orm';
import { lessonProgress, questionSets, quizAttempts, type Lesson, type QuizResponseData, type StoredResponse } from '../../../../../db/schema.ts';
import { scheduleMiss } from '../../../leitner.ts';
import { gradeQuiz } from '../../../lessons.ts';
import { accuracyUnits } from '../../../progress.ts';
import type { Level, Pillar } from '../../../domain.ts';
import { getDb } from '../../platform/db.ts';
import { HttpError } from '../../platform/http.ts';
import { writeStatement } from '../../platform/statement.ts';
import { answeredResponses, questionSetFor } from './catalogue.ts';

export interface CompletionInput {
  attemptId: string;
  quizResponses: Array<{ questionId: number; userAnswer: number }>;
  durationMs?: number;
}

export interface CompletionResult {
  attemptId: string;
  lessonId: number;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  passed: boolean;
  passMark: number;
  /** The lesson's state after this attempt: once completed, always completed. */
  completed: boolean;
  results: Array<{ questionId: number; userAnswer: number; isCorrect: boolean; correctAnswer: number; explanation: string }>;
  /** True when this attempt id had already been recorded (a retry or double submit). */
  duplicate: boolean;
}

/** The learner's day for the daily streak and goal (streaks.ts), as the completion sees it. */
export interface CompletionDay {
  /** The learner's today (YYYY-MM-DD in their zone). */
  day: string;
  /** Count a passed attempt on `day` in the attempt statement (the streak already counts the day). */
  count: boolean;
}

/**
 * A recorded attempt's result, with the badges its recording earned (none for a duplicate) and,
 * when a day was given, that day's activity counts after the statement (null for a duplicate).
 */
export type RecordedAttempt = CompletionResult & { badgesEarned: EarnedBadge[]; today: DayCounts | null };

export interface DayCounts {
  lessons: number;
  reviews: number;
}

type GradedResponse = Pick<QuizResponseData, 'questionId' | 'userAnswer' | 'isCorrect' | 'correctAnswer' | 'explanation'>;

function resultOf(lessonId: number, attemptId: string, responses: GradedResponse[], score: number, total: number, passed: boolean, mark: number, completed: boolean, duplicate: boolean): CompletionResult {
  return {
    attemptId,
    lessonId,
    score,
    correctAnswers: score,
    totalQuestions: total,
    passed,
    passMark: mark,
    completed,
    results: responses.map((r) => ({ questionId: r.questionId, userAnswer: r.userAnswer, isCorrect: r.isCorrect, correctAnswer: r.correctAnswer, explanation: r.explanation })),
    duplicate,
  };
}

/**
 * Records an attempt in one statement, so one atomic step: the attempt unless its attempt id is
 * already there, and only then its progress (a completed lesson never becomes uncompleted), the
 * learner aggregates (learner-store/aggregates.ts), the badges it earns, its missed questions for
 * review, and, for a passed attempt on a day the learner's streak already counts, that day's
 * lesson count (streaks.ts). The learner's aggregate row is updated first: it numbers the attempt
 * (seq) and serializes two servers' attempts of one learner. It answers the progress row, the new
 * badges and that day's counts, so the finish screen needs no other read.
 */
function recordAttemptsSql(withReview: boolean): string {
  return `with input as (
    select * from jsonb_to_recordset($1::text::jsonb) as x(k int, id uuid, user_id uuid, lesson_id int, attempt_id uuid, question_set_id int,
      responses jsonb, score int, total int, passed boolean, duration_ms int, pillar text, level text, units bigint,
      box int, due_at timestamptz, missed int[], review_ids uuid[], day text, count_day boolean)
  ), fresh_input as (
    select * from input where not exists (select 1 from quiz_attempts q where q.user_id = input.user_id and q.attempt_id = input.attempt_id)
  ), stats as (
    insert into learner_stats as s (user_id, attempts, passes, correct, questions, duration_sum, duration_count, accuracy_units, pass_run,
      last_passed_lesson_id, last_passed_score, last_passed_total)
    select user_id, 1, passed::int, score, total, coalesce(duration_ms, 0), (duration_ms is not null)::int, units, passed::int,
      case when passed then lesson_id end, case when passed then score end, case when passed then total end
    from fresh_input order by k
    on conflict (user_id) do update set
      attempts = s.attempts + 1,
      passes = s.passes + excluded.passes,
      correct = s.correct + excluded.correct,
      questions = s.questions + excluded.questions,
      duration_sum = s.duration_sum + excluded.duration_sum,
      duration_count = s.duration_count + excluded.duration_count,
      accuracy_units = s.accuracy_units + excluded.accuracy_units,
      pass_run = case when excluded.pass_run = 1 then s.pass_run + 1 else 0 end,
      last_passed_lesson_id = coalesce(excluded.last_passed_lesson_id, s.last_passed_lesson_id),
      last_passed_score = case when excluded.last_passed_lesson_id is null then s.last_passed_score else excluded.last_passed_score end,
      last_passed_total = case when excluded.last_passed_lesson_id is null then s.last_passed_total else excluded.last_passed_total end
    returning user_id, attempts as seq, accuracy_units as cum, pass_run as run
  ), fresh as (
    select fresh_input.*, stats.seq, stats.cum, stats.run from fresh_input join stats using (user_id)
  ), attempt as (
    insert into quiz_attempts (id, user_id, lesson_id, attempt_id, question_set_id, responses, score, total_questions, passed, duration_ms,
      seq, pillar, level, accuracy_units, accuracy_cum)
    select id, user_id, lesson_id, attempt_id, question_set_id, responses, score, total, passed, duration_ms, seq, pillar, level, units, cum
    from fresh order by k
  ), pillar_stats as (
    insert into learner_pillar_stats as s (user_id, pillar, attempts, passes, correct, questions, accuracy_units, pass_run, best_run)
    select user_id, pillar, 1, passed::int, score, total, units, passed::int, passed::int from fresh order by k
    on conflict (user_id, pillar) do update set
      attempts = s.attempts + 1,
      passes = s.passes + excluded.passes,
      correct = s.correct + excluded.correct,
      questions = s.questions + excluded.questions,
      accuracy_units = s.accuracy_units + excluded.accuracy_units,
      pass_run = case when excluded.pass_run = 1 then s.pass_run + 1 else 0 end,
      best_run = greatest(s.best_run, case when excluded.pass_run = 1 then s.pass_run + 1 else 0 end)
  ), level_stats as (
    insert into learner_level_stats as s (user_id, pillar, level, attempts, correct, questions)
    select user_id, pillar, level, 1, score, total from fresh order by k
    on conflict (user_id, pillar, level) do update set
      attempts = s.attempts + 1, correct = s.correct + excluded.correct, questions = s.questions + excluded.questions
  ), question_stats as (
    insert into learner_question_stats as s (user_id, lesson_id, question_id, asked, missed, last_seq, question_set_id)
    select user_id, lesson_id, (r->>'questionId')::int, 1, (not (r->>'isCorrect')::boolean)::int, seq, question_set_id
    from fresh cross join lateral jsonb_array_elements(fresh.responses) r order by k, (r->>'questionId')::int
    on conflict (user_id, lesson_id, question_id) do update set
      asked = s.asked + 1, missed = s.missed + excluded.missed, last_seq = excluded.last_seq, question_set_id = excluded.question_set_id
  ), progress as (
    insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts, completed_at)
    select user_id, lesson_id, passed, score, score, total, 1, case when passed then now() end from fresh order by k
    on conflict (user_id, lesson_id) do update set
      completed = lesson_progress.completed or excluded.completed,
      best_score = greatest(lesson_progress.best_score, excluded.best_score),
      last_score = excluded.last_score,
      total_questions = excluded.total_questions,
      attempts = lesson_progress.attempts + 1,
      completed_at = coalesce(lesson_progress.completed_at, excluded.completed_at),
      updated_at = now()
    returning user_id, lesson_id, completed, best_score, last_score, total_questions, attempts, completed_at, updated_at
  ), badges as (
    insert into user_badges (user_id, badge, earned_at)
    select user_id, badge, now() from (
      select k, user_id, 'first-lesson' as badge from fresh where passed
      union all select k, user_id, 'perfect-quiz' from fresh where total > 0 and score = total
      union all select k, user_id, 'streak-3' from fresh where run >= 3
      -- Every active lesson of the level completed, this one included.
      union all select k, user_id, 'level:' || pillar || ':' || level from fresh f where passed and not exists (
        select 1 from lessons o where o.pillar = f.pillar and o.level = f.level and o.deleted_at is null and o.id <> f.lesson_id
          and not exists (select 1 from lesson_progress p where p.user_id = f.user_id and p.lesson_id = o.id and p.completed))
    ) earned order by k, badge
    on conflict do nothing
    returning user_id, badge, earned_at
  ), days as (
    insert into learner_days as d (user_id, day, lessons, reviews)
    select user_id, day, 1, 0 from fresh where passed and count_day order by k
    on conflict (user_id, day) do update set lessons = d.lessons + 1
    returning user_id, lessons, reviews
  )${
    withReview
      ? `, review as (
    insert into review_items (id, user_id, lesson_id, question_id, box, due_at)
    select missed.id, user_id, lesson_id, missed.question_id, box, due_at from fresh, unnest(fresh.missed, fresh.review_ids) as missed(question_id, id) order by k, missed.question_id
    on conflict (user_id, lesson_id, question_id) do update set box = excluded.box, due_at = excluded.due_at, retired_at = null
  )`
      : ''
  }
  select fresh.k, progress.*,
    (select coalesce(json_agg(json_build_object('badge', b.badge, 'earnedAt', b.earned_at)), '[]'::json) from badges b where b.user_id = fresh.user_id) as badges,
    case when fresh.day is not null then coalesce(
      (select json_build_object('lessons', d.lessons, 'reviews', d.reviews) from days d where d.user_id = fresh.user_id),
      (select json_build_object('lessons', x.lessons, 'reviews', x.reviews) from learner_days x where x.user_id = fresh.user_id and x.day = fresh.day),
      json_build_object('lessons', 0, 'reviews', 0)) end as today
  from progress join fresh using (user_id)`;
}

type RecordedRow = { k: number; completed: boolean; badges: unknown; today: unknown };
const recordAttempts = writeStatement<[input: string], RecordedRow>(recordAttemptsSql(true));
const recordAttemptsNoMisses = writeStatement<[input: string], RecordedRow>(recordAttemptsSql(false));

interface AttemptRow {
  userId: string;
  lessonId: number;
  pillar: Pillar;
  level: Level;
  attemptId: string;
  questionSetId: number;
  responses: StoredResponse[];
  score: number;
  total: number;
  passed: boolean;
  durationMs: number | null;
  box: number;
  dueAt: string;
  missed: number[];
  day: CompletionDay | null;
}

/** A badge stored by the statement that recorded the attempt which earned it. */
export interface EarnedBadge {
  badge: string;
  earnedAt: string;
}

interface Written {
  recorded: boolean;
  completed: boolean;
  badges: EarnedBadge[];
  today: DayCounts | null;
}

async function writeAttempts(group: AttemptRow[]): Promise<Written[]> {
  const order = group.map((_, i) => i).sort((a, b) => (group[a].userId < group[b].userId ? -1 : 1));
  const input = order.map((i, k) => {
    const a = group[i];
    return {
      k,
      // Ids made here, not by the columns' defaults: PGlite draws each default UUID from
      // /dev/urandom through its emulated file system (an open, a read and a close).
      id: crypto.randomUUID(),
      user_id: a.userId,
      lesson_id: a.lessonId,
      attempt_id: a.attemptId,
      question_set_id: a.questionSetId,
      responses: a.responses,
      score: a.score,
      total: a.total,
      passed: a.passed,
      duration_ms: a.durationMs,
      pillar: a.pillar,
      level: a.level,
      units: accuracyUnits(a.score, a.total),
      box: a.box,
      due_at: a.dueAt,
      missed: a.missed,
      review_ids: a.missed.map(() => crypto.randomUUID()),
      day: a.day?.day ?? null,
      count_day: a.day?.count ?? false,
    };
  });
  const statement = group.some((a) => a.missed.length > 0) ? recordAttempts : recordAttemptsNoMisses;
  const rows = await statement.run(JSON.stringify(input));
  const results: Written[] = group.map(() => ({ recorded: false, completed: false, badges: [], today: null }));
  for (const row of rows) {
    const badges = (typeof row.badges === 'string' ? JSON.parse(row.badges) : row.badges) as Array<{ badge: string; earnedAt: string | Date }>;
    results[order[row.k]] = {
      recorded: true,
      completed: Boolean(row.completed),
      badges: badges.map((b) => ({ badge: b.badge, earnedAt: new Date(b.earnedAt).toISOString() })),
      today: row.today === null || row.today === undefined ? null : ((typeof row.today === 'string' ? JSON.parse(row.today) : row.today) as DayCounts),
    };
  }
  return results;
}

/** Unique-key violation: another request recorded the same attempt id meanwhile. */
const isDuplicateKey = (error: unknown) => (error as { code?: string } | null)?.code === '23505' || /duplicate key/.test(String((error as Error)?.message));

/** Writes one attempt; when a parallel request recorded the same attempt id first, it is found as recorded. */
async function writeAttempt(attempt: AttemptRow): Promise<Written> {
  try {
    return (await writeAttempts([attempt]))[0];
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    return (await writeAttempts([attempt]))[0];
  }
}

export async function recordQuizAttempt(userId: string, lesson: Lesson, input: CompletionInput, now = new Date(), day: CompletionDay | null = null): Promise<RecordedAttempt> {
  const { graded, score, total, passed, passMark: mark } = gradeQuiz(lesson.questions, input.quizResponses);
  const byId = new Map(lesson.questions.map((q) => [q.id, q]));
  const missed = graded.filter((g) => !g.isCorrect).map((g) => g.questionId);
  const { box, dueAt } = scheduleMiss(now);
  const row = await writeAttempt({
    userId,
    lessonId: lesson.id,
    pillar: lesson.pillar,
    level: lesson.level,
    attemptId: input.attemptId,
    questionSetId: await questionSetFor(lesson),
    responses: graded.map(({ questionId, userAnswer, isCorrect }) => ({ questionId, userAnswer, isCorrect })),
    score,
    total,
    passed,
    durationMs: input.durationMs ?? null,
    box,
    dueAt: dueAt.toISOString(),
    missed,
    day,
  });
  if (row.recorded) {
    const responses = graded.map((g) => ({ ...g, explanation: byId.get(g.questionId)!.explanation }));
    return { ...resultOf(lesson.id, input.attemptId, responses, score, total, passed, mark, row.completed, false), badgesEarned: row.badges, today: row.today };
  }
  // A retry, a double submit or another tab: this attempt id is already recorded.
  const db = await getDb();
  const [existing] = await db
    .select({ attempt: quizAttempts, questions: questionSets.questions })
    .from(quizAttempts)
    .innerJoin(questionSets, eq(questionSets.id, quizAttempts.questionSetId))
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.attemptId, input.attemptId)))
    .limit(1);
  const { attempt } = existing;
  if (attempt.lessonId !== lesson.id) throw new HttpError(409, 'This attempt id was already used for another lesson');
  const [p] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, attempt.lessonId)));
  const responses = answeredResponses(attempt.responses, existing.questions);
  return { ...resultOf(attempt.lessonId, input.attemptId, responses, attempt.score, attempt.totalQuestions, attempt.passed, mark, Boolean(p?.completed), true), badgesEarned: [], today: null };
}
