import type { APIRoute } from 'astro';
import { requireStudio } from '../../../../lib/server/auth/guards.ts';
import { HttpError } from '../../../../lib/server/platform/http.ts';
import { parseReportFilter } from '../../../../lib/reports.ts';
import { loadInbox } from '../../../../lib/server/studio/report-inbox.ts';

/** The studio's inbox: learners' reports with one status (`?status=open|fixed|wont_fix|all`, open by default). */
export const GET: APIRoute = async (context) => {
  requireStudio(context);
  const filter = parseReportFilter(context.url.searchParams.get('status'));
  if (!filter) throw new HttpError(400, 'Unknown status: use open, fixed, wont_fix or all');
  return Response.json(await loadInbox(filter), { headers: { 'Cache-Control': 'no-store' } });
};
