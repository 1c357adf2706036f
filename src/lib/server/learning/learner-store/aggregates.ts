// The learner aggregates (issue 24): per-learner, per-pillar, per-level and per-question figures
// that the statement recording an attempt keeps up to date (see attempts.ts), so reading them is a
// few row reads whatever the learner's history. The rebuild here computes the same figures from
// the attempts themselves: used by migration 0018 for the data that existed before, by
// `scripts/rebuild-aggregates.ts`, and by a test that compares rebuild and incremental.
import { sql, type SQL } from 'drizzle-orm';
import { getDatabaseHandle } from '../../platform/db.ts';

/** The aggregate tables, in the order they are rebuilt. */
export const AGGREGATE_TABLES = ['learner_stats', 'learner_pillar_stats', 'learner_level_stats', 'learner_question_stats'] as const;

/**
 * The statements that rebuild the aggregates from the attempts, for every learner (`where` empty)
 * or one (`where` = `where "user_id" = $1`). Each attempt's own facts (seq, pillar, level,
 * accuracy units) are kept; its running total is recomputed. Badges are added where the history
 * earned them and are never taken away.
 */
export function rebuildStatements(where: '' | 'where "user_id" = $1'): string[] {
  const and = where ? `and ${where.slice(6)}` : '';
  return [
    ...AGGREGATE_TABLES.map((table) => `delete from "${table}" ${where}`),
    `with running as (
      select "id", sum("accuracy_units") over (partition by "user_id" order by "seq" rows between unbounded preceding and current row) as cum
      from "quiz_attempts" ${where}
    )
    update "quiz_attempts" a set "accuracy_cum" = r.cum from running r where a."id" = r."id" and a."accuracy_cum" <> r.cum`,
    `insert into "learner_stats" ("user_id", "attempts", "passes", "correct", "questions", "duration_sum", "duration_count", "accuracy_units", "pass_run",
      "last_passed_lesson_id", "last_passed_score", "last_passed_total")
    select "user_id", count(*), count(*) filter (where "passed"), sum("score"), sum("total_questions"), coalesce(sum("duration_ms"), 0), count("duration_ms"),
      sum("accuracy_units"), count(*) filter (where "passed" and "seq" > coalesce(last_fail, 0)),
      (array_agg("lesson_id" order by "seq" desc) filter (where "passed"))[1],
      (array_agg("score" order by "seq" desc) filter (where "passed"))[1],
      (array_agg("total_questions" order by "seq" desc) filter (where "passed"))[1]
    from (select *, max("seq") filter (where not "passed") over (partition by "user_id") as last_fail from "quiz_attempts" ${where}) a
    group by "user_id"`,
    // Runs of passes in a pillar: consecutive passes share (their number in the pillar minus their
    // number among the pillar's passes), the usual "islands" trick.
    `insert into "learner_pillar_stats" ("user_id", "pillar", "attempts", "passes", "correct", "questions", "accuracy_units", "pass_run", "best_run")
    select a."user_id", a."pillar", count(*), count(*) filter (where "passed"), sum("score"), sum("total_questions"), sum("accuracy_units"),
      count(*) filter (where "passed" and "seq" > coalesce(last_fail, 0)), coalesce(max(b.best), 0)
    from (select *, max("seq") filter (where not "passed") over (partition by "user_id", "pillar") as last_fail from "quiz_attempts" ${where}) a
    left join (
      select "user_id", "pillar", max(n) as best from (
        select "user_id", "pillar", count(*) as n from (
          select "user_id", "pillar", "passed",
            row_number() over (partition by "user_id", "pillar" order by "seq") - row_number() over (partition by "user_id", "pillar", "passed" order by "seq") as island
          from "quiz_attempts" ${where}
        ) x where "passed" group by "user_id", "pillar", island
      ) y group by "user_id", "pillar"
    ) b on b."user_id" = a."user_id" and b."pillar" = a."pillar"
    group by a."user_id", a."pillar"`,
    `insert into "learner_level_stats" ("user_id", "pillar", "level", "attempts", "correct", "questions")
    select "user_id", "pillar", "level", count(*), sum("score"), sum("total_questions") from "quiz_attempts" ${where} group by "user_id", "pillar", "level"`,
    `insert into "learner_question_stats" ("user_id", "lesson_id", "question_id", "asked", "missed", "last_seq", "question_set_id")
    select a."user_id", a."lesson_id", (r->>'questionId')::int, count(*), count(*) filter (where not (r->>'isCorrect')::boolean), max(a."seq"),
      (array_agg(a."question_set_id" order by a."seq" desc))[1]
    from "quiz_attempts" a cross join lateral jsonb_array_elements(a."responses") r ${where.replace('"user_id"', 'a."user_id"')}
    group by a."user_id", a."lesson_id", (r->>'questionId')::int`,
    // Badges the history earned (the first time it did), never removing one already given.
    `insert into "user_badges" ("user_id", "badge", "earned_at")
    select "user_id", 'first-lesson', min("created_at") from "quiz_attempts" where "passed" ${and} group by "user_id"
    union all
    select "user_id", 'perfect-quiz', min("created_at") from "quiz_attempts" where "total_questions" > 0 and "score" = "total_questions" ${and} group by "user_id"
    union all
    select "user_id", 'streak-3', min("created_at") from (
      select "user_id", "created_at", "passed",
        row_number() over (partition by "user_id", "passed", island order by "seq") as in_run
      from (
        select *, row_number() over (partition by "user_id" order by "seq") - row_number() over (partition by "user_id", "passed" order by "seq") as island
        from "quiz_attempts" ${where}
      ) x
    ) y where "passed" and in_run = 3 group by "user_id"
    union all
    select "user_id", 'assessment-complete', min("created_at") from "assessments" ${where} group by "user_id"
    union all
    select p."user_id", 'level:' || l."pillar" || ':' || l."level", max(p."completed_at")
    from "lessons" l join "lesson_progress" p on p."lesson_id" = l."id" and p."completed"
    where l."deleted_at" is null ${and.replace('"user_id"', 'p."user_id"')}
    group by p."user_id", l."pillar", l."level"
    having count(*) = (select count(*) from "lessons" o where o."pillar" = l."pillar" and o."level" = l."level" and o."deleted_at" is null)
    on conflict do nothing`,
  ];
}

/**
 * Recomputes a learner's aggregates (or every learner's) from their attempts, in one transaction.
 * Safe while the app runs: recording an attempt starts with the learner's learner_stats row,
 * which the rebuild deletes (locks) first, or, for everyone, locks the table against; so an
 * attempt recorded meanwhile waits and then adds itself to the rebuilt figures.
 */
export async function rebuildLearnerAggregates(userId?: string): Promise<void> {
  const handle = await getDatabaseHandle();
  const statements = rebuildStatements(userId ? 'where "user_id" = $1' : '');
  const params = userId ? [userId] : [];
  await handle.db.transaction(async (tx) => {
    if (!userId) await tx.execute(sql`lock table "learner_stats" in share row exclusive mode`);
    for (const text of statements) await tx.execute(bind(text, params));
  });
}

/** A statement with `$1` bound to the learner's id (drizzle's sql template keeps it a parameter). */
function bind(text: string, params: string[]): SQL {
  if (params.length === 0) return sql.raw(text);
  const [before, ...rest] = text.split('$1');
  let out = sql.raw(before);
  for (const part of rest) out = sql`${out}${params[0]}${sql.raw(part)}`;
  return out;
}
