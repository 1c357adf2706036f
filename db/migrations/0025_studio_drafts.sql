CREATE TABLE "lesson_drafts" (
	"id" serial PRIMARY KEY NOT NULL,
	"lesson_id" integer,
	"base_version" integer,
	"base" jsonb,
	"content" jsonb NOT NULL,
	"revision" integer DEFAULT 1 NOT NULL,
	"created_by" uuid,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_drafts" ADD CONSTRAINT "lesson_drafts_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_drafts_lesson_idx" ON "lesson_drafts" USING btree ("lesson_id") WHERE "lesson_drafts"."lesson_id" is not null;--> statement-breakpoint
CREATE TABLE "lesson_versions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_versions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"lesson_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"published_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_versions" ADD CONSTRAINT "lesson_versions_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_versions_lesson_version_idx" ON "lesson_versions" USING btree ("lesson_id","version");--> statement-breakpoint
INSERT INTO "lesson_versions" ("lesson_id", "version", "content", "note", "created_at")
SELECT "id", "version", jsonb_build_object(
	'title', "title", 'pillar', "pillar", 'level', "level", 'orderIndex', "order_index",
	'duration', "duration", 'weight', "weight", 'sections', "sections",
	'learningObjectives', "learning_objectives", 'questions', "questions", 'sources', "sources",
	'reviewedAt', "reviewed_at"
), 'The version before the studio', "updated_at"
FROM "lessons" WHERE "deleted_at" IS NULL;
