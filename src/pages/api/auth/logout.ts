import type { APIRoute } from 'astro';
import { deleteSessionCookie, invalidateSession } from '../../../lib/server/auth/session.ts';

export const POST: APIRoute = async ({ locals, cookies }) => {
  if (locals.session) await invalidateSession(locals.session.id);
  deleteSessionCookie(cookies);
  return Response.json({ message: 'Signed out' }, { headers: { 'Clear-Site-Data': '"storage"' } });
};
