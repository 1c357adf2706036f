import type { APIRoute } from 'astro';
import { HttpError, jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { mayOpen, loadLearnerState, nextLessonAfter, recordQuizAttempt } from '../../../../lib/server/learning/learner-store/index.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { lessonCompleteSchema } from '../../../../lib/schemas.ts';
import { unlockHint } from '../../../../lib/server/learning/unlock-hint.ts';
import { requestNow } from '../../../../lib/server/platform/clock.ts';
import { answersToGrade } from '../../../../lib/server/learning/quiz-checks.ts';
import { badgeTitle } from '../../../../lib/badges.ts';
import { dailyStatus, dailyStatusFrom, dayAlreadyCounted, recordActivity } from '../../../../lib/server/learning/streaks.ts';
import { dayIn } from '../../../../lib/streak.ts';

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, lessonCompleteSchema);
  const state = await loadLearnerState(user.id);
  const lesson = state.lessons.find((l) => l.id === id);
  if (!lesson) return jsonError(404, 'Lesson Not Found');
  if (!mayOpen(user, state, lesson)) return jsonError(403, `This lesson is locked. ${unlockHint(state, lesson)}`);
  const known = new Set(lesson.questions.map((q) => q.id));
  const answered = new Set(body.quizResponses.map((r) => r.questionId));
  const unknown = body.quizResponses.filter((r) => !known.has(r.questionId)).map((r) => r.questionId);
  if (unknown.length) throw new HttpError(400, `Unknown question ids: ${unknown.join(', ')}`);
  if (answered.size !== body.quizResponses.length) throw new HttpError(400, 'Each question can be answered once');
  if (answered.size !== known.size) throw new HttpError(400, 'Answer every question before submitting');
  // A question checked during the quiz is graded on its first checked answer (instant feedback).
  const quizResponses = await answersToGrade(user.id, lesson.id, body.attemptId, body.quizResponses);
  const now = requestNow(context.request);
  // Today's count moves in the attempt's own statement when the streak already counts today.
  const counted = dayAlreadyCounted(state.daily, now, body.timeZone);
  const day = { day: counted ?? dayIn(now, state.daily.timeZone), count: counted !== null };
  const result = await recordQuizAttempt(user.id, lesson, { ...body, quizResponses }, now, day);
  // The finish screen: badges earned by this attempt (stored with it), and the next lesson to open.
  const { badgesEarned, ...graded } = result;
  const next = result.completed ? nextLessonAfter(state, lesson) : null;
  // A passed quiz counts toward the daily streak and goal (once per attempt: a replay only reads).
  // The statement answered today's counts unless the day's first activity is still to be counted.
  const daily =
    result.today && (counted !== null || !result.passed)
      ? dailyStatusFrom(state.daily, day.day, result.today)
      : result.passed && !result.duplicate
        ? await recordActivity(user.id, 'lesson', now, body.timeZone)
        : await dailyStatus(user.id, now);
  return Response.json(
    {
      ...graded,
      pillar: lesson.pillar,
      level: lesson.level,
      badgesEarned: badgesEarned.map(({ badge }) => ({ key: badge, ...badgeTitle(badge) })),
      daily,
      nextLesson: next && { id: next.id, title: next.title, pillar: next.pillar, level: next.level, duration: next.duration },
    },
    { status: result.duplicate ? 200 : 201 },
  );
};
