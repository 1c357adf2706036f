-- A PGlite server keeps each learner's snapshot (src/lib/server/learner-store/snapshot.ts) until
-- a change to one of its rows: these tables now notify too, naming the learner, as the others do
-- (migrations 0006 and 0012). Quiet (app.cache_notify = off) on PostgreSQL, which caches nothing,
-- and in PGlite's attempt statement, which drops the snapshot itself.
CREATE TRIGGER user_badges_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON user_badges FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER review_items_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON review_items FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER learner_streaks_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON learner_streaks FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER learner_days_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON learner_days FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER learner_stats_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON learner_stats FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER quiz_attempts_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON quiz_attempts FOR EACH ROW
  WHEN (current_setting('app.cache_notify', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION notify_app_cache('user_id');
