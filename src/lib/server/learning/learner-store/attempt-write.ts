// The one statement that records a quiz attempt (attempts.ts reads first): what the rules of
// src/lib (completion.ts, leitner.ts, streak.ts) say the attempt changes, planned here in
// TypeScript, then written set-based in one statement whatever the number of questions. It writes
// only while the learner's activity version (learner_streaks.version) is still the one read.
import { sql } from 'drizzle-orm';
import type { Executor } from '../../../../../db/client.ts';
import type { Lesson, RecentAttemptData, StoredResponse } from '../../../../../db/schema.ts';
import { gradeQuiz } from '../../../lessons.ts';
import { accuracyUnits } from '../../../progress.ts';
import {
  badgesForAttempt,
  halvesAfter,
  isLevelComplete,
  progressAfter,
  recentAfter,
  runAfter,
} from '../../../completion.ts';
import { scheduleMiss } from '../../../leitner.ts';
import { dayIn, recordActivityDay } from '../../../streak.ts';
import { planZoneChange, zoneInForce } from '../../../zone-change.ts';
import { answerKey } from '../../../mastery.ts';
import { getDb, rowsOf } from '../../platform/db.ts';
import { dailyStatusOf } from '../streaks.ts';
import { type CompletionInput, type CompletionRead, type RecordedAttempt, resultOf, streakOf } from './attempts.ts';
import { noTotals } from './figures.ts';

/** This attempt's answers as the latest to its questions (merged into learner_stats.latest_answers). */
const latestAnswersOf = (lessonId: number, graded: ReadonlyArray<{ questionId: number; isCorrect: boolean }>) =>
  Object.fromEntries(graded.map((g) => [answerKey(lessonId, g.questionId), g.isCorrect]));

/** Everything the attempt changes, by the rules, from what was read. */
function planAttempt(
  read: CompletionRead,
  userId: string,
  lesson: Lesson,
  catalogue: readonly Pick<Lesson, 'id' | 'pillar' | 'level'>[],
  input: CompletionInput,
  now: Date,
) {
  const { user } = read;
  const { graded, score, total, passed } = gradeQuiz(lesson.questions, input.quizResponses);
  const stats = user.stats ?? noTotals(userId);
  const pillar = user.pillarStats.find((p) => p.pillar === lesson.pillar);
  const before = read.rows.progress.find((p) => p.lessonId === lesson.id);
  const progress = progressAfter(before, { passed, score, total }, now);
  const units = accuracyUnits(score, total);
  const seq = stats.attempts + 1;
  const run = runAfter(stats.passRun, passed);
  const pillarRun = runAfter(pillar?.passRun ?? 0, passed);
  const completed = new Set(read.rows.progress.filter((p) => p.completed).map((p) => p.lessonId));
  if (progress.completed) completed.add(lesson.id);
  const levelComplete = passed && isLevelComplete([...catalogue], completed, lesson.pillar, lesson.level);
  const badges = badgesForAttempt({
    passed,
    score,
    total,
    run,
    pillar: lesson.pillar,
    level: lesson.level,
    levelComplete,
  });
  const missed = graded.filter((g) => !g.isCorrect).map((g) => ({ question_id: g.questionId }));
  const review = scheduleMiss(now);
  // The browser's zone applies from the next local day (src/lib/zone-change.ts, issue 53).
  const zonePlan = planZoneChange(user, input.timeZone, now);
  const zone = zoneInForce(zonePlan ?? user, now);
  const day = dayIn(now, zone);
  const streakBefore = streakOf(user.streak);
  // A passed quiz counts toward the daily streak and goal.
  const streak = passed ? recordActivityDay(streakBefore, day) : streakBefore;
  const halves = halvesAfter(stats, units, user.middleUnits === null ? null : Number(user.middleUnits));
  const recent: RecentAttemptData[] = recentAfter(stats.recent, {
    seq,
    lessonId: lesson.id,
    lessonTitle: lesson.title,
    pillar: lesson.pillar,
    level: lesson.level,
    score,
    totalQuestions: total,
    passed,
    createdAt: now.toISOString(),
  });
  const responses: StoredResponse[] = graded.map(({ questionId, userAnswer, isCorrect }) => ({
    questionId,
    userAnswer,
    isCorrect,
  }));
  return {
    user,
    graded,
    score,
    total,
    passed,
    stats,
    progress,
    units,
    seq,
    run,
    pillarRun,
    badges,
    missed,
    review,
    zone,
    zonePlan,
    day,
    streak,
    halves,
    recent,
    responses,
    at: now.toISOString(),
  };
}

type Plan = ReturnType<typeof planAttempt>;

/** The attempt and all it changes, in one statement: each part writes only when `guard` moved the learner's version. */
function attemptStatement(userId: string, lesson: Lesson, input: CompletionInput, plan: Plan) {
  const { user, graded, score, total, passed, stats, progress, units, seq, run, pillarRun, badges, missed, review } =
    plan;
  const { zonePlan, day, streak, halves, recent, responses, at } = plan;
  return sql`
    with guard as (
      insert into learner_streaks as s (user_id, current, longest, last_day, freezes, frozen_days, version, updated_at)
      values (${userId}, ${streak.current}, ${streak.longest}, ${streak.lastDay}, ${streak.freezes},
        ${JSON.stringify(streak.frozenDays)}::jsonb, 1, ${at})
      on conflict (user_id) do update set current = excluded.current, longest = excluded.longest,
        last_day = excluded.last_day, freezes = excluded.freezes, frozen_days = excluded.frozen_days,
        version = s.version + 1, updated_at = excluded.updated_at
      where s.version = ${user.streak?.version ?? 0}::int
      returning s.user_id
    ),
    zone as (
      update users set time_zone = ${zonePlan?.timeZone ?? null}::text,
        next_time_zone = ${zonePlan?.nextTimeZone ?? null}::text,
        next_time_zone_at = ${zonePlan?.nextTimeZoneAt?.toISOString() ?? null}::timestamptz
      from guard where users.id = guard.user_id and ${zonePlan !== null}::boolean
    ),
    attempt as (
      insert into quiz_attempts (user_id, lesson_id, attempt_id, question_set_id, responses, score, total_questions,
        passed, duration_ms, created_at, seq, pillar, level, accuracy_units, accuracy_cum, lesson_version)
      select user_id, ${lesson.id}::int, ${input.attemptId}::uuid, ${lesson.questionSetId}::int,
        ${JSON.stringify(responses)}::jsonb, ${score}::int, ${total}::int, ${passed}::boolean,
        ${
    input.durationMs ?? null
  }::int, ${at}::timestamptz, ${seq}::int, ${lesson.pillar}::text, ${lesson.level}::text,
        ${units}::bigint, ${stats.accuracyUnits + units}::bigint, ${lesson.version}::int
      from guard
    ),
    totals as (
      insert into learner_stats as t (user_id, attempts, passes, correct, questions, duration_sum, duration_count,
        accuracy_units, pass_run, last_passed_lesson_id, last_passed_score, last_passed_total, recent,
        cum_floor_half, cum_ceil_half, latest_answers)
      select user_id, ${seq}::int, ${stats.passes + Number(passed)}::int, ${stats.correct + score}::int,
        ${stats.questions + total}::int, ${stats.durationSum + (input.durationMs ?? 0)}::bigint,
        ${stats.durationCount + Number(input.durationMs !== undefined)}::int, ${stats.accuracyUnits + units}::bigint,
        ${run}::int, ${passed ? lesson.id : stats.lastPassedLessonId}::int,
        ${passed ? score : stats.lastPassedScore}::int, ${passed ? total : stats.lastPassedTotal}::int,
        ${JSON.stringify(recent)}::jsonb, ${halves.cumFloorHalf}::bigint, ${halves.cumCeilHalf}::bigint,
        ${JSON.stringify(latestAnswersOf(lesson.id, graded))}::jsonb
      from guard
      on conflict (user_id) do update set attempts = excluded.attempts, passes = excluded.passes,
        correct = excluded.correct, questions = excluded.questions, duration_sum = excluded.duration_sum,
        duration_count = excluded.duration_count, accuracy_units = excluded.accuracy_units,
        pass_run = excluded.pass_run, last_passed_lesson_id = excluded.last_passed_lesson_id,
        last_passed_score = excluded.last_passed_score, last_passed_total = excluded.last_passed_total,
        recent = excluded.recent, cum_floor_half = excluded.cum_floor_half, cum_ceil_half = excluded.cum_ceil_half,
        latest_answers = t.latest_answers || excluded.latest_answers
    ),
    pillar as (
      insert into learner_pillar_stats as p (user_id, pillar, attempts, passes, correct, questions, accuracy_units,
        pass_run, best_run)
      select user_id, ${lesson.pillar}::text, 1, ${Number(passed)}::int, ${score}::int, ${total}::int, ${units}::bigint,
        ${pillarRun}::int, ${pillarRun}::int
      from guard
      on conflict (user_id, pillar) do update set attempts = p.attempts + 1, passes = p.passes + excluded.passes,
        correct = p.correct + excluded.correct, questions = p.questions + excluded.questions,
        accuracy_units = p.accuracy_units + excluded.accuracy_units, pass_run = excluded.pass_run,
        best_run = greatest(p.best_run, excluded.best_run)
    ),
    level as (
      insert into learner_level_stats as l (user_id, pillar, level, attempts, correct, questions)
      select user_id, ${lesson.pillar}::text, ${lesson.level}::text, 1, ${score}::int, ${total}::int from guard
      on conflict (user_id, pillar, level) do update set attempts = l.attempts + 1,
        correct = l.correct + excluded.correct, questions = l.questions + excluded.questions
    ),
    questions as (
      insert into learner_question_stats as q (user_id, lesson_id, question_id, asked, missed, last_seq,
        question_set_id, last_correct, last_at)
      select guard.user_id, ${lesson.id}::int, r.question_id, 1, (not r.correct)::int, ${seq}::int,
        ${lesson.questionSetId}::int, r.correct, ${at}::timestamptz
      from guard, jsonb_to_recordset(${
    JSON.stringify(graded.map((g) => ({ question_id: g.questionId, correct: g.isCorrect })))
  }::jsonb)
        as r(question_id int, correct boolean)
      on conflict (user_id, lesson_id, question_id) do update set asked = q.asked + 1,
        missed = q.missed + excluded.missed, last_seq = excluded.last_seq, question_set_id = excluded.question_set_id,
        last_correct = excluded.last_correct, last_at = excluded.last_at
    ),
    progress as (
      insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts,
        completed_at, updated_at)
      select user_id, ${lesson.id}::int, ${progress.completed}::boolean, ${progress.bestScore}::int,
        ${progress.lastScore}::int, ${progress.totalQuestions}::int, ${progress.attempts}::int,
        ${progress.completedAt?.toISOString() ?? null}::timestamptz, ${at}::timestamptz
      from guard
      on conflict (user_id, lesson_id) do update set completed = excluded.completed, best_score = excluded.best_score,
        last_score = excluded.last_score, total_questions = excluded.total_questions, attempts = excluded.attempts,
        completed_at = excluded.completed_at, updated_at = excluded.updated_at
    ),
    earned as (
      insert into user_badges (user_id, badge, earned_at)
      select user_id, b.badge, ${at}::timestamptz from guard, jsonb_array_elements_text(${
    JSON.stringify(badges)
  }::jsonb) as b(badge)
      on conflict do nothing
      returning badge
    ),
    reviews as (
      insert into review_items (user_id, lesson_id, question_id, box, due_at)
      select user_id, ${lesson.id}::int, m.question_id, ${review.box}::int, ${review.dueAt.toISOString()}::timestamptz
      from guard, jsonb_to_recordset(${JSON.stringify(missed)}::jsonb) as m(question_id int)
      on conflict (user_id, lesson_id, question_id) do update set box = excluded.box, due_at = excluded.due_at,
        retired_at = null
    ),
    today as (
      insert into learner_days as d (user_id, day, lessons, reviews)
      select user_id, ${day}::text, 1, 0 from guard where ${passed}::boolean
      on conflict (user_id, day) do update set lessons = d.lessons + 1
      returning lessons, reviews
    ),
    reached as (
      insert into lesson_reads as r (user_id, lesson_id, lesson_version, opened_at, quiz_at)
      select user_id, ${lesson.id}::int, ${lesson.version}::int, ${at}::timestamptz, ${at}::timestamptz from guard
      on conflict (user_id, lesson_id, lesson_version) do update set quiz_at = excluded.quiz_at
      where r.quiz_at is null
    )
    select (select count(*) from guard)::int as ok, (select array_agg(badge) from earned) as badges,
      (select lessons from today) as day_lessons, (select reviews from today) as day_reviews`;
}

/**
 * Writes a new attempt by the rules of src/lib: answers null when the learner's activity changed
 * since `read` (nothing was written; read again and retry).
 */
export async function writeAttempt(
  read: CompletionRead,
  userId: string,
  lesson: Lesson,
  catalogue: readonly Pick<Lesson, 'id' | 'pillar' | 'level'>[],
  input: CompletionInput,
  now: Date,
  tx?: Executor,
): Promise<RecordedAttempt | null> {
  const plan = planAttempt(read, userId, lesson, catalogue, input, now);
  const { user, graded, score, total, passed, progress, badges, zone, day, streak, at } = plan;
  const [written] = rowsOf<
    { ok: number; badges: string[] | null; day_lessons: number | null; day_reviews: number | null }
  >(
    await (tx ?? (await getDb())).execute(attemptStatement(userId, lesson, input, plan)),
  );
  if (!written || Number(written.ok) === 0) return null;
  const earned = new Set(written.badges ?? []);
  const explanations = new Map(lesson.questions.map((q) => [q.id, q.explanation]));
  const days = passed
    ? [
      { day, lessons: Number(written.day_lessons ?? 1), reviews: Number(written.day_reviews ?? 0) },
      ...user.days.filter((d) => d.day !== day),
    ]
    : user.days;
  return {
    ...resultOf(
      lesson.id,
      input.attemptId,
      graded.map((g) => ({ ...g, explanation: explanations.get(g.questionId) ?? '' })),
      { score, total, passed },
      progress.completed,
      false,
    ),
    // In the rules' order, as earned just now (a badge already held is not earned again).
    badgesEarned: badges.filter((b) => earned.has(b)).map((badge) => ({ badge, earnedAt: at })),
    daily: dailyStatusOf({ timeZone: zone, dailyGoal: user.dailyGoal, streak, days }, now),
  };
}
