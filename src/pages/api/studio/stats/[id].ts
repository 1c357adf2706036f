import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { lessonStats } from '../../../../lib/server/studio/stats.ts';

/** A lesson's funnel and question statistics on its current version (src/lib/server/studio/stats.ts). */
export const GET: APIRoute = async (context) => {
  requireStudio(context);
  return Response.json(await lessonStats(parseLessonId(context.params.id)));
};
