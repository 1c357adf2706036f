import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { countsFor, loadLearnerState } from '../../../lib/server/learning/learner-store/state.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(countsFor(await loadLearnerState(user.id)), { headers: { 'Cache-Control': 'no-store' } });
};
