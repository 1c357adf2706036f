import type { APIRoute } from 'astro';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { toListItem } from '../../../../lib/server/learning/lessons.ts';
import { loadLearnerState } from '../../../../lib/server/learning/learner-store/state.ts';
import { parsePillar } from '../../../../lib/server/platform/params.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const pillar = parsePillar(context.params.pillar);
  const state = await loadLearnerState(user.id);
  return Response.json(
    state.lessons.filter((l) => l.pillar === pillar).map((l) => toListItem(state, l)),
    { headers: { 'Cache-Control': 'no-store' } },
  );
};
