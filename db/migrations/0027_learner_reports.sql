CREATE TABLE "lesson_reports" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "lesson_reports_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"question_id" integer,
	"step" integer,
	"lesson_version" integer NOT NULL,
	"reason" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"fixed_in_version" integer,
	"reply" text,
	"replied_at" timestamp with time zone,
	"replied_by" uuid,
	"reply_read_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "lesson_reports_subject_check" CHECK (("question_id" IS NULL) <> ("step" IS NULL)),
	CONSTRAINT "lesson_reports_reason_check" CHECK ("reason" IN ('wrong_answer', 'unclear', 'typo', 'outdated', 'other')),
	CONSTRAINT "lesson_reports_status_check" CHECK ("status" IN ('open', 'fixed', 'wont_fix')),
	CONSTRAINT "lesson_reports_fixed_check" CHECK (("status" = 'fixed') = ("fixed_in_version" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_reports" ADD CONSTRAINT "lesson_reports_replied_by_users_id_fk" FOREIGN KEY ("replied_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_reports_user_idx" ON "lesson_reports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "lesson_reports_inbox_idx" ON "lesson_reports" USING btree ("status","lesson_id","question_id");
