import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../../../lib/server/platform/params.ts';
import { restoreVersion } from '../../../../../../../lib/server/studio/history.ts';
import { assertMayChangeDraft } from '../../../../../../../lib/server/studio/draft-owner.ts';

/** "Restore as draft": the lesson's draft takes this version's content (published only by an admin). */
export const POST: APIRoute = async (context) => {
  const author = requireStudio(context);
  const lessonId = parseLessonId(context.params.id);
  // Restoring replaces the content of the lesson's open draft: only its owner's (or an admin's) to do.
  await assertMayChangeDraft(author, { lessonId });
  const draft = await restoreVersion(
    author.id,
    lessonId,
    parseLessonId(context.params.version),
  );
  return Response.json(draft);
};
