import type { APIRoute } from 'astro';
import { jsonError } from '../../lib/server/http.ts';
import { verifyEmailToken } from '../../lib/server/accounts.ts';
import { createSession, setSessionCookie } from '../../lib/server/session.ts';
import { log } from '../../lib/server/log.ts';

export const GET: APIRoute = async ({ url, cookies }) => {
  const token = url.searchParams.get('token') ?? '';
  if (!token) return jsonError(400, 'Invalid verification link. Please check your email for the correct link.');
  const user = await verifyEmailToken(token);
  if (!user) return jsonError(400, 'This verification link is invalid or has expired. Please request a new one.');
  const { token: sessionToken, session } = await createSession(user.id, true);
  setSessionCookie(cookies, sessionToken, session);
  log('info', 'email verified', { userId: user.id });
  return Response.json({
    message: 'Email verified successfully',
    user: { id: user.id, email: user.email, firstName: user.firstName },
    tempAuthToken: sessionToken,
  });
};
