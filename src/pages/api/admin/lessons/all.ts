import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { activeLessonsJson } from '../../../../lib/server/learning/learner-store/index.ts';

/** Every active lesson, whole, in learning order: the catalogue the learner pages use. */
export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return new Response(await activeLessonsJson(), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};
