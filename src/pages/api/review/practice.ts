import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';
import { answerPractice, listPractice } from '../../../lib/server/learning/practice.ts';

const answerSchema = z.object({
  lessonId: z.number('lessonId must be a lesson id').int('lessonId must be a lesson id').positive(
    'lessonId must be a lesson id',
  ),
  questionId: z.number('questionId must be a question id').int('questionId must be a question id').positive(
    'questionId must be a question id',
  ),
  userAnswer: z.number().int().min(0, 'Choose one of the four options').max(3, 'Choose one of the four options'),
});

/** A practice round for when nothing is due: `{ questions }`, missed questions first. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await listPractice(user.id), { headers: { 'Cache-Control': 'no-store' } });
};

/** Checks one practice answer, `{ lessonId, questionId, userAnswer }`: right or not, and why; no box moves. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await readJson(context, answerSchema);
  return Response.json(await answerPractice(user.id, body, requestNow(context.request)));
};
