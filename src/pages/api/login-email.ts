import type { APIRoute } from 'astro';
import { jsonError, readJson } from '../../lib/server/platform/http.ts';
import { loginSchema } from '../../lib/schemas.ts';
import { checkCredentials } from '../../lib/server/auth/credentials.ts';
import { homePathFor } from '../../lib/server/learning/home.ts';
import { hitLimit, limits, refundLimit } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { createSession, setSessionCookie } from '../../lib/server/auth/session.ts';
import { tooManySignIns } from '../../lib/server/platform/limit-responses.ts';
import { securityEvent } from '../../lib/server/platform/security-log.ts';
import { countWrongPassword, refuseUnchecked } from '../../lib/server/auth/sign-in-guard.ts';
import { rememberDevice } from '../../lib/server/auth/device-cookie.ts';
import { requireSecondFactor } from '../../lib/server/auth/factors/sign-in.ts';

export const POST: APIRoute = async (context) => {
  const ip = clientIp(context);
  const { email, password, rememberMe } = await readJson(context, loginSchema);
  // Every attempt takes a slot of the client's limit before the password is checked, so parallel
  // guesses cannot all pass a check made before any of them failed; a correct password gives it back.
  const byClient = limits.loginFailures(ip);
  const clientSlot = await hitLimit(byClient);
  if (!clientSlot.allowed) {
    securityEvent('sign-in refused', { ip, account: email, reason: 'too many failures from this client' });
    return tooManySignIns(clientSlot.retryAfterSeconds);
  }
  // An account in back-off checks passwords only from browsers that signed in to it (sign-in-guard.ts).
  const refused = await refuseUnchecked(context.cookies, email, ip);
  if (refused) return refused;
  const result = await checkCredentials(email, password);
  if (!result.ok && result.reason === 'invalid') {
    const throttled = await countWrongPassword(email);
    securityEvent('sign-in failed', {
      ip,
      account: email,
      reason: throttled ? 'wrong password, account in back-off' : 'wrong password',
    });
    return throttled ?? jsonError(401, 'Invalid email or password');
  }
  await refundLimit(byClient);
  if (!result.ok) {
    securityEvent('sign-in refused', { ip, account: email, userId: result.user.id, reason: 'unverified' });
    return Response.json(
      {
        message: 'Please check your email and click the verification link before logging in.',
        requiresVerification: true,
        authProvider: 'email-verification',
      },
      { status: 403 },
    );
  }
  // An account with a second factor answers requiresSecondFactor and no session (issue 51).
  const secondStep = await requireSecondFactor(context, result.user, rememberMe);
  if (secondStep) return secondStep;
  const { token, session } = await createSession(result.user.id, rememberMe, new Date(), {
    userAgent: context.request.headers.get('user-agent'),
  });
  setSessionCookie(context.cookies, token, session);
  await rememberDevice(context.cookies, result.user.id);
  securityEvent('sign-in succeeded', { ip, account: email, userId: result.user.id, method: 'password' });
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
    home: await homePathFor(u),
  });
};
