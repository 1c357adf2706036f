import type { APIRoute } from 'astro';
import { jsonError } from '../../../lib/server/http.ts';
import { requireUser } from '../../../lib/server/guards.ts';
import { findLatestAssessment } from '../../../lib/server/assessment.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const latest = await findLatestAssessment(user.id);
  if (!latest) return jsonError(404, 'No assessment found');
  return Response.json(latest, { headers: { 'Cache-Control': 'no-store' } });
};
