-- An attempt kept a full copy of its lesson's questions (about 1.8 KB of a 2 KB row). Each version
-- of a lesson's questions is now stored once, in question_sets, and an attempt keeps its answers
-- and the set's id. Existing attempts are moved over: their copies become sets (one per distinct
-- copy), their responses keep questionId, userAnswer and isCorrect.
CREATE TABLE "question_sets" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "question_sets_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"digest" text NOT NULL,
	"questions" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "question_sets" ADD CONSTRAINT "question_sets_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "question_sets_lesson_digest_idx" ON "question_sets" USING btree ("lesson_id","digest");--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "question_set_id" integer;--> statement-breakpoint
CREATE TEMPORARY TABLE "attempt_questions" AS
  SELECT a.id, a.lesson_id,
    coalesce((SELECT jsonb_agg(jsonb_build_object('questionId', r->'questionId', 'question', r->'question', 'options', r->'options',
      'correctAnswer', r->'correctAnswer', 'explanation', r->'explanation') ORDER BY e.n)
      FROM jsonb_array_elements(a.responses) WITH ORDINALITY AS e(r, n)), '[]'::jsonb) AS questions
  FROM quiz_attempts a;--> statement-breakpoint
INSERT INTO "question_sets" ("lesson_id", "digest", "questions")
  SELECT DISTINCT ON (lesson_id, md5(questions::text)) lesson_id, md5(questions::text), questions FROM attempt_questions;--> statement-breakpoint
UPDATE "quiz_attempts" a SET
  question_set_id = s.id,
  responses = coalesce((SELECT jsonb_agg(jsonb_build_object('questionId', r->'questionId', 'userAnswer', r->'userAnswer', 'isCorrect', r->'isCorrect') ORDER BY e.n)
    FROM jsonb_array_elements(a.responses) WITH ORDINALITY AS e(r, n)), '[]'::jsonb)
  FROM attempt_questions q JOIN question_sets s ON s.lesson_id = q.lesson_id AND s.digest = md5(q.questions::text)
  WHERE q.id = a.id;--> statement-breakpoint
DROP TABLE "attempt_questions";--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "question_set_id" SET NOT NULL;--> statement-breakpoint
-- Reads of a learner's attempts use the (user_id, attempt_id) index and sort the few rows.
DROP INDEX "quiz_attempts_user_created_idx";
