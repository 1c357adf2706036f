import type { APIRoute } from 'astro';
import { z } from 'zod';
import { HttpError, readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { answerReminderOffer, loadReminderOffer } from '../../../lib/server/learning/learner-settings.ts';

const answerSchema = z.object({ accept: z.boolean('accept must be true or false') });

function answer(state: Awaited<ReturnType<typeof loadReminderOffer>>) {
  if (!state) throw new HttpError(401, 'Please sign in to continue');
  return Response.json(state, { headers: { 'Cache-Control': 'no-store' } });
}

/** Whether to ask "Want a nudge to keep your streak?" now: `{ offer, remindStreak, answer }`. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return answer(await loadReminderOffer(user.id));
};

/** The one-tap answer, `{ accept }`: yes turns the streak reminder on, no is remembered. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const { accept } = await readJson(context, answerSchema);
  return answer(await answerReminderOffer(user.id, accept));
};
