-- A change to a progress row now sends the row itself ('lesson_progress:<user id>:<row as JSON>';
-- a deletion sends only the user id), so a PGlite server updates its cached copy of the learner's
-- progress in place instead of dropping it and reading it again on the learner's next request.
CREATE OR REPLACE FUNCTION notify_app_cache_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('app_cache', 'lesson_progress:' || OLD.user_id::text);
  ELSE
    PERFORM pg_notify('app_cache', 'lesson_progress:' || NEW.user_id::text || ':' || to_jsonb(NEW)::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER lesson_progress_notify_app_cache ON lesson_progress;
--> statement-breakpoint
CREATE TRIGGER lesson_progress_notify_app_cache AFTER INSERT OR UPDATE OR DELETE ON lesson_progress FOR EACH ROW EXECUTE FUNCTION notify_app_cache_progress();
