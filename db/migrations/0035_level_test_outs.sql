-- A level can be tested out of (issue 56, DESIGN 18): one row per learner, pillar and level above
-- beginner. It keeps the newest draw of questions (once a day, in the learner's day), its result,
-- and when the learner first passed: a passed test-out opens that level and every level below it.
CREATE TABLE "level_test_outs" (
	"user_id" uuid NOT NULL,
	"pillar" text NOT NULL,
	"level" text NOT NULL,
	"questions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"drawn_at" timestamp with time zone NOT NULL,
	"drawn_on" text NOT NULL,
	"submitted_at" timestamp with time zone,
	"score" integer,
	"passed_at" timestamp with time zone,
	CONSTRAINT "level_test_outs_user_id_pillar_level_pk" PRIMARY KEY("user_id","pillar","level"),
	CONSTRAINT "level_test_outs_pillar_check" CHECK ("pillar" IN ('saving', 'credit', 'investing')),
	CONSTRAINT "level_test_outs_level_check" CHECK ("level" IN ('intermediate', 'advanced'))
);
--> statement-breakpoint
ALTER TABLE "level_test_outs" ADD CONSTRAINT "level_test_outs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
