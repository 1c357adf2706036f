import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { rebaseDraft } from '../../../../../lib/server/content/studio.ts';

/** Moves a stale draft onto the version published now, keeping the fields the draft changed. */
export const POST: APIRoute = async (context) => {
  const author = requireStudio(context);
  return Response.json(await rebaseDraft(author.id, parseLessonId(context.params.id)));
};
