import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { listAllLessons } from '../../../../lib/server/content/admin-lessons.ts';
import type { AuthoredLesson } from '../../../../lib/lesson-form.ts';

export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return Response.json((await listAllLessons()) satisfies AuthoredLesson[], { headers: { 'Cache-Control': 'no-store' } });
};
