// A level's test-out (issue 56; docs/DESIGN.md 20): a draw of 5 questions from the level's lesson
// quizzes, once a day per level in the learner's day; 4 right opens the level and every level below
// it; missed questions go to the learner's review. Each request reads the learner once
// (learner-store/state.ts, which carries their test-outs) and writes in one statement.
import { sql } from 'drizzle-orm';
import type { Lesson } from '../../../../db/schema.ts';
import { type Level, LEVEL_LABELS, LEVELS, type Pillar, PILLAR_LABELS } from '../../domain.ts';
import { isLevelUnlocked } from '../../lessons.ts';
import { scheduleMiss } from '../../leitner.ts';
import { addDays, dayIn, validTimeZone } from '../../streak.ts';
import {
  canDraw,
  type DrawnQuestion,
  drawQuestions,
  gradeTestOut,
  TEST_OUT_PASS_MARK,
  TEST_OUT_QUESTIONS,
  type TestOutAnswer,
  type TestOutLevel,
} from '../../test-out.ts';
import { getDb, rowsOf } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { type LearnerState, loadLearnerState } from './learner-store/state.ts';
import type { TestOutRow } from './learner-store/test-out-rows.ts';

/** Where a learner stands with one level's test-out, for its page and its API. */
export interface TestOutStatus {
  pillar: Pillar;
  level: TestOutLevel;
  /** The level is open already (by lessons, the assessment or an earlier test-out). */
  open: boolean;
  /** The level's lessons hold enough questions for a draw. */
  available: boolean;
  /** The learner submitted a draw made today: the next try is tomorrow. */
  takenToday: boolean;
  /** The newest submitted draw's score (of 5), if any. */
  lastScore: number | null;
  /** A draw of today not submitted yet (the learner started and left). */
  inProgress: boolean;
}

export const levelName = (pillar: Pillar, level: Level) => `${LEVEL_LABELS[level]} ${PILLAR_LABELS[pillar]}`;

const levelLessons = (state: LearnerState, pillar: Pillar, level: Level) =>
  state.lessons.filter((l) => l.pillar === pillar && l.level === level);

/** The learner's day: their stored zone, else the browser's, else UTC. */
const learnerDay = (state: LearnerState, now: Date, browserZone?: string) =>
  dayIn(now, state.daily.timeZone ?? validTimeZone(browserZone) ?? 'UTC');

const rowOf = (state: LearnerState, pillar: Pillar, level: TestOutLevel): TestOutRow | undefined =>
  state.testOuts?.find((t) => t.pillar === pillar && t.level === level);

export function testOutStatus(
  state: LearnerState,
  pillar: Pillar,
  level: TestOutLevel,
  now: Date,
  browserZone?: string,
): TestOutStatus {
  const row = rowOf(state, pillar, level);
  const today = learnerDay(state, now, browserZone);
  const drawnToday = row?.drawnOn === today;
  return {
    pillar,
    level,
    open: isLevelUnlocked(pillar, level, state.lessons, state.completed, state.placement, state.completedAt),
    available: canDraw(levelLessons(state, pillar, level)),
    takenToday: drawnToday && row?.submittedAt !== null,
    lastScore: row?.score ?? null,
    inProgress: drawnToday && row?.submittedAt === null,
  };
}

/** A drawn question as the learner sees it: no answer, no explanation. */
export interface TestOutQuestion {
  lessonId: number;
  questionId: number;
  question: string;
  options: string[];
}

function questionsOf(state: LearnerState, draw: readonly DrawnQuestion[]): TestOutQuestion[] {
  const lessons = new Map(state.lessons.map((l) => [l.id, l]));
  return draw.flatMap(([lessonId, questionId]) => {
    const q = lessons.get(lessonId)?.questions.find((x) => x.id === questionId);
    return q ? [{ lessonId, questionId, question: q.question, options: q.options }] : [];
  });
}

/** Seconds from `now` to the start of the learner's next day (for Retry-After). */
function secondsToTomorrow(now: Date, zone: string): number {
  const tomorrow = addDays(dayIn(now, zone), 1);
  let at = now.getTime();
  while (dayIn(new Date(at), zone) < tomorrow) at += 15 * 60_000;
  return Math.max(60, Math.round((at - now.getTime()) / 1000));
}

function refuseUnlessOffered(state: LearnerState, status: TestOutStatus, now: Date, browserZone?: string): void {
  const name = levelName(status.pillar, status.level);
  if (status.open) throw new HttpError(409, `${name} is already open`);
  if (!status.available) throw new HttpError(409, `${name} has too few questions for a test-out yet`);
  if (status.takenToday) {
    const zone = state.daily.timeZone ?? validTimeZone(browserZone) ?? 'UTC';
    throw new HttpError(429, `You took the ${name} test-out today. You can try again tomorrow.`, undefined, {
      'Retry-After': String(secondsToTomorrow(now, zone)),
    });
  }
}

/**
 * Starts (or resumes) today's test-out of a level: the same draw all day until it is submitted, a
 * new one (questions of the previous draw last) on another day.
 */
export async function startTestOut(
  userId: string,
  pillar: Pillar,
  level: TestOutLevel,
  now: Date,
  browserZone?: string,
): Promise<{ questions: TestOutQuestion[]; passMark: number }> {
  const state = await loadLearnerState(userId);
  const status = testOutStatus(state, pillar, level, now, browserZone);
  refuseUnlessOffered(state, status, now, browserZone);
  const row = rowOf(state, pillar, level);
  if (status.inProgress && row) return { questions: questionsOf(state, row.questions), passMark: TEST_OUT_PASS_MARK };
  const draw = drawQuestions(levelLessons(state, pillar, level), row?.questions ?? [])!;
  const written = rowsOf<{ questions: DrawnQuestion[] }>(
    await (await getDb()).execute(sql`insert into level_test_outs as t
      (user_id, pillar, level, questions, drawn_at, drawn_on)
    values (${userId}::uuid, ${pillar}, ${level}, ${JSON.stringify(draw)}::jsonb, ${now.toISOString()}::timestamptz,
      ${learnerDay(state, now, browserZone)})
    on conflict (user_id, pillar, level) do update set questions = excluded.questions,
      drawn_at = excluded.drawn_at, drawn_on = excluded.drawn_on, submitted_at = null, score = null
    where t.drawn_on <> excluded.drawn_on
    returning t.questions`),
  );
  // Another request drew today's questions first: the learner gets that draw, as after a reload.
  if (written.length === 0) return startTestOut(userId, pillar, level, now, browserZone);
  return { questions: questionsOf(state, written[0].questions), passMark: TEST_OUT_PASS_MARK };
}

/** A missed question as the result shows it: the question and the lesson that teaches it, not the answer. */
export interface MissedQuestion {
  lessonId: number;
  lessonTitle: string;
  question: string;
}

export interface TestOutResult {
  score: number;
  total: number;
  passMark: number;
  passed: boolean;
  missed: MissedQuestion[];
}

function answersMatchDraw(draw: readonly DrawnQuestion[], answers: readonly TestOutAnswer[]): boolean {
  const drawn = new Set(draw.map(([l, q]) => `${l}:${q}`));
  const given = new Set(answers.map((a) => `${a.lessonId}:${a.questionId}`));
  return given.size === answers.length && given.size === drawn.size && [...given].every((k) => drawn.has(k));
}

/** Grades today's draw once: a pass opens the level; every missed question goes to review. */
export async function submitTestOut(
  userId: string,
  pillar: Pillar,
  level: TestOutLevel,
  answers: TestOutAnswer[],
  now: Date,
): Promise<TestOutResult> {
  const state = await loadLearnerState(userId);
  const row = rowOf(state, pillar, level);
  if (!row || row.submittedAt !== null) {
    throw new HttpError(409, 'There is no test-out in progress for this level: start one first');
  }
  const lessons = new Map<number, Lesson>(state.lessons.map((l) => [l.id, l]));
  const question = (l: number, q: number) => lessons.get(l)?.questions.find((x) => x.id === q);
  // A question an author removed since the draw is not shown, so it is not asked for (nor held against anyone).
  const asked = row.questions.filter(([l, q]) => question(l, q));
  if (!answersMatchDraw(asked, answers)) {
    throw new HttpError(400, `Answer each of the ${asked.length} questions of your test-out once`);
  }
  const graded = gradeTestOut(row.questions, answers, (l, q) => question(l, q)?.correctAnswer);
  const review = scheduleMiss(now);
  const missed = graded.missed.map(([lessonId, questionId]) => ({ lesson_id: lessonId, question_id: questionId }));
  const [written] = rowsOf<{ ok: number }>(
    await (await getDb()).execute(sql`with up as (
      update level_test_outs set submitted_at = ${now.toISOString()}::timestamptz, score = ${graded.score}::int,
        passed_at = case when ${graded.passed}::boolean then coalesce(passed_at, ${now.toISOString()}::timestamptz)
          else passed_at end
      where user_id = ${userId}::uuid and pillar = ${pillar} and level = ${level} and drawn_on = ${row.drawnOn}
        and submitted_at is null
      returning user_id
    ), reviews as (
      insert into review_items (user_id, lesson_id, question_id, box, due_at)
      select up.user_id, m.lesson_id, m.question_id, ${review.box}::int, ${review.dueAt.toISOString()}::timestamptz
      from up, jsonb_to_recordset(${JSON.stringify(missed)}::jsonb) as m(lesson_id int, question_id int)
      on conflict (user_id, lesson_id, question_id) do update set box = excluded.box, due_at = excluded.due_at,
        retired_at = null
    )
    select count(*)::int as ok from up`),
  );
  if (!written || Number(written.ok) === 0) throw new HttpError(409, 'This test-out was already submitted');
  return {
    score: graded.score,
    total: graded.total,
    passMark: TEST_OUT_PASS_MARK,
    passed: graded.passed,
    missed: graded.missed.map(([lessonId, questionId]) => ({
      lessonId,
      lessonTitle: lessons.get(lessonId)!.title,
      question: question(lessonId, questionId)!.question,
    })),
  };
}

/** The levels above beginner a learner may test out of in a pillar: the locked ones. */
export function lockedLevels(state: LearnerState, pillar: Pillar): TestOutLevel[] {
  return LEVELS.filter((l): l is TestOutLevel =>
    l !== 'beginner' &&
    !isLevelUnlocked(pillar, l, state.lessons, state.completed, state.placement, state.completedAt)
  );
}

export { TEST_OUT_PASS_MARK, TEST_OUT_QUESTIONS };
