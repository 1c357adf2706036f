// Learner history written straight into the database with SQL (generate_series), for the
// benchmarks: quiz attempts in the shape the app records them (learner-store/attempts.ts), the
// lesson progress, review queue, days and streak they imply, then the aggregates rebuilt by the
// app's own rebuild statements (learner-store/aggregates.ts). Much faster than the API, and the
// same rows: the rebuild-vs-incremental test shows the rebuild gives what the app keeps.
//
// Attempt n (1..perUser) of a learner takes lesson (n - 1) mod L (L active lessons with questions,
// by id); every third attempt fails (every answer wrong), the others pass (every answer right):
// 300 attempts are 200 passed and 100 failed. Attempts are `hoursApart` hours apart, the newest
// now. Each failed attempt's questions enter the review queue; with `reviewAnswers`, the queue is
// then left as that many review answers leave it (boxes 1-4, some due, some later, some retired;
// review answers write only review_items, so there is no other trace of them to write).
import process from 'node:process';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { rebuildAggregates } from '../src/lib/server/learning/learner-store/aggregates.ts';
import { ACCURACY_UNITS } from '../src/lib/progress.ts';

export interface HistoryOptions {
  /** SQL condition on `u` (users) choosing the learners, e.g. `u.email like 'bench-h%'`. */
  learners: string;
  perUser: number;
  hoursApart: number;
  reviewAnswers?: number;
}

const lessonTable = `create table if not exists bench_lessons as
  select row_number() over (order by id) as idx, id, pillar, level, version, total, q, md5(q::text) as digest, 0 as qset, good, bad from (
    select l.id, l.pillar, l.level, l.version, jsonb_array_length(l.questions) as total,
      jsonb_agg(jsonb_build_object('questionId', e->'id', 'question', e->'question', 'options', e->'options', 'correctAnswer', e->'correctAnswer',
        'explanation', e->'explanation') order by o) as q,
      jsonb_agg(jsonb_build_object('questionId', (e->>'id')::int, 'userAnswer', (e->>'correctAnswer')::int, 'isCorrect', true) order by o) as good,
      jsonb_agg(jsonb_build_object('questionId', (e->>'id')::int, 'userAnswer', ((e->>'correctAnswer')::int + 1) % greatest(jsonb_array_length(e->'options'), 2),
        'isCorrect', false) order by o) as bad
    from lessons l cross join lateral jsonb_array_elements(l.questions) with ordinality t(e, o)
    where l.state = 'published' and jsonb_array_length(l.questions) > 0
    group by l.id
  ) x`;

/** The statements, in order; `everyone` = the aggregates' rebuild for every learner at the end. */
export function historyStatements(o: HistoryOptions): string[] {
  const picked = `select u.id from users u where ${o.learners}`;
  const mine = `user_id in (${picked})`;
  const h = o.hoursApart;
  const n = o.perUser;
  const out = [
    lessonTable,
    // The question sets as questionSetFor stores them (same jsonb, so the same digest).
    `insert into question_sets (lesson_id, digest, questions) select id, digest, q from bench_lessons on conflict (lesson_id, digest) do nothing`,
    `update bench_lessons b set qset = s.id from question_sets s where s.lesson_id = b.id and s.digest = b.digest`,
    `insert into quiz_attempts (id, user_id, lesson_id, attempt_id, question_set_id, responses, score, total_questions, passed, duration_ms, created_at,
        seq, pillar, level, accuracy_units, accuracy_cum, lesson_version)
      select md5(u.id::text || ':' || s.n)::uuid, u.id, b.id, md5(u.id::text || ':a' || s.n)::uuid, b.qset,
        case when s.n % 3 <> 0 then b.good else b.bad end, case when s.n % 3 <> 0 then b.total else 0 end, b.total, s.n % 3 <> 0,
        45000 + (s.n * 7919) % 90000, now() - (${n} - s.n) * interval '${h} hours',
        s.n, b.pillar, b.level, case when s.n % 3 <> 0 then ${ACCURACY_UNITS} else 0 end, ${ACCURACY_UNITS}::bigint * (s.n - s.n / 3), b.version
      from users u cross join generate_series(1, ${n}) s(n)
      join bench_lessons b on b.idx = (s.n - 1) % (select count(*) from bench_lessons) + 1
      where ${o.learners}`,
    `insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts, completed_at, updated_at)
      select user_id, lesson_id, bool_or(passed), max(score), (array_agg(score order by seq desc))[1], max(total_questions), count(*),
        min(created_at) filter (where passed), max(created_at)
      from quiz_attempts where ${mine} group by user_id, lesson_id
      on conflict do nothing`,
    // The studio's funnel: each lesson taken was opened 20 minutes before its first attempt and read to the end.
    `insert into lesson_reads (user_id, lesson_id, lesson_version, furthest_step, opened_at, quiz_at)
      select a.user_id, a.lesson_id, a.lesson_version, greatest(1, jsonb_array_length(l.sections)),
        min(a.created_at) - interval '20 minutes', min(a.created_at)
      from quiz_attempts a join lessons l on l.id = a.lesson_id
      where a.${mine} group by a.user_id, a.lesson_id, a.lesson_version, l.sections
      on conflict do nothing`,
    // Each missed question once (the newest miss), box 1, due a day after that miss.
    `insert into review_items (id, user_id, lesson_id, question_id, box, due_at, created_at)
      select distinct on (a.user_id, a.lesson_id, (r->>'questionId')::int)
        md5(a.user_id::text || ':r' || a.lesson_id || ':' || (r->>'questionId'))::uuid, a.user_id, a.lesson_id, (r->>'questionId')::int,
        1, a.created_at + interval '1 day', a.created_at
      from quiz_attempts a cross join lateral jsonb_array_elements(a.responses) r
      where a.${mine} and not a.passed and not (r->>'isCorrect')::boolean
      order by a.user_id, a.lesson_id, (r->>'questionId')::int, a.seq desc
      on conflict do nothing`,
    // Days with a passed lesson (UTC: the seeded learners have no time zone).
    `insert into learner_days (user_id, day, lessons, reviews)
      select user_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD'), count(*), 0
      from quiz_attempts where ${mine} and passed group by 1, 2
      on conflict do nothing`,
    // The streak: the newest run of consecutive days (current) and the longest run.
    `insert into learner_streaks (user_id, current, longest, last_day)
      select user_id, (array_agg(days order by last desc))[1], max(days), to_char(max(last), 'YYYY-MM-DD') from (
        select user_id, count(*) as days, max(d) as last from (
          select user_id, day::date as d, day::date - (row_number() over (partition by user_id order by day))::int as grp from learner_days where ${mine}
        ) x group by user_id, grp
      ) y group by user_id
      on conflict do nothing`,
  ];
  if (o.reviewAnswers) {
    // Spread the answers over the queue: item k (by id) was answered about answers/items times;
    // it ends in box 1 + ((answers + k) mod 4), answered within the last two weeks; one in five
    // retired, half of the rest due now, the others later.
    out.push(`with q as (
        select id, user_id, row_number() over (partition by user_id order by id) as k, count(*) over (partition by user_id) as items
        from review_items where ${mine}
      ), a as (
        select id, k, (${o.reviewAnswers} / items + case when k <= ${o.reviewAnswers} % items then 1 else 0 end) as answers from q
      )
      update review_items r set
        box = case when a.answers = 0 then 1 else 1 + ((a.answers + a.k) % 4) end,
        last_reviewed_at = case when a.answers = 0 then null else now() - (a.k % 14) * interval '1 day' end,
        due_at = case when a.answers = 0 then r.due_at when a.k % 2 = 0 then now() - interval '1 hour' else now() + (1 + a.k % 7) * interval '1 day' end,
        retired_at = case when a.answers > 0 and a.k % 5 = 0 then now() - (a.k % 14) * interval '1 day' end
      from a where a.id = r.id`);
  }
  return out;
}

export async function seedHistory(db: Database, options: HistoryOptions[]): Promise<void> {
  const timed = async (text: string) => {
    const t = performance.now();
    await db.execute(sql.raw(text));
    if (process.env.BENCH_SEED_TIMES) {
      console.error(`${Math.round(performance.now() - t)} ms: ${text.replace(/\s+/g, ' ').slice(0, 80)}`);
    }
  };
  for (const o of options) for (const text of historyStatements(o)) await timed(text);
  // The app's own rebuild of the aggregates (and the badges the history earned), for everyone.
  const started = performance.now();
  await db.transaction((tx) => rebuildAggregates(tx));
  if (process.env.BENCH_SEED_TIMES) console.error(`${Math.round(performance.now() - started)} ms: rebuild aggregates`);
  await db.execute(sql.raw('drop table if exists bench_lessons'));
  // Statistics and the visibility map, as a database that has run a while has them: otherwise
  // autovacuum processes the bulk-loaded tables during the measurements, and until it has, the
  // planner has no statistics for them.
  await timed('vacuum analyze');
}
