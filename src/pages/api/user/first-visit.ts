import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { recordFirstVisit } from '../../../lib/server/learning/progress.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';

/** The dashboard showed its first-visit welcome (spec 3's first-login timestamp): later visits greet by the hour. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const first = await recordFirstVisit(user.id, requestNow(context.request));
  return Response.json({ firstVisit: first });
};
