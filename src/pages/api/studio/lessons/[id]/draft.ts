import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { openDraft } from '../../../../../lib/server/studio/drafts.ts';

/** Opens the lesson's draft (a copy of the published version), or returns the one already open. */
export const POST: APIRoute = async (context) => {
  const author = requireStudio(context);
  return Response.json(await openDraft(author.id, parseLessonId(context.params.id)));
};
