-- Security, fourth pass (issue 50). Device cookies: a browser that signed in to an account before
-- keeps having its password checked while the account is in back-off (auth/device-cookie.ts).
CREATE TABLE "trusted_devices" (
	"token_hash" text NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trusted_devices_pk" PRIMARY KEY ("token_hash", "user_id")
);--> statement-breakpoint
CREATE INDEX "trusted_devices_user_idx" ON "trusted_devices" ("user_id");--> statement-breakpoint
-- A later sign-up with the address of an unverified account: kept until the link is followed from
-- that browser, which then owns the account with what it chose (auth/owner-reset.ts).
CREATE TABLE "later_signups" (
	"user_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"client_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"password_hash" text NOT NULL,
	"quiz_results" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
-- Who may edit a draft: its author, until an admin hands it to another author.
ALTER TABLE "lesson_drafts" ADD COLUMN "owner_id" uuid;--> statement-breakpoint
UPDATE "lesson_drafts" SET "owner_id" = "created_by";
