-- A lesson's state in one column (issue 54): 'published', 'unpublished' or 'deleted', in place of
-- deleted_at (set for both unpublished and deleted lessons) and unpublished_at.
ALTER TABLE "lessons" ADD COLUMN "state" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "state_changed_at" timestamp with time zone;--> statement-breakpoint
UPDATE "lessons" SET
	"state" = CASE WHEN "unpublished_at" IS NOT NULL THEN 'unpublished' WHEN "deleted_at" IS NOT NULL THEN 'deleted' ELSE 'published' END,
	"state_changed_at" = coalesce("unpublished_at", "deleted_at");--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_state_check" CHECK ("state" IN ('published', 'unpublished', 'deleted'));--> statement-breakpoint
-- Positions are unique across published and unpublished lessons now: an unpublished lesson whose
-- place a published one took moves after the last lesson of its pillar and level.
UPDATE "lessons" l SET "order_index" = m."top" + m."n"
FROM (
	SELECT u."id", row_number() OVER (PARTITION BY u."pillar", u."level" ORDER BY u."order_index", u."id") AS "n",
		(SELECT max(o."order_index") FROM "lessons" o WHERE o."pillar" = u."pillar" AND o."level" = u."level") AS "top"
	FROM "lessons" u
	WHERE u."state" = 'unpublished' AND EXISTS (
		SELECT 1 FROM "lessons" p WHERE p."state" = 'published' AND p."pillar" = u."pillar" AND p."level" = u."level"
			AND p."order_index" = u."order_index"
	)
) m
WHERE l."id" = m."id";--> statement-breakpoint
DROP INDEX "lessons_position_idx";--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_position_idx" ON "lessons" USING btree ("pillar","level","order_index") WHERE "lessons"."state" <> 'deleted';--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "deleted_at";--> statement-breakpoint
ALTER TABLE "lessons" DROP COLUMN "unpublished_at";--> statement-breakpoint
-- The search finds published lessons only: a lesson leaving that state leaves the index.
CREATE OR REPLACE FUNCTION "lesson_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	markers text := chr(57344) || chr(57345);
	title text := translate(NEW.title, markers, '');
	objectives text := translate(coalesce((SELECT string_agg(o, ' ') FROM jsonb_array_elements_text(NEW.learning_objectives) o), ''), markers, '');
	body text := translate(coalesce((SELECT string_agg(concat_ws(' ', s->>'header', s->>'subheader', s->>'content'), ' ') FROM jsonb_array_elements(NEW.sections) s), '') || ' ' || coalesce(NEW.content, ''), markers, '');
BEGIN
	IF NEW.state <> 'published' THEN
		DELETE FROM lesson_search WHERE lesson_id = NEW.id;
		RETURN NULL;
	END IF;
	-- Markdown's marks and calculator lines are not words: the text is searched and quoted plain.
	body := regexp_replace(regexp_replace(body, '\[\[calculator:[a-z-]+\]\]|\]\([^)]*\)', ' ', 'g'), '[*_#>|~`\[]+', ' ', 'g');
	INSERT INTO lesson_search (lesson_id, document, body)
	VALUES (
		NEW.id,
		setweight(to_tsvector('english', title), 'A') || setweight(to_tsvector('english', objectives), 'B') ||
			setweight(to_tsvector('english', body), 'C'),
		body
	)
	ON CONFLICT (lesson_id) DO UPDATE SET document = excluded.document, body = excluded.body;
	RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "lessons_search_sync" ON "lessons";--> statement-breakpoint
CREATE TRIGGER "lessons_search_sync" AFTER INSERT OR UPDATE OF title, sections, content, learning_objectives, state ON "lessons" FOR EACH ROW EXECUTE FUNCTION "lesson_search_sync"();--> statement-breakpoint
DELETE FROM "lesson_search" s USING "lessons" l WHERE l."id" = s."lesson_id" AND l."state" <> 'published';;--> statement-breakpoint
-- "Restore as draft" names the version it restored (the draft page says so).
ALTER TABLE "lesson_drafts" ADD COLUMN "restored_from" integer;
