import type { APIRoute } from 'astro';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { requestNow } from '../../../../../lib/server/platform/clock.ts';
import { loadLearnerState } from '../../../../../lib/server/learning/learner-store/state.ts';
import { testOutStatus } from '../../../../../lib/server/learning/test-out.ts';
import { parseTestOut } from '../../../../../lib/server/learning/test-out-params.ts';

/** Where the learner stands with a level's test-out: open already, taken today, in progress. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const { pillar, level } = parseTestOut(context.params);
  const state = await loadLearnerState(user.id);
  return Response.json(testOutStatus(state, pillar, level, requestNow(context.request)), {
    headers: { 'Cache-Control': 'no-store' },
  });
};
