-- Learner aggregates (issue 24): figures the attempt-recording transaction keeps up to date, so
-- reading a dashboard, progress screen or analytics costs a few row reads whatever the history.
-- Existing attempts get their order (seq), pillar and level and exact accuracy units, then the
-- aggregates are built from them, as `rebuildLearnerAggregates` does (src/lib/server/learner-store).
CREATE TABLE "learner_level_stats" (
	"user_id" uuid NOT NULL,
	"pillar" text NOT NULL,
	"level" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_level_stats_user_id_pillar_level_pk" PRIMARY KEY("user_id","pillar","level")
);
--> statement-breakpoint
CREATE TABLE "learner_pillar_stats" (
	"user_id" uuid NOT NULL,
	"pillar" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"passes" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"accuracy_units" bigint DEFAULT 0 NOT NULL,
	"pass_run" integer DEFAULT 0 NOT NULL,
	"best_run" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "learner_pillar_stats_user_id_pillar_pk" PRIMARY KEY("user_id","pillar")
);
--> statement-breakpoint
CREATE TABLE "learner_question_stats" (
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"asked" integer DEFAULT 0 NOT NULL,
	"missed" integer DEFAULT 0 NOT NULL,
	"last_seq" integer NOT NULL,
	"question_set_id" integer NOT NULL,
	CONSTRAINT "learner_question_stats_user_id_lesson_id_question_id_pk" PRIMARY KEY("user_id","lesson_id","question_id")
);
--> statement-breakpoint
CREATE TABLE "learner_stats" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"passes" integer DEFAULT 0 NOT NULL,
	"correct" integer DEFAULT 0 NOT NULL,
	"questions" integer DEFAULT 0 NOT NULL,
	"duration_sum" bigint DEFAULT 0 NOT NULL,
	"duration_count" integer DEFAULT 0 NOT NULL,
	"accuracy_units" bigint DEFAULT 0 NOT NULL,
	"pass_run" integer DEFAULT 0 NOT NULL,
	"last_passed_lesson_id" integer,
	"last_passed_score" integer,
	"last_passed_total" integer
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "seq" integer;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "pillar" text;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "level" text;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "accuracy_units" bigint;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "accuracy_cum" bigint;--> statement-breakpoint
-- Existing attempts: their lesson's pillar and level, and their order as recorded (time, then id).
UPDATE "quiz_attempts" a SET "pillar" = l."pillar", "level" = l."level",
	"accuracy_units" = CASE WHEN a."total_questions" > 0 THEN a."score"::bigint * 232792560 / a."total_questions" ELSE 0 END
	FROM "lessons" l WHERE l."id" = a."lesson_id";--> statement-breakpoint
WITH numbered AS (
	SELECT "id", row_number() OVER w AS seq, sum("accuracy_units") OVER w AS cum
	FROM "quiz_attempts" WINDOW w AS (PARTITION BY "user_id" ORDER BY "created_at", "id" ROWS BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW)
)
UPDATE "quiz_attempts" a SET "seq" = n.seq, "accuracy_cum" = n.cum FROM numbered n WHERE a."id" = n."id";--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "seq" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "pillar" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "level" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "accuracy_units" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "accuracy_cum" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_level_stats" ADD CONSTRAINT "learner_level_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_pillar_stats" ADD CONSTRAINT "learner_pillar_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_question_stats" ADD CONSTRAINT "learner_question_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD CONSTRAINT "learner_stats_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quiz_attempts_user_seq_idx" ON "quiz_attempts" USING btree ("user_id","seq");--> statement-breakpoint
-- The aggregates of every learner, from their attempts: rebuildStatements('') of
-- src/lib/server/learner-store/aggregates.ts as it was when this migration was written.
insert into "learner_stats" ("user_id", "attempts", "passes", "correct", "questions", "duration_sum", "duration_count", "accuracy_units", "pass_run",
      "last_passed_lesson_id", "last_passed_score", "last_passed_total")
    select "user_id", count(*), count(*) filter (where "passed"), sum("score"), sum("total_questions"), coalesce(sum("duration_ms"), 0), count("duration_ms"),
      sum("accuracy_units"), count(*) filter (where "passed" and "seq" > coalesce(last_fail, 0)),
      (array_agg("lesson_id" order by "seq" desc) filter (where "passed"))[1],
      (array_agg("score" order by "seq" desc) filter (where "passed"))[1],
      (array_agg("total_questions" order by "seq" desc) filter (where "passed"))[1]
    from (select *, max("seq") filter (where not "passed") over (partition by "user_id") as last_fail from "quiz_attempts" ) a
    group by "user_id";--> statement-breakpoint
insert into "learner_pillar_stats" ("user_id", "pillar", "attempts", "passes", "correct", "questions", "accuracy_units", "pass_run", "best_run")
    select a."user_id", a."pillar", count(*), count(*) filter (where "passed"), sum("score"), sum("total_questions"), sum("accuracy_units"),
      count(*) filter (where "passed" and "seq" > coalesce(last_fail, 0)), coalesce(max(b.best), 0)
    from (select *, max("seq") filter (where not "passed") over (partition by "user_id", "pillar") as last_fail from "quiz_attempts" ) a
    left join (
      select "user_id", "pillar", max(n) as best from (
        select "user_id", "pillar", count(*) as n from (
          select "user_id", "pillar", "passed",
            row_number() over (partition by "user_id", "pillar" order by "seq") - row_number() over (partition by "user_id", "pillar", "passed" order by "seq") as island
          from "quiz_attempts" 
        ) x where "passed" group by "user_id", "pillar", island
      ) y group by "user_id", "pillar"
    ) b on b."user_id" = a."user_id" and b."pillar" = a."pillar"
    group by a."user_id", a."pillar";--> statement-breakpoint
insert into "learner_level_stats" ("user_id", "pillar", "level", "attempts", "correct", "questions")
    select "user_id", "pillar", "level", count(*), sum("score"), sum("total_questions") from "quiz_attempts"  group by "user_id", "pillar", "level";--> statement-breakpoint
insert into "learner_question_stats" ("user_id", "lesson_id", "question_id", "asked", "missed", "last_seq", "question_set_id")
    select a."user_id", a."lesson_id", (r->>'questionId')::int, count(*), count(*) filter (where not (r->>'isCorrect')::boolean), max(a."seq"),
      (array_agg(a."question_set_id" order by a."seq" desc))[1]
    from "quiz_attempts" a cross join lateral jsonb_array_elements(a."responses") r 
    group by a."user_id", a."lesson_id", (r->>'questionId')::int;--> statement-breakpoint
insert into "user_badges" ("user_id", "badge", "earned_at")
    select "user_id", 'first-lesson', min("created_at") from "quiz_attempts" where "passed"  group by "user_id"
    union all
    select "user_id", 'perfect-quiz', min("created_at") from "quiz_attempts" where "total_questions" > 0 and "score" = "total_questions"  group by "user_id"
    union all
    select "user_id", 'streak-3', min("created_at") from (
      select "user_id", "created_at", "passed",
        row_number() over (partition by "user_id", "passed", island order by "seq") as in_run
      from (
        select *, row_number() over (partition by "user_id" order by "seq") - row_number() over (partition by "user_id", "passed" order by "seq") as island
        from "quiz_attempts" 
      ) x
    ) y where "passed" and in_run = 3 group by "user_id"
    union all
    select "user_id", 'assessment-complete', min("created_at") from "assessments"  group by "user_id"
    union all
    select p."user_id", 'level:' || l."pillar" || ':' || l."level", max(p."completed_at")
    from "lessons" l join "lesson_progress" p on p."lesson_id" = l."id" and p."completed"
    where l."deleted_at" is null 
    group by p."user_id", l."pillar", l."level"
    having count(*) = (select count(*) from "lessons" o where o."pillar" = l."pillar" and o."level" = l."level" and o."deleted_at" is null)
    on conflict do nothing;
