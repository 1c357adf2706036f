import type { APIRoute } from 'astro';
import { requirePublisher } from '../../../../../lib/server/auth/guards.ts';
import { parseLessonId } from '../../../../../lib/server/platform/params.ts';
import { deleteLesson } from '../../../../../lib/server/studio/admin-lessons.ts';

/** Admins only: deletes a published or unpublished lesson and discards its open draft. */
export const DELETE: APIRoute = async (context) => {
  const admin = requirePublisher(context);
  await deleteLesson(admin.id, parseLessonId(context.params.id));
  return Response.json({ message: 'Lesson deleted' });
};
