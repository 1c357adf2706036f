import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../../../lib/server/platform/params.ts';
import { getVersion } from '../../../../../../../lib/server/studio/history.ts';

/** One published version's content. */
export const GET: APIRoute = async (context) => {
  requireStudio(context);
  const content = await getVersion(parseLessonId(context.params.id), parseLessonId(context.params.version));
  return Response.json(content, { headers: { 'Cache-Control': 'no-store' } });
};
