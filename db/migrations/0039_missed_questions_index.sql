-- The most-missed questions in the order the progress screen and the quiz analytics list them
-- (issue 49): the first ten are read from this index instead of sorting every question missed.
CREATE INDEX "learner_question_stats_missed_idx" ON "learner_question_stats" USING btree ("user_id","missed" DESC NULLS FIRST,("missed"::float8 / "asked") desc,"lesson_id","question_id");