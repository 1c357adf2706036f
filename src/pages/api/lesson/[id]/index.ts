import type { APIRoute } from 'astro';
import { jsonError } from '../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { toPublicLesson } from '../../../../lib/server/learning/lessons.ts';
import { loadLearnerState, mayOpen } from '../../../../lib/server/learning/learner-store/state.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { unlockHint } from '../../../../lib/server/learning/unlock-hint.ts';

export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const id = parseLessonId(context.params.id);
  const state = await loadLearnerState(user.id);
  const lesson = state.lessons.find((l) => l.id === id);
  if (!lesson) return jsonError(404, 'Lesson Not Found');
  if (!mayOpen(user, state, lesson)) return jsonError(403, `This lesson is locked. ${unlockHint(state, lesson)}`);
  const p = state.progress.get(id);
  return Response.json(
    {
      ...toPublicLesson(lesson),
      completed: state.completed.has(id),
      completionData: p ? { bestScore: p.bestScore, lastScore: p.lastScore, totalQuestions: p.totalQuestions } : null,
    },
    { headers: { 'Cache-Control': 'no-store' } },
  );
};
