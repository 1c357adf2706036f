// Finishing a lesson's quiz (spec section 4): the answers are checked against the lesson, graded
// on the first answer checked for each question, recorded once (learner-store/attempts.ts), and
// answered with what the finish screen shows.
import type { Lesson } from '../../../../db/schema.ts';
import type { z } from 'zod';
import type { lessonCompleteSchema } from '../../schemas.ts';
import { badgeTitle } from '../../badges.ts';
import { type Celebration, celebrationsFor } from '../../celebration.ts';
import { HttpError } from '../platform/http.ts';
import {
  type CompletionResult,
  loadLearnerState,
  mayOpen,
  nextLessonAfter,
  recordQuizAttempt,
} from './learner-store/index.ts';
import { answersToGrade } from './quiz-checks.ts';
import { type DailyStatus, dailyStatus } from './streaks.ts';
import { unlockHint } from './unlock-hint.ts';
import { recordQuizReached } from './lesson-reads.ts';

type LessonHeading = Pick<Lesson, 'id' | 'title' | 'pillar' | 'level' | 'duration'>;

/** The answer to `POST /api/lesson/{id}/complete`, as the quiz island reads it. */
export type QuizCompletion = CompletionResult & {
  pillar: Lesson['pillar'];
  level: Lesson['level'];
  /** Badges this attempt earned (none for a replay). */
  badgesEarned: Array<{ key: string; title: string; description: string }>;
  /** The day's streak and goal after this attempt. */
  daily: DailyStatus;
  /** What this pass marks: a streak day, the daily goal met, a level finished (src/lib/celebration.ts). */
  celebrations: Celebration[];
  /** The lesson to open next after a pass, by the one rule (src/lib/next-lesson.ts), and why. */
  nextLesson: (LessonHeading & { reason: string }) | null;
};

const heading = (l: Lesson): LessonHeading => ({
  id: l.id,
  title: l.title,
  pillar: l.pillar,
  level: l.level,
  duration: l.duration,
});

export async function completeQuiz(
  user: { id: string; role: string },
  lessonId: number,
  body: z.infer<typeof lessonCompleteSchema>,
  now: Date,
  /**
   * A quiz taken as a visitor before sign-up (visitor-results.ts): only beginner lessons, open to
   * everyone, so it counts even when the learner's order in the level would not have opened it yet.
   */
  options: { visitorResult?: boolean } = {},
): Promise<QuizCompletion> {
  const state = await loadLearnerState(user.id);
  const lesson = state.lessons.find((l) => l.id === lessonId);
  if (!lesson) throw new HttpError(404, 'Lesson Not Found');
  const openToVisitors = options.visitorResult === true && lesson.level === 'beginner';
  if (!openToVisitors && !mayOpen(user, state, lesson)) {
    throw new HttpError(403, `This lesson is locked. ${unlockHint(state, lesson)}`);
  }
  const known = new Set(lesson.questions.map((q) => q.id));
  const answered = new Set(body.quizResponses.map((r) => r.questionId));
  const unknown = body.quizResponses.filter((r) => !known.has(r.questionId)).map((r) => r.questionId);
  if (unknown.length) throw new HttpError(400, `Unknown question ids: ${unknown.join(', ')}`);
  if (answered.size !== body.quizResponses.length) throw new HttpError(400, 'Each question can be answered once');
  if (answered.size !== known.size) throw new HttpError(400, 'Answer every question before submitting');
  // A question checked during the quiz is graded on its first checked answer (instant feedback).
  const quizResponses = await answersToGrade(user.id, lesson.id, body.attemptId, body.quizResponses);
  const { badgesEarned, daily, ...result } = await recordQuizAttempt(user.id, lesson, { ...body, quizResponses }, now);
  // The funnel's "reached the quiz", for a quiz finished without checking an answer first.
  if (!result.duplicate) await recordQuizReached(user.id, lesson, now);
  const next = result.passed ? nextLessonAfter(state, lesson) : undefined;
  return {
    ...result,
    pillar: lesson.pillar,
    level: lesson.level,
    badgesEarned: badgesEarned.map(({ badge }) => ({ key: badge, ...badgeTitle(badge) })),
    daily: daily ?? (await dailyStatus(user.id, now)),
    celebrations: celebrationsFor({
      lesson,
      levelLessonIds: state.lessons.filter((l) => l.pillar === lesson.pillar && l.level === lesson.level).map((l) =>
        l.id
      ),
      completedBefore: state.completed,
      newPass: result.passed && !result.duplicate,
      daily,
    }),
    nextLesson: next ? { ...heading(next.lesson), reason: next.reason } : null,
  };
}
