CREATE TABLE "lesson_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_slugs" ADD CONSTRAINT "lesson_slugs_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_slugs_lesson_idx" ON "lesson_slugs" USING btree ("lesson_id");
--> statement-breakpoint
CREATE TABLE "visitor_quiz_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_quiz_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"attempt_id" uuid NOT NULL,
	"responses" jsonb NOT NULL,
	"duration_ms" integer,
	"taken_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_quiz_results" ADD CONSTRAINT "visitor_quiz_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_quiz_results" ADD CONSTRAINT "visitor_quiz_results_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_quiz_results_attempt_idx" ON "visitor_quiz_results" USING btree ("user_id","attempt_id");
