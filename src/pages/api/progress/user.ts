import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { loadLearnerState } from '../../../lib/server/learning/learner-store/state.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const state = await loadLearnerState(user.id);
  return Response.json(
    [...state.progress.values()].map((p) => ({
      lessonId: p.lessonId,
      completed: p.completed,
      score: p.lastScore,
      bestScore: p.bestScore,
      totalQuestions: p.totalQuestions,
      attempts: p.attempts,
      completedAt: p.completedAt?.toISOString() ?? null,
    })),
    { headers: { 'Cache-Control': 'no-store' } },
  );
};
