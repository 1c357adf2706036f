import type { APIRoute } from 'astro';
import { homePathFor } from '../../../lib/server/learning/home.ts';

/**
 * Where `/` sends a visitor (spec 2): a signed-in learner home, anyone else nowhere (`null`, not
 * a 401, so the prerendered landing page that asks logs no error in a visitor's browser).
 */
export const GET: APIRoute = async ({ locals }) => {
  const path = locals.user ? await homePathFor(locals.user) : null;
  return Response.json({ path }, { headers: { 'Cache-Control': 'no-store' } });
};
