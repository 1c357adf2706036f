CREATE SEQUENCE "public"."learner_version_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "learner_versions" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT nextval('learner_version_seq') NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learner_versions" ADD CONSTRAINT "learner_versions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every write to a row of a learner's snapshot or learner rows (learner-store/snapshot.ts and
-- rows.ts) gives the learner's version a new value in the same transaction: these triggers, once
-- per statement for each learner it touched. The quiz-attempt statement turns them off
-- (app.learner_version = off) and sets the version itself, once per learner; the rebuild sets
-- every rebuilt learner's. The tables only those two write (quiz_attempts and the aggregates) have
-- no trigger; lesson_progress, which only the attempt statement writes today, has them, as the
-- learner rows' own table. A learner being deleted gets no row (their rows go with them). A
-- learner without a row has not changed since this migration: the empty version.
CREATE FUNCTION bump_learner_versions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learner_versions (user_id)
    SELECT c.user_id FROM (SELECT DISTINCT user_id FROM changed_rows) c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
    ON CONFLICT (user_id) DO UPDATE SET version = nextval('learner_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION bump_learner_version_of_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO learner_versions (user_id) VALUES (NEW.id)
    ON CONFLICT (user_id) DO UPDATE SET version = nextval('learner_version_seq');
  RETURN NULL;
END
$$;
--> statement-breakpoint
-- The settings the snapshot and the learner rows hold: zone, daily goal, reminders, first visit.
CREATE TRIGGER users_learner_version AFTER UPDATE ON users FOR EACH ROW
  WHEN ((OLD.time_zone, OLD.daily_goal, OLD.remind_review, OLD.remind_streak, OLD.first_visit_at)
    IS DISTINCT FROM (NEW.time_zone, NEW.daily_goal, NEW.remind_review, NEW.remind_streak, NEW.first_visit_at))
  EXECUTE FUNCTION bump_learner_version_of_user();
--> statement-breakpoint
CREATE TRIGGER assessments_learner_version_insert AFTER INSERT ON assessments REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER assessments_learner_version_update AFTER UPDATE ON assessments REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER assessments_learner_version_delete AFTER DELETE ON assessments REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER user_badges_learner_version_insert AFTER INSERT ON user_badges REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER user_badges_learner_version_update AFTER UPDATE ON user_badges REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER user_badges_learner_version_delete AFTER DELETE ON user_badges REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER review_items_learner_version_insert AFTER INSERT ON review_items REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER review_items_learner_version_update AFTER UPDATE ON review_items REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER review_items_learner_version_delete AFTER DELETE ON review_items REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER learner_streaks_learner_version_insert AFTER INSERT ON learner_streaks REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER learner_streaks_learner_version_update AFTER UPDATE ON learner_streaks REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER learner_streaks_learner_version_delete AFTER DELETE ON learner_streaks REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER learner_days_learner_version_insert AFTER INSERT ON learner_days REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER learner_days_learner_version_update AFTER UPDATE ON learner_days REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER learner_days_learner_version_delete AFTER DELETE ON learner_days REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER lesson_progress_learner_version_insert AFTER INSERT ON lesson_progress REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER lesson_progress_learner_version_update AFTER UPDATE ON lesson_progress REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
--> statement-breakpoint
CREATE TRIGGER lesson_progress_learner_version_delete AFTER DELETE ON lesson_progress REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT
  WHEN (current_setting('app.learner_version', true) IS DISTINCT FROM 'off') EXECUTE FUNCTION bump_learner_versions();
