import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { loadLearnerState, mayOpen } from '../../../../lib/server/learning/learner-store/state.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { quizCheckSchema } from '../../../../lib/schemas.ts';
import { checkAnswer } from '../../../../lib/server/learning/quiz-checks.ts';
import { unlockHint } from '../../../../lib/server/learning/unlock-hint.ts';
import { recordQuizReached } from '../../../../lib/server/learning/lesson-reads.ts';
import { requestNow } from '../../../../lib/server/platform/clock.ts';

/**
 * Instant feedback: grades one answer of a quiz in progress with its correct option and
 * explanation. The first answer checked for a question of an attempt is the one kept and graded.
 */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, quizCheckSchema);
  const state = await loadLearnerState(user.id);
  const lesson = state.lessons.find((l) => l.id === id);
  if (!lesson) return jsonError(404, 'Lesson Not Found');
  if (!mayOpen(user, state, lesson)) return jsonError(403, `This lesson is locked. ${unlockHint(state, lesson)}`);
  const checked = await checkAnswer(user.id, lesson, body.attemptId, body.questionId, body.userAnswer);
  if (!checked) {
    return jsonError(400, 'This question is not part of this lesson (or the attempt id belongs to another lesson)', {
      questionId: 'Unknown question',
    });
  }
  await recordQuizReached(user.id, lesson, requestNow(context.request));
  return Response.json(checked);
};
