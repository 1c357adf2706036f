import type { APIRoute } from 'astro';
import { requirePublisher } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { unpublishLesson } from '../../../../../lib/server/studio/lesson-states.ts';

/** Admins only: learners stop seeing the lesson; it stays in the studio to publish again. */
export const POST: APIRoute = async (context) => {
  const admin = requirePublisher(context);
  const lesson = await unpublishLesson(admin.id, parseLessonId(context.params.id));
  return Response.json({ id: lesson.id, slug: lesson.slug, version: lesson.version });
};
