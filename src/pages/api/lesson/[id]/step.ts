import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { loadLearnerState, mayOpen } from '../../../../lib/server/learning/learner-store/state.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { requestNow } from '../../../../lib/server/platform/clock.ts';
import { lessonStepSchema } from '../../../../lib/schemas.ts';
import { recordStep } from '../../../../lib/server/learning/lesson-reads.ts';

/** The lesson page showed a step (lesson-steps.ts): the studio's funnel keeps the furthest one. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, lessonStepSchema);
  const state = await loadLearnerState(user.id);
  const lesson = state.lessons.find((l) => l.id === id);
  if (!lesson) return jsonError(404, 'Lesson Not Found');
  if (!mayOpen(user, state, lesson)) return jsonError(403, 'This lesson is locked');
  await recordStep(user.id, lesson, body.step, requestNow(context.request));
  return new Response(null, { status: 204 });
};
