import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { rebaseDraft } from '../../../../../lib/server/studio/drafts.ts';
import { assertMayChangeDraft } from '../../../../../lib/server/studio/draft-owner.ts';

/** Moves a stale draft onto the version published now, keeping the fields the draft changed. */
export const POST: APIRoute = async (context) => {
  const author = requireStudio(context);
  const id = parseLessonId(context.params.id);
  await assertMayChangeDraft(author, { draftId: id });
  return Response.json(await rebaseDraft(author.id, id));
};
