import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../lib/server/auth/guards.ts';
import { HttpError, readJson } from '../../../../lib/server/platform/http.ts';
import { requestNow } from '../../../../lib/server/platform/clock.ts';
import { reportUpdateSchema } from '../../../../lib/report-schemas.ts';
import { updateReport } from '../../../../lib/server/studio/report-inbox.ts';

/** The studio sets a report's status (fixed: in which lesson version) and its reply to the learner. */
export const PATCH: APIRoute = async (context) => {
  const admin = requireStudio(context);
  const raw = context.params.id ?? '';
  const id = /^\d{1,9}$/.test(raw) ? Number(raw) : 0;
  if (id < 1) throw new HttpError(404, 'Report not found');
  const change = await readJson(context, reportUpdateSchema);
  return Response.json(await updateReport(admin.id, id, change, requestNow(context.request)));
};
