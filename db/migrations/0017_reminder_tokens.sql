ALTER TABLE "learner_streaks" ADD COLUMN "review_counted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reminders_sent" ADD COLUMN "token_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "reminders_sent_token_idx" ON "reminders_sent" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "users_reminders_idx" ON "users" USING btree ("id") WHERE "users"."remind_review" or "users"."remind_streak";--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "reminder_token_hash";