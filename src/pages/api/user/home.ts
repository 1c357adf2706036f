import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { homePathFor } from '../../../lib/server/learning/home.ts';

/** Where `/` sends a signed-in learner (spec 2): the landing page, prerendered, asks this. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json({ path: await homePathFor(user.id) }, { headers: { 'Cache-Control': 'no-store' } });
};
