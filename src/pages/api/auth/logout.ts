import type { APIRoute } from 'astro';
import { securityEvent } from '../../../lib/server/platform/security-log.ts';
import { deleteSessionCookie, invalidateSession } from '../../../lib/server/auth/session.ts';

/** The shell's Sign Out form posts here without any script (issue 53: no lost taps). */
const isFormPost = (request: Request) =>
  /^(application\/x-www-form-urlencoded|multipart\/form-data)\b/.test(request.headers.get('content-type') ?? '');

export const POST: APIRoute = async ({ locals, cookies, request }) => {
  if (locals.session) await invalidateSession(locals.session.id);
  securityEvent('signed out', { userId: locals.user?.id ?? null, hadSession: Boolean(locals.session) });
  deleteSessionCookie(cookies);
  // What this browser holds goes too (the landing page's ?logout=true says so).
  const cleared = { 'Clear-Site-Data': '"storage"' };
  if (isFormPost(request)) {
    return new Response(null, { status: 303, headers: { Location: '/?logout=true', ...cleared } });
  }
  return Response.json({ message: 'Signed out' }, { headers: cleared });
};
