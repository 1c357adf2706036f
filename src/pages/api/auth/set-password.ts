import type { APIRoute } from 'astro';
import { HttpError, readJson } from '../../../lib/server/http.ts';
import { setPasswordSchema } from '../../../lib/schemas.ts';
import { requireOwnUserId, requireUser } from '../../../lib/server/guards.ts';
import { setPassword } from '../../../lib/server/accounts.ts';

/** Within this long of signing in, a password may be changed without signing in again. */
const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const session = context.locals.session!;
  const body = await readJson(context.request, setPasswordSchema);
  requireOwnUserId(user, body.userId);
  const recent = Date.now() - session.createdAt.getTime() < RECENT_SIGN_IN_MS;
  if (user.hasPassword && !recent) {
    throw new HttpError(403, 'For your security, please sign in again before changing your password.');
  }
  await setPassword(user.id, session.id, body.password);
  return Response.json({ message: 'Password set successfully' });
};
