-- The caches these served (a PGlite change cache fed by notifications, a PostgreSQL version per
-- learner, a catalogue counter) are gone: their triggers, functions and tables go too.
DROP TRIGGER IF EXISTS "assessments_learner_version_delete" ON "assessments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "assessments_learner_version_insert" ON "assessments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "assessments_learner_version_update" ON "assessments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "assessments_notify_app_cache" ON "assessments";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_days_learner_version_delete" ON "learner_days";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_days_learner_version_insert" ON "learner_days";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_days_learner_version_update" ON "learner_days";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_days_notify_app_cache" ON "learner_days";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_stats_notify_app_cache" ON "learner_stats";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_streaks_learner_version_delete" ON "learner_streaks";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_streaks_learner_version_insert" ON "learner_streaks";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_streaks_learner_version_update" ON "learner_streaks";--> statement-breakpoint
DROP TRIGGER IF EXISTS "learner_streaks_notify_app_cache" ON "learner_streaks";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lesson_progress_learner_version_delete" ON "lesson_progress";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lesson_progress_learner_version_insert" ON "lesson_progress";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lesson_progress_learner_version_update" ON "lesson_progress";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lesson_progress_notify_app_cache" ON "lesson_progress";--> statement-breakpoint
DROP TRIGGER IF EXISTS "lessons_notify_app_cache" ON "lessons";--> statement-breakpoint
DROP TRIGGER IF EXISTS "quiz_attempts_notify_app_cache" ON "quiz_attempts";--> statement-breakpoint
DROP TRIGGER IF EXISTS "review_items_learner_version_delete" ON "review_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "review_items_learner_version_insert" ON "review_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "review_items_learner_version_update" ON "review_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "review_items_notify_app_cache" ON "review_items";--> statement-breakpoint
DROP TRIGGER IF EXISTS "sessions_notify_app_cache" ON "sessions";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_badges_learner_version_delete" ON "user_badges";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_badges_learner_version_insert" ON "user_badges";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_badges_learner_version_update" ON "user_badges";--> statement-breakpoint
DROP TRIGGER IF EXISTS "user_badges_notify_app_cache" ON "user_badges";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_learner_version" ON "users";--> statement-breakpoint
DROP TRIGGER IF EXISTS "users_notify_app_cache" ON "users";--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_app_cache();--> statement-breakpoint
DROP FUNCTION IF EXISTS notify_app_cache_progress();--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_learner_versions();--> statement-breakpoint
DROP FUNCTION IF EXISTS bump_learner_version_of_user();--> statement-breakpoint
DROP TABLE IF EXISTS "change_counters" CASCADE;--> statement-breakpoint
DROP TABLE IF EXISTS "learner_versions" CASCADE;--> statement-breakpoint
DROP SEQUENCE IF EXISTS "public"."learner_version_seq";