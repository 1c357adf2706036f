// Mounts nothing: the quiz is an island of LessonArticle.astro now. Kept only because the old page
// loader (src/components/island/page-script.ts, not this screen's) still names this module; it
// calls it only when a page holds #lesson-quiz-data, which none does. Delete it with that loader.
export function mountLessonQuiz(_rootId: string, _dataId: string): void {}
