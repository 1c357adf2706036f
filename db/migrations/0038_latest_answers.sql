-- Mastery's answers kept on the learner's row (issue 49): the latest answer to each question met,
-- in a quiz or in review (a tie goes to review, which follows a quiz), keyed "lesson:question".
ALTER TABLE "learner_stats" ADD COLUMN "latest_answers" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "learner_stats" s SET "latest_answers" = m.answers FROM (
	SELECT user_id, jsonb_object_agg(lesson_id || ':' || question_id, correct) AS answers FROM (
		SELECT DISTINCT ON (user_id, lesson_id, question_id) user_id, lesson_id, question_id, correct FROM (
			SELECT user_id, lesson_id, question_id, coalesce(last_correct, false) AS correct, last_at AS at, 0 AS src
			FROM learner_question_stats WHERE last_at IS NOT NULL
			UNION ALL
			SELECT user_id, lesson_id, question_id, last_correct, last_reviewed_at, 1
			FROM review_items WHERE last_correct IS NOT NULL AND last_reviewed_at IS NOT NULL
		) a ORDER BY user_id, lesson_id, question_id, at DESC, src DESC
	) latest GROUP BY user_id
) m WHERE s.user_id = m.user_id;
