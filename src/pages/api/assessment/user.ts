import type { APIRoute } from 'astro';
import { requireOwnUserId, requireUser } from '../../../lib/server/guards.ts';
import { findLatestAssessment } from '../../../lib/server/assessment.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  requireOwnUserId(user, context.url.searchParams.get('userId') ?? undefined);
  return Response.json(await findLatestAssessment(user.id), { headers: { 'Cache-Control': 'no-store' } });
};
