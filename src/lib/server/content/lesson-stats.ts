// The studio's statistics of a lesson (issue 43), on its current version: the funnel from the
// lesson_reads rows (learning/lesson-reads.ts) and the attempts, and per question its answers, share
// correct, discrimination and pick rates, all counted in SQL over the rows of one
// (lesson, version) through their indexes (migration 0026). Every statement is bounded: at most
// STATS_SAMPLE learners' attempts are read, and the results are a row per step, per question or per option.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { type Lesson, lessons } from '../../../../db/schema.ts';
import { type OptionStats, questionFlags, type QuestionStats } from '../../studio-stats.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';

/**
 * The most readers and learners one page reads: past it the figures are of a sample, the first in
 * user id order (random ids, so a random sample). bench/RESULTS.md has the timing this keeps.
 */
export const STATS_SAMPLE = 500;

export interface StepStats {
  step: number;
  title: string;
  /** Readers who were shown this step or a later one. */
  reached: number;
  /** Readers whose furthest step is this one and who never answered a quiz question. */
  stoppedHere: number;
}

export interface LessonStats {
  lesson: Pick<Lesson, 'id' | 'title' | 'version' | 'pillar' | 'level'>;
  funnel: {
    opened: number;
    reachedQuiz: number;
    /** Learners who took the quiz of this version (read from at most STATS_SAMPLE). */
    tookQuiz: number;
    passedFirstTry: number;
    passed: number;
    /** The step most readers stopped at without reaching the quiz; null when nobody stopped. */
    stopStep: number | null;
    /** Median time from opening the lesson to the first pass, in ms; null without both. */
    medianMsToFinish: number | null;
  };
  steps: StepStats[];
  questions: QuestionStats[];
  /** True when STATS_SAMPLE readers or learners were read: the figures are of a sample. */
  sampled: boolean;
}

type Row = Record<string, unknown>;
const rowsOf = (result: unknown): Row[] => (Array.isArray(result) ? result : (result as { rows: Row[] }).rows);
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The lessons the studio has statistics for (not deleted), in curriculum order. */
export async function statsLessons() {
  const db = await getDb();
  return db
    .select({
      id: lessons.id,
      title: lessons.title,
      pillar: lessons.pillar,
      level: lessons.level,
      version: lessons.version,
    })
    .from(lessons)
    .where(isNull(lessons.deletedAt))
    .orderBy(asc(lessons.pillar), asc(lessons.level), asc(lessons.orderIndex));
}

export async function lessonStats(lessonId: number): Promise<LessonStats> {
  const db = await getDb();
  const [lesson] = await db.select().from(lessons).where(and(eq(lessons.id, lessonId), isNull(lessons.deletedAt)));
  if (!lesson) throw new HttpError(404, 'Lesson Not Found');
  const key = { id: lesson.id, version: lesson.version };
  const [reads, learners, answers] = await Promise.all([readCounts(key), learnerCounts(key), answerCounts(key)]);
  const titles = lesson.sections.length > 0 ? lesson.sections.map((s, i) => s.header || `Step ${i + 1}`) : ['Lesson'];
  const steps = titles.map((title, i): StepStats => ({
    step: i + 1,
    title,
    reached: reads.filter((r) => r.step >= i + 1).reduce((n, r) => n + r.readers, 0),
    stoppedHere: reads.filter((r) => Math.min(r.step, titles.length) === i + 1).reduce((n, r) => n + r.stopped, 0),
  }));
  const stop = steps.reduce<StepStats | null>((m, s) => (s.stoppedHere > (m?.stoppedHere ?? 0) ? s : m), null);
  const questions = lesson.questions.map((q, i): QuestionStats => {
    const row = answers.find((a) => a.questionId === q.id && a.option === null);
    const total = row?.answers ?? 0;
    const options = q.options.map((text, option): OptionStats => {
      const picks = answers.find((a) => a.questionId === q.id && a.option === option)?.answers ?? 0;
      return { option, text, correct: option === q.correctAnswer, picks, share: total ? picks / total : 0 };
    });
    const stats = {
      questionId: q.id,
      position: i + 1,
      question: q.question,
      answers: total,
      shareCorrect: total ? (row?.correct ?? 0) / total : null,
      discrimination: row?.discrimination ?? null,
      options,
    };
    return { ...stats, flags: questionFlags(stats) };
  });
  return {
    lesson: { id: lesson.id, title: lesson.title, version: lesson.version, pillar: lesson.pillar, level: lesson.level },
    funnel: {
      opened: reads.reduce((n, r) => n + r.readers, 0),
      reachedQuiz: reads.reduce((n, r) => n + r.quiz, 0),
      tookQuiz: learners.learners,
      passedFirstTry: learners.passedFirstTry,
      passed: learners.passed,
      stopStep: stop?.step ?? null,
      medianMsToFinish: learners.medianMs,
    },
    steps,
    questions,
    sampled: learners.learners >= STATS_SAMPLE || reads.reduce((n, r) => n + r.readers, 0) >= STATS_SAMPLE,
  };
}

type Key = { id: number; version: number };

/** Readers by furthest step: how many, how many reached the quiz, how many stopped there. */
async function readCounts({ id, version }: Key) {
  const db = await getDb();
  const result = await db.execute(sql`
    select furthest_step as step, count(*) as readers, count(quiz_at) as quiz, count(*) - count(quiz_at) as stopped
    from (
      select furthest_step, quiz_at from lesson_reads where lesson_id = ${id} and lesson_version = ${version}
      order by user_id limit ${STATS_SAMPLE}
    ) sample
    group by furthest_step order by furthest_step limit 1000`);
  return rowsOf(result).map((r) => ({
    step: num(r.step),
    readers: num(r.readers),
    quiz: num(r.quiz),
    stopped: num(r.stopped),
  }));
}

/** Per learner of this version: passed at the first try, passed at all, and the median time from opening to the first pass. */
async function learnerCounts({ id, version }: Key) {
  const db = await getDb();
  const result = await db.execute(sql`
    with learners as (
      select user_id, (array_agg(passed order by seq))[1] as first_passed, bool_or(passed) as passed,
        min(created_at) filter (where passed) as passed_at
      from quiz_attempts where lesson_id = ${id} and lesson_version = ${version}
      group by user_id order by user_id limit ${STATS_SAMPLE}
    )
    select count(*) as learners, count(*) filter (where l.first_passed) as first_passed,
      count(*) filter (where l.passed) as passed,
      percentile_cont(0.5) within group (order by extract(epoch from l.passed_at - r.opened_at) * 1000)
        filter (where l.passed_at >= r.opened_at) as median_ms
    from learners l left join lesson_reads r
      on r.user_id = l.user_id and r.lesson_id = ${id} and r.lesson_version = ${version}`);
  const [row] = rowsOf(result);
  return {
    learners: num(row?.learners),
    passedFirstTry: num(row?.first_passed),
    passed: num(row?.passed),
    medianMs: row?.median_ms === null || row?.median_ms === undefined ? null : Math.round(Number(row.median_ms)),
  };
}

/**
 * Each learner's first attempt on this version, answer by answer: per question (option null) the
 * answers, the right ones and the point-biserial correlation with the rest of that attempt's
 * score; per option the picks. One pass with grouping sets.
 */
async function answerCounts({ id, version }: Key) {
  const db = await getDb();
  const result = await db.execute(sql`
    with firsts as (
      select distinct on (user_id) responses, score from quiz_attempts
      where lesson_id = ${id} and lesson_version = ${version}
      order by user_id, seq limit ${STATS_SAMPLE}
    ), answers as (
      select (r->>'questionId')::int as question_id, (r->>'userAnswer')::int as answer,
        case when (r->>'isCorrect')::boolean then 1 else 0 end as c, f.score
      from firsts f cross join lateral jsonb_array_elements(f.responses) r
    )
    select question_id, case when grouping(answer) = 1 then null else answer end as answer,
      count(*) as answers, sum(c) as correct, corr(c::float8, (score - c)::float8) as discrimination
    from answers group by grouping sets ((question_id), (question_id, answer))
    limit 10000`);
  return rowsOf(result).map((r) => ({
    questionId: num(r.question_id),
    option: numOrNull(r.answer),
    answers: num(r.answers),
    correct: num(r.correct),
    discrimination: numOrNull(r.discrimination),
  }));
}
