ALTER TABLE "users" ADD COLUMN "first_visit_at" timestamp with time zone;--> statement-breakpoint
-- Learners who already took the assessment have seen the dashboard: no second 'Welcome'.
UPDATE "users" SET "first_visit_at" = "created_at" WHERE EXISTS (SELECT 1 FROM "assessments" WHERE "assessments"."user_id" = "users"."id");
