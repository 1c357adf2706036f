import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { readJson } from '../../../lib/server/platform/http.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';
import { dismissReplies } from '../../../lib/server/learning/reports.ts';

const dismissSchema = z.strictObject({
  ids: z.array(z.number().int().min(1).max(2_147_483_647), { error: 'Send the ids of the replies shown' }).min(1).max(
    50,
  ),
});

/** The learner dismisses the replies to their reports that the dashboard showed. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const { ids } = await readJson(context, dismissSchema);
  return Response.json({ dismissed: await dismissReplies(user.id, ids, requestNow(context.request)) });
};
