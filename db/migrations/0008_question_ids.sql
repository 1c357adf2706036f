ALTER TABLE "lessons" ADD COLUMN "last_question_id" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Existing lessons: start above every question id already given, including ids that learners'
-- attempts and review items still name (questions removed before ids were kept stable).
UPDATE "lessons" SET "last_question_id" = GREATEST(
	COALESCE((SELECT max((q->>'id')::integer) FROM jsonb_array_elements("lessons"."questions") AS q), 0),
	COALESCE((SELECT max("review_items"."question_id") FROM "review_items" WHERE "review_items"."lesson_id" = "lessons"."id"), 0),
	COALESCE((SELECT max((r->>'questionId')::integer) FROM "quiz_attempts", jsonb_array_elements("quiz_attempts"."responses") AS r WHERE "quiz_attempts"."lesson_id" = "lessons"."id"), 0)
);
