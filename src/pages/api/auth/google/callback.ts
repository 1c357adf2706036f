import type { APIRoute } from 'astro';
import { finishGoogleSignIn, isGoogleConfigured } from '../../../../lib/server/auth/google.ts';
import { jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { googleCallbackSchema } from '../../../../lib/schemas.ts';
import { createSession, setSessionCookie } from '../../../../lib/server/auth/session.ts';
import { homePathFor } from '../../../../lib/server/learning/home.ts';
import { log } from '../../../../lib/server/platform/log.ts';

export const POST: APIRoute = async (context) => {
  const { cookies } = context;
  if (!isGoogleConfigured()) return jsonError(404, 'Google sign-in is not available');
  const { code, state } = await readJson(context, googleCallbackSchema);
  const user = await finishGoogleSignIn(cookies, code, state);
  const { token, session } = await createSession(user.id, true);
  setSessionCookie(cookies, token, session);
  log('info', 'sign-in succeeded', { userId: user.id, provider: 'google' });
  return Response.json({
    user: { id: user.id, email: user.email, firstName: user.firstName },
    redirectTo: await homePathFor(user.id),
  });
};
