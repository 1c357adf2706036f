CREATE TABLE "lesson_slugs" (
	"slug" text PRIMARY KEY NOT NULL,
	"lesson_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_slugs" ADD CONSTRAINT "lesson_slugs_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_slugs_lesson_idx" ON "lesson_slugs" USING btree ("lesson_id");
--> statement-breakpoint
CREATE TABLE "visitor_quiz_results" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "visitor_quiz_results_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" uuid NOT NULL,
	"lesson_id" integer NOT NULL,
	"attempt_id" uuid NOT NULL,
	"responses" jsonb NOT NULL,
	"duration_ms" integer,
	"taken_at" timestamp with time zone NOT NULL,
	"counted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "visitor_quiz_results" ADD CONSTRAINT "visitor_quiz_results_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visitor_quiz_results" ADD CONSTRAINT "visitor_quiz_results_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visitor_quiz_results_attempt_idx" ON "visitor_quiz_results" USING btree ("user_id","attempt_id");
--> statement-breakpoint
CREATE TABLE "lesson_search" (
	"lesson_id" integer PRIMARY KEY NOT NULL,
	"document" "tsvector" NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lesson_search" ADD CONSTRAINT "lesson_search_lesson_id_lessons_id_fk" FOREIGN KEY ("lesson_id") REFERENCES "public"."lessons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lesson_search_document_idx" ON "lesson_search" USING gin ("document");--> statement-breakpoint
CREATE FUNCTION "lesson_search_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	markers text := chr(57344) || chr(57345);
	title text := translate(NEW.title, markers, '');
	objectives text := translate(coalesce((SELECT string_agg(o, ' ') FROM jsonb_array_elements_text(NEW.learning_objectives) o), ''), markers, '');
	body text := translate(coalesce((SELECT string_agg(concat_ws(' ', s->>'header', s->>'subheader', s->>'content'), ' ') FROM jsonb_array_elements(NEW.sections) s), '') || ' ' || coalesce(NEW.content, ''), markers, '');
BEGIN
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
CREATE TRIGGER "lessons_search_sync" AFTER INSERT OR UPDATE OF title, sections, content, learning_objectives ON "lessons" FOR EACH ROW EXECUTE FUNCTION "lesson_search_sync"();--> statement-breakpoint
UPDATE "lessons" SET title = title;
