// What a lesson's steps (lesson-steps.ts, the plain script of LessonArticle.astro, run before the
// first paint) and its quiz (LessonQuiz.tsx, an island hydrated after it) say to each other: events
// on the document, so neither touches the other's markup. lesson-steps.ts writes the names out (a
// module both imported would become a script file requested before the paint);
// tests/unit/lesson-events.test.ts checks they are the same.

/** Steps to quiz: the learner asked for the quiz ("Start Quiz" or "Skip to quiz"). */
export const START_QUIZ_EVENT = 'lesson:start-quiz';
/** Quiz to steps: the quiz listens now and has questions; a request made while it loaded is sent again. */
export const QUIZ_READY_EVENT = 'lesson:quiz-ready';
/** Quiz to steps, with the quiz's view as detail: the lesson's text shows only in 'content'. */
export const QUIZ_VIEW_EVENT = 'lesson:quiz-view';
/** Quiz to steps: the learner chose to read the lesson again (after a failed quiz), from the first step. */
export const REREAD_EVENT = 'lesson:reread';
/** Steps to quiz, with the step as detail: the learner wants to report a problem with that step. */
export const REPORT_STEP_EVENT = 'lesson:report-step';
