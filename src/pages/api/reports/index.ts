import type { APIRoute } from 'astro';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { readJson } from '../../../lib/server/platform/http.ts';
import { requestNow } from '../../../lib/server/platform/clock.ts';
import { reportSchema } from '../../../lib/report-schemas.ts';
import { createReport } from '../../../lib/server/learning/reports.ts';

/** A learner reports a problem with a question or a step of a lesson (at most 20 a day). */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const input = await readJson(context, reportSchema);
  return Response.json(await createReport(user.id, input, requestNow(context.request)), { status: 201 });
};
