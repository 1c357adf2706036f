import type { APIRoute } from 'astro';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireStudio } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { lessonCompleteSchema } from '../../../../../lib/schemas.ts';
import { getDraft } from '../../../../../lib/server/studio/drafts.ts';
import { completePreview } from '../../../../../lib/server/studio/preview.ts';

/** The draft preview's finished quiz, graded against the draft; no attempt, progress, streak or review item. */
export const POST: APIRoute = async (context) => {
  requireStudio(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, lessonCompleteSchema);
  return Response.json(completePreview(await getDraft(id), body));
};
