import type { APIRoute } from 'astro';
import { securityEvent } from '../../../lib/server/platform/security-log.ts';
import { deleteSessionCookie, invalidateSession } from '../../../lib/server/auth/session.ts';

export const POST: APIRoute = async ({ locals, cookies }) => {
  if (locals.session) await invalidateSession(locals.session.id);
  securityEvent('signed out', { userId: locals.user?.id ?? null, hadSession: Boolean(locals.session) });
  deleteSessionCookie(cookies);
  return Response.json({ message: 'Signed out' }, { headers: { 'Clear-Site-Data': '"storage"' } });
};
