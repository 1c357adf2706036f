import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/platform/http.ts';
import { requireStudio } from '../../../../lib/server/auth/guards.ts';
import { draftSaveSchema } from '../../../../lib/studio-form.ts';
import { createDraft } from '../../../../lib/server/studio/drafts.ts';

/** A draft of a new lesson: nothing is published until an admin publishes it. */
export const POST: APIRoute = async (context) => {
  const author = requireStudio(context);
  const save = await readJson(context, draftSaveSchema, ADMIN_BODY_LIMIT);
  return Response.json(await createDraft(author.id, save), { status: 201 });
};
