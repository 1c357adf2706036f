-- A second factor and sessions a person can see and end (issue 51). Factors: an authenticator app
-- (TOTP, its secret encrypted with TOTP_ENCRYPTION_KEY) or passkeys (WebAuthn public keys); ten
-- recovery codes stored as SHA-256 (each carries 120 random bits); challenges and half-finished
-- sign-ins live in the database, so any instance can finish what another began.
CREATE TABLE "user_factors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"kind" text NOT NULL CHECK ("kind" IN ('totp', 'passkey')),
	"name" text NOT NULL,
	"totp_secret" text,
	"totp_last_step" bigint,
	"credential_id" text,
	"public_key" text,
	"algorithm" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE INDEX "user_factors_user_idx" ON "user_factors" ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "user_factors_one_totp_idx" ON "user_factors" ("user_id") WHERE "kind" = 'totp';--> statement-breakpoint
CREATE UNIQUE INDEX "user_factors_credential_idx" ON "user_factors" ("credential_id");--> statement-breakpoint
CREATE TABLE "recovery_codes" (
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "recovery_codes_pk" PRIMARY KEY ("user_id", "code_hash")
);--> statement-breakpoint
CREATE TABLE "webauthn_challenges" (
	"challenge_hash" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE TABLE "pending_sign_ins" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"persistent" integer DEFAULT 1 NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "user_agent" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "factor_verified_at" timestamp with time zone;
