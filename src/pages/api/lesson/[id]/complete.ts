import type { APIRoute } from 'astro';
import { HttpError, jsonError, readJson } from '../../../../lib/server/http.ts';
import { requireUser } from '../../../../lib/server/guards.ts';
import { isUnlockedFor, loadLearnerState, recordQuizAttempt } from '../../../../lib/server/lessons.ts';
import { parseLessonId } from '../../../../lib/server/params.ts';
import { lessonCompleteSchema } from '../../../../lib/schemas.ts';
import { unlockHint } from '../../../../lib/server/unlock-hint.ts';
import { requestNow } from '../../../../lib/server/clock.ts';

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context.request, lessonCompleteSchema);
  const state = await loadLearnerState(user.id, context.locals);
  const lesson = state.lessons.find((l) => l.id === id);
  if (!lesson) return jsonError(404, 'Lesson Not Found');
  if (!isUnlockedFor(state, lesson)) return jsonError(403, `This lesson is locked. ${unlockHint(state, lesson)}`);
  const known = new Set(lesson.questions.map((q) => q.id));
  const answered = new Set(body.quizResponses.map((r) => r.questionId));
  const unknown = body.quizResponses.filter((r) => !known.has(r.questionId)).map((r) => r.questionId);
  if (unknown.length) throw new HttpError(400, `Unknown question ids: ${unknown.join(', ')}`);
  if (answered.size !== body.quizResponses.length) throw new HttpError(400, 'Each question can be answered once');
  if (answered.size !== known.size) throw new HttpError(400, 'Answer every question before submitting');
  const result = await recordQuizAttempt(user.id, lesson, body, requestNow(context.request));
  return Response.json({ ...result, pillar: lesson.pillar, level: lesson.level }, { status: result.duplicate ? 200 : 201 });
};
