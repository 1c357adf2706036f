// "Preview as a learner" (issue 43): a draft shown with the learner's lesson page and its quiz
// graded against the draft's own questions, recording nothing (no attempt, progress, streak or
// review item). A question new in a draft has no id yet, so in a preview every question goes by
// its position (1, 2, ...): the page and both endpoints number them the same way.
import type { Lesson, LessonContentData } from '../../../../db/schema.ts';
import type { z } from 'zod';
import type { lessonCompleteSchema } from '../../schemas.ts';
import { gradeQuiz } from '../../lessons.ts';
import { HttpError } from '../platform/http.ts';
import { type CheckedAnswer, gradeAnswer } from '../learning/quiz-checks.ts';
import type { QuizCompletion } from '../learning/complete-quiz.ts';
import type { DraftView } from './drafts.ts';
import { toLessonSections } from '../content/lesson-content.ts';

/** The draft as a lesson row the learner's components read; its questions numbered by position. */
export function previewLesson(draft: DraftView): Lesson {
  const c: LessonContentData = draft.content;
  const now = new Date(draft.updatedAt);
  return {
    id: draft.lessonId ?? 0,
    slug: draft.slug ?? `draft-${draft.id}`,
    title: c.title,
    pillar: c.pillar,
    level: c.level,
    orderIndex: c.orderIndex,
    duration: c.duration,
    weight: c.weight,
    sections: c.sections,
    content: null,
    learningObjectives: c.learningObjectives,
    questions: c.questions.map((q, i) => ({ ...q, id: i + 1 })),
    lastQuestionId: c.questions.length,
    sources: c.sources,
    reviewedAt: c.reviewedAt,
    version: draft.publishedVersion ?? 0,
    sourceHash: null,
    sourceVersion: null,
    state: 'published',
    stateChangedAt: null,
    // A draft is rendered when an author previews it: only learners' pages read stored HTML.
    rendered: toLessonSections(c.sections, null),
    summary: '',
    rendererVersion: 0,
    questionSetId: null,
    createdAt: now,
    updatedAt: now,
  };
}

/** One answer checked against the draft: the same shape a learner's check answers with. */
export function checkPreviewAnswer(draft: DraftView, questionId: number, userAnswer: number): CheckedAnswer {
  const checked = gradeAnswer(previewLesson(draft).questions, questionId, userAnswer);
  if (!checked) throw new HttpError(400, 'This question is not part of this draft', { questionId: 'Unknown question' });
  return checked;
}

/**
 * The whole quiz graded against the draft, answered as a learner's completion is (the finish or
 * failed screen reads it), with nothing earned: no badges, no day, no celebration, no next lesson.
 */
export function completePreview(
  draft: DraftView,
  body: z.infer<typeof lessonCompleteSchema>,
): Omit<QuizCompletion, 'daily'> & { daily: null } {
  const lesson = previewLesson(draft);
  const known = new Set(lesson.questions.map((q) => q.id));
  const answered = new Set(body.quizResponses.map((r) => r.questionId));
  const unknown = body.quizResponses.filter((r) => !known.has(r.questionId)).map((r) => r.questionId);
  if (unknown.length) throw new HttpError(400, `Unknown question ids: ${unknown.join(', ')}`);
  if (answered.size !== body.quizResponses.length) throw new HttpError(400, 'Each question can be answered once');
  if (answered.size !== known.size) throw new HttpError(400, 'Answer every question before submitting');
  const { graded, score, total, passed, passMark } = gradeQuiz(lesson.questions, body.quizResponses);
  const explanations = new Map(lesson.questions.map((q) => [q.id, q.explanation]));
  return {
    attemptId: body.attemptId,
    lessonId: lesson.id,
    score,
    correctAnswers: score,
    totalQuestions: total,
    passed,
    passMark,
    completed: passed,
    results: graded.map((g) => ({ ...g, explanation: explanations.get(g.questionId) ?? '' })),
    duplicate: false,
    pillar: lesson.pillar,
    level: lesson.level,
    badgesEarned: [],
    daily: null,
    celebrations: [],
    nextLesson: null,
  };
}
