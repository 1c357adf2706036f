import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../../lib/server/platform/http.ts';
import { requireStudio } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { draftSaveSchema } from '../../../../../lib/studio-form.ts';
import { discardDraft, getDraft, saveDraft } from '../../../../../lib/server/studio/drafts.ts';
import { assertMayChangeDraft } from '../../../../../lib/server/studio/draft-owner.ts';

const draftId = (value: string | undefined) => parseLessonId(value);

export const GET: APIRoute = async (context) => {
  requireStudio(context);
  return Response.json(await getDraft(draftId(context.params.id)), { headers: { 'Cache-Control': 'no-store' } });
};

/** Saves the draft (learners keep the published version); a stale revision gets 409. */
export const PUT: APIRoute = async (context) => {
  const author = requireStudio(context);
  const id = draftId(context.params.id);
  const save = await readJson(context, draftSaveSchema, ADMIN_BODY_LIMIT);
  await assertMayChangeDraft(author, { draftId: id });
  return Response.json(await saveDraft(author.id, id, save));
};

/** Discards the draft; the published lesson is unchanged. */
export const DELETE: APIRoute = async (context) => {
  const author = requireStudio(context);
  const id = draftId(context.params.id);
  await assertMayChangeDraft(author, { draftId: id });
  await discardDraft(author.id, id);
  return Response.json({ message: 'Draft discarded' });
};
