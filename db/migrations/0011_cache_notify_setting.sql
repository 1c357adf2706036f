-- The change notifications keep PGlite's in-process caches current. PostgreSQL servers cache
-- nothing across requests, so nothing listens there: the app's PostgreSQL connections set
-- app.cache_notify = off (db/client.ts) and these triggers then skip pg_notify and the row's JSON.
-- The lessons statement trigger still counts the change: the catalogue's version is read on both.
CREATE OR REPLACE FUNCTION notify_app_cache() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  quiet boolean := current_setting('app.cache_notify', true) IS NOT DISTINCT FROM 'off';
BEGIN
  IF TG_LEVEL = 'STATEMENT' THEN
    INSERT INTO change_counters (name, version) VALUES (TG_TABLE_NAME, 1)
      ON CONFLICT (name) DO UPDATE SET version = change_counters.version + 1;
    IF NOT quiet THEN
      PERFORM pg_notify('app_cache', TG_TABLE_NAME || ':');
    END IF;
  ELSIF quiet THEN
    NULL;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('app_cache', TG_TABLE_NAME || ':' || coalesce(to_jsonb(OLD) ->> TG_ARGV[0], ''));
  ELSE
    PERFORM pg_notify('app_cache', TG_TABLE_NAME || ':' || coalesce(to_jsonb(NEW) ->> TG_ARGV[0], ''));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_app_cache_progress() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('app.cache_notify', true) IS NOT DISTINCT FROM 'off' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('app_cache', 'lesson_progress:' || OLD.user_id::text);
  ELSE
    PERFORM pg_notify('app_cache', 'lesson_progress:' || NEW.user_id::text || ':' || to_jsonb(NEW)::text);
  END IF;
  RETURN NULL;
END
$$;
