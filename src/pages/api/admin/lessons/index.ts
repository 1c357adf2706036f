import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { lessonFormSchema } from '../../../../lib/lesson-form.ts';
import { createLesson } from '../../../../lib/server/content/admin-lessons.ts';

export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const form = await readJson(context.request, lessonFormSchema, ADMIN_BODY_LIMIT);
  return Response.json(await createLesson(admin.id, form), { status: 201 });
};
