import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';
import { finishReviewSession } from '../../../lib/server/learning/streaks.ts';

const finishSchema = z.object({
  /** The browser's IANA time zone: the day the session counts for. */
  timeZone: z.string().max(64).optional(),
});

/**
 * A review session reached its end: it counts toward the daily streak and goal when it answered
 * at least one due question (`counted`), once however often it is sent.
 */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const { timeZone } = await readJson(context, finishSchema);
  return Response.json(await finishReviewSession(user.id, requestNow(context.request), timeZone));
};
