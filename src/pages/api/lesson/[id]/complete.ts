import type { APIRoute } from 'astro';
import { readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { requestNow } from '../../../../lib/server/platform/clock.ts';
import { lessonCompleteSchema } from '../../../../lib/schemas.ts';
import { completeQuiz } from '../../../../lib/server/learning/complete-quiz.ts';

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, lessonCompleteSchema);
  const completion = await completeQuiz(user, id, body, requestNow(context.request));
  return Response.json(completion, { status: completion.duplicate ? 200 : 201 });
};
