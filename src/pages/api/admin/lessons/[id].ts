import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { type AuthoredLesson, lessonFormSchema } from '../../../../lib/lesson-form.ts';
import { deleteLesson, getLessonForAdmin, updateLesson } from '../../../../lib/server/studio/admin-lessons.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { authoredFields } from '../../../../lib/server/content/lesson-render.ts';

export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return Response.json(
    authoredFields(await getLessonForAdmin(parseLessonId(context.params.id))) satisfies AuthoredLesson,
    {
      headers: { 'Cache-Control': 'no-store' },
    },
  );
};

export const PUT: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const id = parseLessonId(context.params.id);
  const form = await readJson(context, lessonFormSchema, ADMIN_BODY_LIMIT);
  return Response.json(authoredFields(await updateLesson(admin.id, id, form)));
};

export const DELETE: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  await deleteLesson(admin.id, parseLessonId(context.params.id));
  return Response.json({ message: 'Lesson deleted successfully' });
};
