import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../../../lib/server/platform/params.ts';
import { restoreVersion } from '../../../../../../../lib/server/content/studio.ts';

/** "Restore as draft": the lesson's draft takes this version's content (published only by an admin). */
export const POST: APIRoute = async (context) => {
  const author = requireStudio(context);
  const draft = await restoreVersion(
    author.id,
    parseLessonId(context.params.id),
    parseLessonId(context.params.version),
  );
  return Response.json(draft);
};
