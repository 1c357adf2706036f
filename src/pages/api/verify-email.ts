import type { APIContext, APIRoute } from 'astro';
import { z } from 'zod';
import { jsonError, readJson } from '../../lib/server/platform/http.ts';
import { verifyEmailToken, type VerifiedEmail } from '../../lib/server/auth/credentials.ts';
import { createSession, setSessionCookie } from '../../lib/server/auth/session.ts';
import { deleteSignupCookie, readSignupCookie } from '../../lib/server/auth/signup-cookie.ts';
import { log } from '../../lib/server/platform/log.ts';

const INVALID_LINK = 'Invalid verification link. Please check your email for the correct link.';
const EXPIRED_LINK = 'This verification link is invalid or has expired. Please request a new one.';
const verifySchema = z.object({ token: z.string({ error: INVALID_LINK }).trim().min(1, INVALID_LINK).max(200, INVALID_LINK) });

function answer({ user, passwordCleared }: VerifiedEmail, tempAuthToken: string | null) {
  return Response.json({
    message: passwordCleared ? 'Email verified. Please choose a password to finish setting up your account.' : 'Email verified successfully',
    user: { id: user.id, email: user.email, firstName: user.firstName },
    tempAuthToken,
    needsPassword: user.passwordHash === null,
  });
}

async function verify(context: APIContext, token: string): Promise<VerifiedEmail | Response> {
  const verified = await verifyEmailToken(token, readSignupCookie(context.cookies));
  if (!verified) return jsonError(400, EXPIRED_LINK);
  log('info', 'email verified', { userId: verified.user.id, passwordCleared: verified.passwordCleared });
  return verified;
}

/**
 * The spec's call: verifies the address and answers the result. It creates no session and sets
 * no cookie (a GET must not sign anyone in: a link to someone else's token would sign the
 * victim into that account), so `tempAuthToken` is null; our pages confirm with the POST below.
 */
export const GET: APIRoute = async (context) => {
  const token = context.url.searchParams.get('token') ?? '';
  if (!token || token.length > 200) return jsonError(400, INVALID_LINK);
  const verified = await verify(context, token);
  return verified instanceof Response ? verified : answer(verified, null);
};

/**
 * The verification pages' confirmation, from our own origin (the CSRF check): verifies the
 * address and signs this browser in. From the client that signed up the account keeps its
 * password; from any other the password was cleared and the answer says `needsPassword`.
 */
export const POST: APIRoute = async (context) => {
  const { token } = await readJson(context.request, verifySchema);
  const verified = await verify(context, token);
  if (verified instanceof Response) return verified;
  const { token: sessionToken, session } = await createSession(verified.user.id, true);
  setSessionCookie(context.cookies, sessionToken, session);
  deleteSignupCookie(context.cookies);
  return answer(verified, sessionToken);
};
