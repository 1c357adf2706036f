import type { APIRoute } from 'astro';
import { requireAdmin } from '../../../../lib/server/auth/guards.ts';
import { readCatalogue } from '../../../../lib/server/content/catalogue.ts';

/** Every active lesson, whole, in learning order: the catalogue the learner pages use. */
export const GET: APIRoute = async (context) => {
  requireAdmin(context);
  return new Response((await readCatalogue()).json(), {
    headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' },
  });
};
