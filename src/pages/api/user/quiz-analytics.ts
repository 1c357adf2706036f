import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { buildQuizAnalytics } from '../../../lib/server/learning/analytics.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await buildQuizAnalytics(user.id), { headers: { 'Cache-Control': 'no-store' } });
};
