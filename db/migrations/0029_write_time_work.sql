-- Work done when data is written (issue 48). Lessons keep what learners' pages show: the sections
-- as sanitized HTML, the /learn summary, the renderer's version and their stored question set; rows
-- of renderer version 0 (every lesson already stored) are rendered by the next start-up, which
-- renders every row of an older renderer version (src/lib/server/content/lesson-render.ts).
ALTER TABLE "lessons" ADD COLUMN "rendered" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "summary" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "renderer_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "question_set_id" integer;--> statement-breakpoint
-- The dashboard and progress read summary rows the completion keeps, never the attempts.
ALTER TABLE "learner_stats" ADD COLUMN "recent" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD COLUMN "cum_floor_half" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_stats" ADD COLUMN "cum_ceil_half" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "learner_question_stats" ADD COLUMN "last_correct" boolean;--> statement-breakpoint
ALTER TABLE "learner_question_stats" ADD COLUMN "last_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "learner_streaks" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Today's figures for the new columns, from the attempts (npm run rebuild-aggregates does the same).
UPDATE "learner_question_stats" s SET
  "last_correct" = coalesce((SELECT (r->>'isCorrect')::boolean FROM jsonb_array_elements(a.responses) r
    WHERE (r->>'questionId')::int = s.question_id LIMIT 1), false),
  "last_at" = a.created_at
FROM "quiz_attempts" a WHERE a.user_id = s.user_id AND a.seq = s.last_seq;--> statement-breakpoint
UPDATE "learner_stats" t SET
  "cum_floor_half" = coalesce((SELECT a.accuracy_cum FROM "quiz_attempts" a WHERE a.user_id = t.user_id AND a.seq = t.attempts / 2), 0),
  "cum_ceil_half" = coalesce((SELECT a.accuracy_cum FROM "quiz_attempts" a WHERE a.user_id = t.user_id AND a.seq = t.attempts - t.attempts / 2), 0),
  "recent" = coalesce((SELECT jsonb_agg(jsonb_build_object(
      'seq', r.seq, 'lessonId', r.lesson_id, 'lessonTitle', r.title, 'pillar', r.pillar, 'level', r.level,
      'score', r.score, 'totalQuestions', r.total_questions, 'passed', r.passed,
      'createdAt', to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) ORDER BY r.seq)
    FROM (SELECT a.*, l.title FROM "quiz_attempts" a JOIN "lessons" l ON l.id = a.lesson_id
      WHERE a.user_id = t.user_id ORDER BY a.seq DESC LIMIT 30) r), '[]'::jsonb);
