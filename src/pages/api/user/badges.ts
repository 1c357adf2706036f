import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/guards.ts';
import { awardBadges } from '../../../lib/server/progress.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await awardBadges(user.id), { headers: { 'Cache-Control': 'no-store' } });
};
