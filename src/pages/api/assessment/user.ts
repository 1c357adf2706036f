import type { APIRoute } from 'astro';
import { requireOwnUserId, requireUser } from '../../../lib/server/auth/guards.ts';
import { findLatestAssessment } from '../../../lib/server/learning/assessment.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  requireOwnUserId(user, context.url.searchParams.get('userId') ?? undefined);
  return Response.json(await findLatestAssessment(user.id), { headers: { 'Cache-Control': 'no-store' } });
};
