ALTER TABLE "quiz_attempts" ADD COLUMN "lesson_version" integer;--> statement-breakpoint
CREATE INDEX "quiz_attempts_lesson_version_idx" ON "quiz_attempts" USING btree ("lesson_id","lesson_version","user_id","seq","passed","created_at") WHERE "lesson_version" is not null;--> statement-breakpoint
CREATE TABLE "lesson_reads" (
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"lesson_version" integer NOT NULL,
	"furthest_step" integer DEFAULT 1 NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"quiz_at" timestamp with time zone,
	CONSTRAINT "lesson_reads_user_id_lesson_id_lesson_version_pk" PRIMARY KEY("user_id","lesson_id","lesson_version")
);
--> statement-breakpoint
ALTER TABLE "lesson_reads" ADD CONSTRAINT "lesson_reads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reads" ADD CONSTRAINT "lesson_reads_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_reads_lesson_idx" ON "lesson_reads" USING btree ("lesson_id","lesson_version","user_id","furthest_step","quiz_at");
