import type { APIRoute } from 'astro';
import { z } from 'zod';
import { readJson } from '../../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { requestNow } from '../../../../../lib/server/platform/clock.ts';
import { startTestOut } from '../../../../../lib/server/learning/test-out.ts';
import { parseTestOut } from '../../../../../lib/server/learning/test-out-params.ts';

const startSchema = z.object({
  /** The browser's IANA time zone: the day counted when the learner has none stored. */
  timeZone: z.string().max(64).optional(),
});

/** Today's draw of the level's test-out, `{ questions, passMark }` (the same draw until submitted). */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const { timeZone } = await readJson(context, startSchema);
  const { pillar, level } = parseTestOut(context.params);
  return Response.json(await startTestOut(user.id, pillar, level, requestNow(context.request), timeZone));
};
