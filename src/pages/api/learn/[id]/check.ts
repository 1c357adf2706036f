import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { parseLessonId } from '../../../../lib/server/platform/params.ts';
import { quizCheckSchema } from '../../../../lib/schemas.ts';
import { hitLimit, limits } from '../../../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../../../lib/server/platform/client-ip.ts';
import { checkVisitorAnswer, findBeginnerLesson } from '../../../../lib/server/learning/visitor-results.ts';

/**
 * A visitor's per-answer feedback on a beginner lesson's quiz (issue 42): right or wrong, the
 * correct option and why, as a learner gets it. No account, nothing stored; limited per client.
 */
export const POST: APIRoute = async (context) => {
  const limit = await hitLimit(limits.visitorChecks(clientIp(context)));
  if (!limit.allowed) {
    return jsonError(429, 'Too many answers checked from your network. Please try again in a few minutes.', undefined, {
      'Retry-After': String(limit.retryAfterSeconds),
    });
  }
  const id = parseLessonId(context.params.id);
  const body = await readJson(context, quizCheckSchema);
  const lesson = await findBeginnerLesson(id);
  if (!lesson) {
    return jsonError(
      404,
      'Only the quizzes of beginner lessons can be taken without an account. Sign up to take this one.',
    );
  }
  const checked = checkVisitorAnswer(lesson, body.questionId, body.userAnswer);
  if (!checked) return jsonError(400, 'This question is not part of this lesson', { questionId: 'Unknown question' });
  return Response.json(checked);
};
