import type { APIRoute } from 'astro';
import { jsonError } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { findLatestAssessment } from '../../../lib/server/learning/assessment.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const latest = await findLatestAssessment(user.id);
  if (!latest) return jsonError(404, 'No assessment found');
  return Response.json(latest, { headers: { 'Cache-Control': 'no-store' } });
};
