import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../../lib/server/platform/params.ts';
import { listVersions } from '../../../../../../lib/server/studio/history.ts';

/** The lesson's published versions, newest first: version, note, who, when. */
export const GET: APIRoute = async (context) => {
  requireStudio(context);
  return Response.json(await listVersions(parseLessonId(context.params.id)), {
    headers: { 'Cache-Control': 'no-store' },
  });
};
