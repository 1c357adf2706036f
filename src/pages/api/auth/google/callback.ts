import type { APIRoute } from 'astro';
import { finishGoogleSignIn, isGoogleConfigured } from '../../../../lib/server/auth/google.ts';
import { jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { googleCallbackSchema } from '../../../../lib/schemas.ts';
import { createSession, setSessionCookie } from '../../../../lib/server/auth/session.ts';
import { rememberDevice } from '../../../../lib/server/auth/device-cookie.ts';
import { homePathFor } from '../../../../lib/server/learning/home.ts';
import { securityEvent } from '../../../../lib/server/platform/security-log.ts';
import { requireSecondFactor } from '../../../../lib/server/auth/factors/sign-in.ts';

export const POST: APIRoute = async (context) => {
  const { cookies } = context;
  if (!isGoogleConfigured()) return jsonError(404, 'Google sign-in is not available');
  const { code, state } = await readJson(context, googleCallbackSchema);
  const user = await finishGoogleSignIn(cookies, code, state);
  // An account with a second factor finishes on /login's second step (issue 51).
  const secondStep = await requireSecondFactor(context, user, true);
  if (secondStep) {
    const { secondFactors } = await secondStep.json();
    return Response.json({ requiresSecondFactor: true, secondFactors, redirectTo: '/login?second-factor=1' });
  }
  const { token, session } = await createSession(user.id, true, new Date(), {
    userAgent: context.request.headers.get('user-agent'),
  });
  setSessionCookie(cookies, token, session);
  await rememberDevice(cookies, user.id);
  securityEvent('sign-in succeeded', { userId: user.id, method: 'google' });
  return Response.json({
    user: { id: user.id, email: user.email, firstName: user.firstName },
    redirectTo: await homePathFor(user),
  });
};
