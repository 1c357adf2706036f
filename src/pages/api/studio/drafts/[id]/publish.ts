import type { APIRoute } from 'astro';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requirePublisher } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { publishSchema } from '../../../../../lib/studio-form.ts';
import { publishDraft } from '../../../../../lib/server/studio/publish-draft.ts';

/** Admins only: runs the content rules (422 with `problems`), then publishes the draft. */
export const POST: APIRoute = async (context) => {
  const admin = requirePublisher(context);
  const id = parseLessonId(context.params.id);
  const { note } = await readJson(context, publishSchema);
  const lesson = await publishDraft(admin.id, id, note);
  return Response.json({ id: lesson.id, slug: lesson.slug, version: lesson.version });
};
