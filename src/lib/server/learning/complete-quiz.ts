// Finishing a lesson's quiz (spec section 4): the answers checked against the lesson, one read of
// the learner, the unlocking rule, the answers graded on the first answer checked for each question,
// one write of the attempt and all it changes (learner-store/attempts.ts), and the answer the
// finish screen shows.
import type { Lesson } from '../../../../db/schema.ts';
import type { z } from 'zod';
import type { lessonCompleteSchema } from '../../schemas.ts';
import { badgeTitle } from '../../badges.ts';
import { type Celebration, celebrationsFor } from '../../celebration.ts';
import { HttpError } from '../platform/http.ts';
import { readCatalogue } from '../content/catalogue.ts';
import { answersToGrade, type CompletionResult, recordAttempt } from './learner-store/attempts.ts';
import { mayOpen, nextLessonAfter, stateOf } from './learner-store/state.ts';
import type { DailyStatus } from './streaks.ts';
import { unlockHint } from './unlock-hint.ts';
import { scheduleMiss } from '../../leitner.ts';

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
  /** What comes back for review and when (issue 53): the questions missed, due a day later (leitner.ts). */
  comesBack?: { count: number; dueAt: string } | null;
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
  const catalogue = await readCatalogue();
  const lesson = catalogue.byId.get(lessonId);
  if (!lesson) throw new HttpError(404, 'Lesson Not Found');
  const known = new Set(lesson.questions.map((q) => q.id));
  const answered = new Set(body.quizResponses.map((r) => r.questionId));
  const unknown = body.quizResponses.filter((r) => !known.has(r.questionId)).map((r) => r.questionId);
  if (unknown.length) throw new HttpError(400, `Unknown question ids: ${unknown.join(', ')}`);
  if (answered.size !== body.quizResponses.length) throw new HttpError(400, 'Each question can be answered once');
  if (answered.size !== known.size) throw new HttpError(400, 'Answer every question before submitting');
  const openToVisitors = options.visitorResult === true && lesson.level === 'beginner';
  const { recorded, read } = await recordAttempt(user.id, lesson, body, now, (read) => {
    const state = stateOf(read.rows, catalogue.lessons);
    if (!openToVisitors && !mayOpen(user, state, lesson)) {
      throw new HttpError(403, `This lesson is locked. ${unlockHint(state, lesson)}`);
    }
    // A question checked during the quiz is graded on its first checked answer (instant feedback).
    return { ...body, quizResponses: answersToGrade(read, lesson.id, body.quizResponses) };
  });
  const state = stateOf(read.rows, catalogue.lessons);
  const { badgesEarned, daily, ...result } = recorded;
  const next = result.passed ? nextLessonAfter(state, lesson) : undefined;
  return {
    ...result,
    pillar: lesson.pillar,
    level: lesson.level,
    badgesEarned: badgesEarned.map(({ badge }) => ({ key: badge, ...badgeTitle(badge) })),
    daily,
    celebrations: celebrationsFor({
      lesson,
      levelLessonIds: catalogue.lessons.filter((l) => l.pillar === lesson.pillar && l.level === lesson.level).map((
        l,
      ) => l.id),
      completedBefore: state.completed,
      newPass: result.passed && !result.duplicate,
      daily: result.duplicate ? null : daily,
    }),
    nextLesson: next ? { ...heading(next.lesson), reason: next.reason } : null,
    comesBack: comesBackOf(result.results.filter((r) => !r.isCorrect).length, now),
  };
}

/** Each missed question enters review box 1 (the completion's own write): it comes back a day later. */
function comesBackOf(missed: number, now: Date): QuizCompletion['comesBack'] {
  return missed ? { count: missed, dueAt: scheduleMiss(now).dueAt.toISOString() } : null;
}
