import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../lib/server/auth/guards.ts';
import { summaryOf } from '../../../../lib/lesson-form.ts';
import { findActiveLessons } from '../../../../lib/server/content/catalogue.ts';
import { listDrafts } from '../../../../lib/server/studio/drafts.ts';

/** The studio's list: each published lesson's summary in learning order, and every open draft. */
export const GET: APIRoute = async (context) => {
  requireStudio(context);
  const [lessons, drafts] = await Promise.all([findActiveLessons(), listDrafts()]);
  return Response.json({ lessons: lessons.map(summaryOf), drafts }, { headers: { 'Cache-Control': 'no-store' } });
};
