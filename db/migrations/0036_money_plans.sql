-- Saved money plans (issue 57): each "Save my plan" is a new row, versioned like assessments; the
-- newest is the learner's plan. The figures are theirs: the row goes with the account (cascade) and
-- is in the data export. The current step and the dashboard's line are computed when it is saved.
CREATE TABLE "money_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"input" jsonb NOT NULL,
	"current_step" text NOT NULL,
	"summary" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
ALTER TABLE "money_plans" ADD CONSTRAINT "money_plans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "money_plans_user_created_idx" ON "money_plans" USING btree ("user_id","created_at");
