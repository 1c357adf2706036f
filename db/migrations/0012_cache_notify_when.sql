-- The row triggers of the change notifications fire only when someone listens: with
-- app.cache_notify = off (every PostgreSQL connection of the app, and PGlite's quiz-attempt
-- statement, which updates its cache from its own result) the row is not even queued for the
-- trigger, where before the trigger function ran for each row only to return. On PGlite the
-- function call was a cost on each quiz completion. The functions keep their own check.
DROP TRIGGER sessions_notify_app_cache ON sessions;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_app_cache AFTER UPDATE OR DELETE ON sessions FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('id');
--> statement-breakpoint
DROP TRIGGER users_notify_app_cache ON users;
--> statement-breakpoint
CREATE TRIGGER users_notify_app_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('id');
--> statement-breakpoint
DROP TRIGGER assessments_notify_app_cache ON assessments;
--> statement-breakpoint
CREATE TRIGGER assessments_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
DROP TRIGGER lesson_progress_notify_app_cache ON lesson_progress;
--> statement-breakpoint
CREATE TRIGGER lesson_progress_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON lesson_progress FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache_progress();
