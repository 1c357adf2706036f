import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { lessonFormSchema, summaryOf } from '../../../../lib/lesson-form.ts';
import { createLesson } from '../../../../lib/server/studio/admin-lessons.ts';
import { readCatalogue } from '../../../../lib/server/content/catalogue.ts';
import { byPosition } from '../../../../lib/lessons.ts';
import { authoredFields } from '../../../../lib/server/content/lesson-render.ts';

/** The admin list: each published and unpublished lesson's summary (with its state) in learning order. */
export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  const { lessons, unpublished } = await readCatalogue();
  return Response.json([...lessons, ...unpublished].sort(byPosition).map(summaryOf), {
    headers: { 'Cache-Control': 'no-store' },
  });
};

export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const form = await readJson(context, lessonFormSchema, ADMIN_BODY_LIMIT);
  return Response.json(authoredFields(await createLesson(admin.id, form)), { status: 201 });
};
