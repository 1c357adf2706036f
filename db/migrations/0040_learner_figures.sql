CREATE TABLE "learner_figures" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"progress" json DEFAULT '[]'::json NOT NULL,
	"badges" json DEFAULT '[]'::json NOT NULL,
	"pillars" json DEFAULT '[]'::json NOT NULL,
	"levels" json DEFAULT '[]'::json NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learner_figures" ADD CONSTRAINT "learner_figures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each part of learner_figures as the learner's reads select it (src/lib/server/learning/learner-store/tuples.ts).
CREATE FUNCTION learner_progress_json(uid uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_array(p.lesson_id, p.completed, p.best_score, p.last_score, p.total_questions,
    p.attempts, date_part('epoch', p.completed_at) * 1000, date_part('epoch', p.updated_at) * 1000)
    ORDER BY p.lesson_id), '[]'::json)
  FROM lesson_progress p WHERE p.user_id = uid
$$;
--> statement-breakpoint
CREATE FUNCTION learner_badges_json(uid uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_array(b.badge, date_part('epoch', b.earned_at) * 1000)
    ORDER BY b.earned_at, b.badge), '[]'::json)
  FROM user_badges b WHERE b.user_id = uid
$$;
--> statement-breakpoint
CREATE FUNCTION learner_pillars_json(uid uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_array(s.pillar, s.attempts, s.passes, s.correct, s.questions,
    s.accuracy_units, s.pass_run, s.best_run) ORDER BY s.pillar), '[]'::json)
  FROM learner_pillar_stats s WHERE s.user_id = uid
$$;
--> statement-breakpoint
CREATE FUNCTION learner_levels_json(uid uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_array(s.pillar, s.level, s.attempts, s.correct, s.questions)
    ORDER BY s.pillar, s.level), '[]'::json)
  FROM learner_level_stats s WHERE s.user_id = uid
$$;
--> statement-breakpoint
-- Runs once after each statement that writes one of the four tables, whoever the writer is (the
-- completion, the assessment's badge, the aggregates' rebuild, an operator's or a test's own SQL).
CREATE FUNCTION learner_figures_keep() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
BEGIN
  -- The learners the statement touched who still exist (a deleted learner's figures go with them).
  SELECT array_agg(DISTINCT c.user_id) INTO ids FROM changed c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id);
  IF ids IS NULL THEN
    RETURN NULL;
  END IF;
  -- Lock the learners' rows, then read their rows in later statements: those see every write
  -- committed by a transaction that held the lock first, so two writers never leave an older copy.
  INSERT INTO learner_figures (user_id) SELECT unnest(ids) ON CONFLICT (user_id) DO NOTHING;
  PERFORM 1 FROM learner_figures f WHERE f.user_id = ANY (ids) ORDER BY f.user_id FOR UPDATE;
  IF TG_TABLE_NAME = 'lesson_progress' THEN
    UPDATE learner_figures f SET progress = learner_progress_json(f.user_id) WHERE f.user_id = ANY (ids);
  ELSIF TG_TABLE_NAME = 'user_badges' THEN
    UPDATE learner_figures f SET badges = learner_badges_json(f.user_id) WHERE f.user_id = ANY (ids);
  ELSIF TG_TABLE_NAME = 'learner_pillar_stats' THEN
    UPDATE learner_figures f SET pillars = learner_pillars_json(f.user_id) WHERE f.user_id = ANY (ids);
  ELSE
    UPDATE learner_figures f SET levels = learner_levels_json(f.user_id) WHERE f.user_id = ANY (ids);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER learner_figures_progress_insert AFTER INSERT ON lesson_progress REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_progress_update AFTER UPDATE ON lesson_progress REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_progress_delete AFTER DELETE ON lesson_progress REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_badges_insert AFTER INSERT ON user_badges REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_badges_update AFTER UPDATE ON user_badges REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_badges_delete AFTER DELETE ON user_badges REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_pillars_insert AFTER INSERT ON learner_pillar_stats REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_pillars_update AFTER UPDATE ON learner_pillar_stats REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_pillars_delete AFTER DELETE ON learner_pillar_stats REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_levels_insert AFTER INSERT ON learner_level_stats REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_levels_update AFTER UPDATE ON learner_level_stats REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
CREATE TRIGGER learner_figures_levels_delete AFTER DELETE ON learner_level_stats REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION learner_figures_keep();
--> statement-breakpoint
-- The learners who already have rows.
INSERT INTO learner_figures (user_id, progress, badges, pillars, levels)
SELECT u.id, learner_progress_json(u.id), learner_badges_json(u.id), learner_pillars_json(u.id), learner_levels_json(u.id)
FROM users u
WHERE EXISTS (SELECT 1 FROM lesson_progress p WHERE p.user_id = u.id)
  OR EXISTS (SELECT 1 FROM user_badges b WHERE b.user_id = u.id)
  OR EXISTS (SELECT 1 FROM learner_pillar_stats s WHERE s.user_id = u.id)
  OR EXISTS (SELECT 1 FROM learner_level_stats s WHERE s.user_id = u.id);
