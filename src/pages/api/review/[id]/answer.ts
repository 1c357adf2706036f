import type { APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, readJson } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { answerReview } from '../../../../lib/server/learning/review.ts';
import { requestNow } from '../../../../lib/server/platform/clock.ts';

const answerSchema = z.object({
  userAnswer: z.number().int().min(0, 'Choose one of the four options').max(3, 'Choose one of the four options'),
});

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = context.params.id ?? '';
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) {
    throw new HttpError(404, 'This review question is not in your queue');
  }
  const { userAnswer } = await readJson(context, answerSchema);
  return Response.json(await answerReview(user.id, id, userAnswer, requestNow(context.request)));
};
