import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { badgesJson } from '../../../lib/server/learning/progress.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return new Response(await badgesJson(user.id, context.locals), { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
};
