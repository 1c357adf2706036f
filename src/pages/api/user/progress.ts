import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { buildUserProgress } from '../../../lib/server/learning/progress.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await buildUserProgress(user.id, user.email), { headers: { 'Cache-Control': 'no-store' } });
};
