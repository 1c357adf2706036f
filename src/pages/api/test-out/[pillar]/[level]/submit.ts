import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { requestNow } from '../../../../../lib/server/platform/clock.ts';
import { submitTestOut } from '../../../../../lib/server/learning/test-out.ts';
import { parseTestOut } from '../../../../../lib/server/learning/test-out-params.ts';
import { TEST_OUT_QUESTIONS } from '../../../../../lib/test-out.ts';

const id = (name: string) =>
  z.number(`${name} must be a whole number`).int(`${name} must be a whole number`).positive();
const submitSchema = z.object({
  answers: z.array(
    z.object({
      lessonId: id('lessonId'),
      questionId: id('questionId'),
      userAnswer: z.number().int().min(0, 'Choose one of the options').max(9, 'Choose one of the options'),
    }),
  ).max(TEST_OUT_QUESTIONS, `A test-out has ${TEST_OUT_QUESTIONS} questions`),
});

/** Grades today's draw once: `{ score, total, passMark, passed, missed }`; missed questions go to review. */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const { answers } = await readJson(context, submitSchema);
  const { pillar, level } = parseTestOut(context.params);
  return Response.json(await submitTestOut(user.id, pillar, level, answers, requestNow(context.request)));
};
