import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../lib/server/auth/guards.ts';
import { statsLessons } from '../../../../lib/server/studio/stats.ts';

/** The lessons with statistics (the studio's list), for authors. */
export const GET: APIRoute = async (context) => {
  requireStudio(context);
  return Response.json(await statsLessons());
};
