import type { APIRoute } from 'astro';
import { ADMIN_BODY_LIMIT, readJson } from '../../../../lib/server/platform/http.ts';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { lessonFormSchema, summaryOf } from '../../../../lib/lesson-form.ts';
import { createLesson } from '../../../../lib/server/content/admin-lessons.ts';
import { findActiveLessons } from '../../../../lib/server/learning/learner-store/index.ts';
import { cachedJson } from '../../../../lib/server/platform/cached-json.ts';
import type { Lesson } from '../../../../../db/schema.ts';

// The admin list: each active lesson's summary in learning order (about 10 KB for the whole
// curriculum, where the whole lessons are 450 KB), kept per catalogue version like the catalogue.
const summaries = cachedJson((all: Lesson[]) => all.map(summaryOf));

export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return summaries(context.request, await findActiveLessons());
};

export const POST: APIRoute = async (context) => {
  const admin = requireAdmin(context);
  const form = await readJson(context, lessonFormSchema, ADMIN_BODY_LIMIT);
  return Response.json(await createLesson(admin.id, form), { status: 201 });
};
