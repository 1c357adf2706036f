import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/platform/http.ts';
import { requireUser } from '../../lib/server/auth/guards.ts';
import { planInputSchema } from '../../lib/money-plan/input.ts';
import { readSavedPlan, savePlan } from '../../lib/server/learning/money-plan.ts';

const noStore = { 'Cache-Control': 'no-store' };

/** The learner's saved money plan (the newest version), or null. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return Response.json(await readSavedPlan(user.id), { headers: noStore });
};

/** "Save my plan": the figures as the /plan form sends them; each save is a new version. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const input = await readJson(context, planInputSchema);
  return Response.json(await savePlan(user.id, input), { status: 201, headers: noStore });
};
