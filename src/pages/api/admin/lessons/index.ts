import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/http.ts';
import { requireAdmin } from '../../../../lib/server/guards.ts';
import { lessonFormSchema } from '../../../../lib/lesson-form.ts';
import { createLesson } from '../../../../lib/server/admin-lessons.ts';

export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const form = await readJson(context.request, lessonFormSchema, ADMIN_BODY_LIMIT);
  return Response.json(await createLesson(admin.id, form), { status: 201 });
};
