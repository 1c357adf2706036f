import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { lessonFormSchema, summaryOf } from '../../../../lib/lesson-form.ts';
import { createLesson } from '../../../../lib/server/content/admin-lessons.ts';
import { findActiveLessons } from '../../../../lib/server/learning/learner-store/index.ts';

/** The admin list: each active lesson's summary in learning order. */
export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return Response.json((await findActiveLessons()).map(summaryOf), { headers: { 'Cache-Control': 'no-store' } });
};

export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const form = await readJson(context, lessonFormSchema, ADMIN_BODY_LIMIT);
  return Response.json(await createLesson(admin.id, form), { status: 201 });
};
