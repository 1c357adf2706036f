import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { listReview } from '../../../lib/server/learning/review.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await listReview(user.id, requestNow(context.request)), {
    headers: { 'Cache-Control': 'no-store' },
  });
};
