// The studio's statistics of a lesson (issue 43): the funnel of its current version from the
// lesson_reads rows (learning/lesson-reads.ts) and the attempts, and per question its answers, share
// correct, discrimination and pick rates over every version in which the question read as it does
// now (its text, options and right answer; issue 54), so a publish that leaves a question alone keeps
// its figures. All counted in SQL through the indexes of (lesson, version) (migration 0026). Every
// statement is bounded: at most STATS_SAMPLE learners' attempts a version are read, and the results
// are a row per step, per question or per option.
import { sql } from 'drizzle-orm';
import { type Lesson } from '../../../../db/schema.ts';
import { type OptionStats, questionFlags, type QuestionStats } from '../../studio-stats.ts';
import { getDb, rowsOf } from '../platform/db.ts';
import { findActiveLessons, findLesson } from '../content/catalogue.ts';
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
const num = (v: unknown): number => Number(v ?? 0);
const numOrNull = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

/** The lessons the studio has statistics for (published), in learning order. */
export async function statsLessons() {
  return (await findActiveLessons()).map(({ id, title, pillar, level, version }) => ({
    id,
    title,
    pillar,
    level,
    version,
  }));
}

export async function lessonStats(lessonId: number): Promise<LessonStats> {
  const lesson = await findLesson(lessonId);
  if (!lesson) throw new HttpError(404, 'Lesson Not Found');
  const { reads, learners, answers } = await readFigures(lesson);
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

type Key = Pick<Lesson, 'id' | 'version' | 'questions'>;

/**
 * The page's figures in one statement, each bounded by STATS_SAMPLE: readers by furthest step (how
 * many, how many reached the quiz, how many stopped there); per learner of this version, passed at
 * the first try, passed at all and the median time from opening to the first pass; and each
 * learner's first answer to each question as it reads now, in any version where it read the same
 * (per question, option null: the answers, the right ones and the point-biserial correlation with
 * the rest of that attempt's score; per option the picks).
 */
async function readFigures({ id, version, questions }: Key) {
  const db = await getDb();
  const current = JSON.stringify(
    questions.map((q) => ({ id: q.id, question: q.question, options: q.options, correct: q.correctAnswer })),
  );
  const result = await db.execute(sql`
    with sample_reads as (
      select user_id, furthest_step, quiz_at, opened_at from lesson_reads
      where lesson_id = ${id} and lesson_version = ${version} order by user_id limit ${STATS_SAMPLE}
    ), reads as (
      select furthest_step as step, count(*) as readers, count(quiz_at) as quiz, count(*) - count(quiz_at) as stopped
      from sample_reads group by furthest_step order by furthest_step limit 1000
    ), learners as (
      select user_id, (array_agg(passed order by seq))[1] as first_passed, bool_or(passed) as passed,
        min(created_at) filter (where passed) as passed_at
      from quiz_attempts where lesson_id = ${id} and lesson_version = ${version}
      group by user_id order by user_id limit ${STATS_SAMPLE}
    ), learner_totals as (
      select count(*) as learners, count(*) filter (where l.first_passed) as first_passed,
        count(*) filter (where l.passed) as passed,
        percentile_cont(0.5) within group (order by extract(epoch from l.passed_at - r.opened_at) * 1000)
          filter (where l.passed_at >= r.opened_at) as median_ms
      from learners l left join lesson_reads r
        on r.user_id = l.user_id and r.lesson_id = ${id} and r.lesson_version = ${version}
    ), current_questions as (
      select * from jsonb_to_recordset(${current}::jsonb) as c(id int, question text, options jsonb, correct int)
    ), same as (
      -- (a version, a question's id in it, its id now) wherever a question read as it does now
      select ${version}::int as version, id as asked_id, id as question_id from current_questions
      union
      select v.version, (q->>'id')::int, c.id
      from lesson_versions v cross join lateral jsonb_array_elements(v.content->'questions') q
      join current_questions c
        on c.question = q->>'question' and c.options = q->'options' and c.correct = (q->>'correctAnswer')::int
      where v.lesson_id = ${id} and v.version < ${version}
    ), firsts as (
      select f.* from (select distinct version from same) s cross join lateral (
        select distinct on (user_id) user_id, seq, lesson_version, responses, score from quiz_attempts
        where lesson_id = ${id} and lesson_version = s.version
        order by user_id, seq limit ${STATS_SAMPLE}
      ) f
    ), sampled as (
      select distinct user_id from firsts order by user_id limit ${STATS_SAMPLE}
    ), answers as (
      select distinct on (f.user_id, s.question_id) s.question_id, (r->>'userAnswer')::int as answer,
        case when (r->>'isCorrect')::boolean then 1 else 0 end as c, f.score
      from firsts f join sampled u on u.user_id = f.user_id
      cross join lateral jsonb_array_elements(f.responses) r
      join same s on s.version = f.lesson_version and s.asked_id = (r->>'questionId')::int
      order by f.user_id, s.question_id, f.seq
    ), answer_counts as (
      select question_id, case when grouping(answer) = 1 then null else answer end as answer,
        count(*) as answers, sum(c) as correct, corr(c::float8, (score - c)::float8) as discrimination
      from answers group by grouping sets ((question_id), (question_id, answer))
      limit 10000
    )
    select
      (select coalesce(json_agg(reads), '[]'::json) from reads) as reads,
      (select row_to_json(learner_totals) from learner_totals) as learners,
      (select coalesce(json_agg(answer_counts), '[]'::json) from answer_counts) as answers`);
  const [row] = rowsOf<{ reads: Row[]; learners: Row | null; answers: Row[] }>(result);
  const totals = row.learners ?? {};
  return {
    reads: row.reads.map((r) => ({
      step: num(r.step),
      readers: num(r.readers),
      quiz: num(r.quiz),
      stopped: num(r.stopped),
    })),
    learners: {
      learners: num(totals.learners),
      passedFirstTry: num(totals.first_passed),
      passed: num(totals.passed),
      medianMs: totals.median_ms === null || totals.median_ms === undefined
        ? null
        : Math.round(Number(totals.median_ms)),
    },
    answers: row.answers.map((r) => ({
      questionId: num(r.question_id),
      option: numOrNull(r.answer),
      answers: num(r.answers),
      correct: num(r.correct),
      discrimination: numOrNull(r.discrimination),
    })),
  };
}
