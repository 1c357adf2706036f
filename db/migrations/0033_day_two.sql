-- Issue 53. A used verification link is kept (marked) so a second click can say "already confirmed";
-- housekeeping deletes spent links after 30 days.
ALTER TABLE "email_verification_tokens" ADD COLUMN "used_at" timestamp with time zone;--> statement-breakpoint
-- Reminders at the hour the learner picks (local, 0-23; 18 was the fixed hour before).
ALTER TABLE "users" ADD COLUMN "reminder_hour" integer DEFAULT 18 NOT NULL;--> statement-breakpoint
-- A change of time zone waits for the next local day (so one day never counts twice).
ALTER TABLE "users" ADD COLUMN "next_time_zone" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "next_time_zone_at" timestamp with time zone;
--> statement-breakpoint
-- The library search tolerates one typo (src/lib/server/learning/library-typo.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
