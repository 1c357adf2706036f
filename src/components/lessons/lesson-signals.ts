// What a lesson's steps (lesson-steps.ts, the script that runs before the first paint) and its
// quiz (LessonQuiz.tsx, loaded after it) say to each other.

/** Sent by the quiz when the learner chooses to read the lesson again. */
export const REREAD_EVENT = 'lesson:reread';

/**
 * Set on the document when the learner asks for the quiz ("Skip to quiz", "Take the quiz") before
 * it has mounted (it loads after the first paint): the quiz starts as soon as it is ready, so the
 * click is not lost.
 */
export const QUIZ_REQUESTED = 'quizRequested';
