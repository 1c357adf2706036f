import type { APIRoute } from 'astro';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireStudio } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { quizCheckSchema } from '../../../../../lib/schemas.ts';
import { getDraft } from '../../../../../lib/server/studio/drafts.ts';
import { checkPreviewAnswer } from '../../../../../lib/server/studio/preview.ts';

/** The draft preview's per-answer feedback, graded against the draft's questions; nothing is stored. */
export const POST: APIRoute = async (context) => {
  requireStudio(context);
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, quizCheckSchema);
  const draft = await getDraft(id);
  return Response.json(checkPreviewAnswer(draft, body.questionId, body.userAnswer));
};
