import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { findActiveLessons } from '../../../../lib/server/learning/learner-store/index.ts';
import type { AuthoredLesson } from '../../../../lib/lesson-form.ts';

/** Every active lesson, whole, in learning order: the catalogue the learner pages use. */
export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  const all: AuthoredLesson[] = await findActiveLessons();
  return Response.json(all, { headers: { 'Cache-Control': 'no-store' } });
};
