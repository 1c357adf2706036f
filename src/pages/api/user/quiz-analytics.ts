import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { quizAnalyticsJson } from '../../../lib/server/learning/progress.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  return new Response(await quizAnalyticsJson(user.id, context.locals), { headers: { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' } });
};
