CREATE TABLE "lesson_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_slugs" ADD CONSTRAINT "lesson_slugs_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_slugs_lesson_idx" ON "lesson_slugs" USING btree ("lesson_id");
