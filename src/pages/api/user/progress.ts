import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { userProgressJson } from '../../../lib/server/learning/progress.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const body = await userProgressJson(user.id, user.email, context.locals);
  return new Response(body, { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
};
