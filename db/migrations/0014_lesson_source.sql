ALTER TABLE "lessons" ADD COLUMN "source_hash" text;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "source_version" integer;--> statement-breakpoint
-- Lessons loaded from the curriculum files before this migration and never edited by an author
-- (still at version 1) follow their file from now on; any edited one keeps the author's text, and
-- a lesson an author created is never a file's.
UPDATE "lessons" SET "source_version" = "version"
  WHERE "version" = 1 AND "deleted_at" IS NULL
    AND "id" NOT IN (SELECT ("detail"->>'lessonId')::int FROM "audit_log" WHERE "action" = 'lesson.create');
