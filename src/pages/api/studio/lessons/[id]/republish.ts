import type { APIRoute } from 'astro';
import { requirePublisher } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { republishLesson } from '../../../../../lib/server/studio/lesson-states.ts';

/** Admins only: an unpublished lesson is shown to learners again, with the same id and slug. */
export const POST: APIRoute = async (context) => {
  const admin = requirePublisher(context);
  const lesson = await republishLesson(admin.id, parseLessonId(context.params.id));
  return Response.json({ id: lesson.id, slug: lesson.slug, version: lesson.version });
};
