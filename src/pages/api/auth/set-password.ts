import type { APIRoute } from 'astro';
import { securityEvent } from '../../../lib/server/platform/security-log.ts';
import { HttpError, readJson } from '../../../lib/server/platform/http.ts';
import { setPasswordSchema } from '../../../lib/schemas.ts';
import { requireOwnUserId, requireUser } from '../../../lib/server/auth/guards.ts';
import { checkCurrentPassword, setPassword } from '../../../lib/server/auth/credentials.ts';
import { hitLimit, limits, refundLimit } from '../../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../../lib/server/platform/client-ip.ts';
import { tooManySignIns } from '../../../lib/server/platform/limit-responses.ts';

/**
 * Sets the signed-in user's password. A first password (Google accounts, or one cleared when the
 * address was verified from another client) needs only `{ userId, password }`; changing an
 * existing one also needs `currentPassword`, checked like a sign-in (same limits).
 */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const session = context.locals.session!;
  const body = await readJson(context, setPasswordSchema);
  requireOwnUserId(user, body.userId);
  if (user.hasPassword) {
    const limit = limits.loginFailures(clientIp(context));
    const slot = await hitLimit(limit);
    if (!slot.allowed) return tooManySignIns(slot.retryAfterSeconds);
    if (!(await checkCurrentPassword(user.id, body.currentPassword))) {
      const message = body.currentPassword
        ? 'Your current password is not right.'
        : 'Enter your current password to change it.';
      throw new HttpError(403, message, { currentPassword: message });
    }
    await refundLimit(limit);
  }
  await setPassword(user.id, session.id, body.password);
  securityEvent('password changed', { userId: user.id, first: !user.hasPassword });
  return Response.json({ message: 'Password set successfully' });
};
