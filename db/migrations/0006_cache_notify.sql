-- Every change to the rows the server caches sends a notification on 'app_cache' naming what
-- changed ('sessions:<id>', 'users:<id>', 'lesson_progress:<user id>', 'assessments:<user id>',
-- 'lessons:'), whoever made it: the app, a migration or an operator's SQL. A PGlite server
-- listens and drops its cached copies (src/lib/server/cache.ts). A change to lessons also bumps
-- change_counters['lessons'] in its own transaction: the catalogue fingerprint every instance
-- compares.
CREATE OR REPLACE FUNCTION notify_app_cache() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO change_counters (name, version) VALUES (TG_TABLE_NAME, 1)
      ON CONFLICT (name) DO UPDATE SET version = change_counters.version + 1;
    PERFORM pg_notify('app_cache', TG_TABLE_NAME || ':');
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('app_cache', TG_TABLE_NAME || ':' || coalesce(to_jsonb(OLD) ->> TG_ARGV[0], ''));
  ELSE
    PERFORM pg_notify('app_cache', TG_TABLE_NAME || ':' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_app_cache AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_app_cache('id');
--> statement-breakpoint
CREATE TRIGGER users_notify_app_cache AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_app_cache('id');
--> statement-breakpoint
CREATE TRIGGER lesson_progress_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON lesson_progress FOR EACH ROW EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER assessments_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON assessments FOR EACH ROW EXECUTE FUNCTION notify_app_cache('user_id');
--> statement-breakpoint
CREATE TRIGGER lessons_notify_app_cache AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lessons FOR EACH STATEMENT EXECUTE FUNCTION notify_app_cache();
