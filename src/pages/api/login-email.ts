import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../lib/server/platform/http.ts';
import { loginSchema } from '../../lib/schemas.ts';
import { checkCredentials } from '../../lib/server/auth/credentials.ts';
import { homePathFor } from '../../lib/server/learning/home.ts';
import { accountRetryAfter, hitLimit, limits, refundLimit } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { createSession, setSessionCookie } from '../../lib/server/auth/session.ts';
import { tooManySignIns, tooManySignInsForAccount } from '../../lib/server/platform/limit-responses.ts';
import { log } from '../../lib/server/platform/log.ts';

export const POST: APIRoute = async (context) => {
  const ip = clientIp(context);
  const { email, password, rememberMe } = await readJson(context, loginSchema);
  // Every attempt takes a slot of the client's limit before the password is checked, so parallel
  // guesses cannot all pass a check made before any of them failed; a correct password gives it back.
  const byClient = limits.loginFailures(ip);
  const clientSlot = await hitLimit(byClient);
  if (!clientSlot.allowed) {
    log('info', 'sign-in refused', { ip, reason: 'rate-limited' });
    return tooManySignIns(clientSlot.retryAfterSeconds);
  }
  const result = await checkCredentials(email, password);
  if (!result.ok && result.reason === 'invalid') {
    // Guesses at one account from many clients: past the account's threshold each further wrong
    // password waits longer (NIST SP 800-63B 5.2.2), while the right one from a client under its
    // own limit still gets through, so nobody can lock the owner out.
    const account = await hitLimit(limits.loginFailuresForAccount(email));
    if (!account.allowed) {
      log('info', 'sign-in failed', { ip, reason: 'invalid (account throttled)' });
      return tooManySignInsForAccount(accountRetryAfter(account.count));
    }
    log('info', 'sign-in failed', { ip, reason: 'invalid' });
    return jsonError(401, 'Invalid email or password');
  }
  await refundLimit(byClient);
  if (!result.ok) {
    log('info', 'sign-in refused', { ip, userId: result.user.id, reason: 'unverified' });
    return Response.json(
      {
        message: 'Please check your email and click the verification link before logging in.',
        requiresVerification: true,
        authProvider: 'email-verification',
      },
      { status: 403 },
    );
  }
  const { token, session } = await createSession(result.user.id, rememberMe);
  setSessionCookie(context.cookies, token, session);
  log('info', 'sign-in succeeded', { ip, userId: result.user.id });
  const u = result.user;
  return Response.json({
    authToken: token,
    user: {
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      phoneNumber: u.phoneNumber,
      role: u.role,
    },
    message: 'Login successful',
    requiresVerification: false,
    authProvider: 'email',
    // Where the sign-in takes them when no page was asked for (spec 2).
    home: await homePathFor(u.id),
  });
};
