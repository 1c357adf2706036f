import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { buildDashboard } from '../../../lib/server/learning/progress.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await buildDashboard(user.id, user.firstName, requestNow(context.request)), {
    headers: { 'Cache-Control': 'no-store' },
  });
};
