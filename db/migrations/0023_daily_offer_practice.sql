ALTER TABLE "learner_streaks" ADD COLUMN "practiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "reminder_offer" text;