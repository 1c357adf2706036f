import type { APIRoute } from 'astro';
import { securityEvent } from '../../lib/server/platform/security-log.ts';
import { jsonError, readJson } from '../../lib/server/platform/http.ts';
import { resetPasswordSchema } from '../../lib/schemas.ts';
import { resetPassword } from '../../lib/server/auth/credentials.ts';
import { hitLimit, limits, peekLimit } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { tooManyResetTries } from '../../lib/server/platform/limit-responses.ts';

export const POST: APIRoute = async (context) => {
  const ip = clientIp(context);
  const limit = limits.resetTokenFailures(ip);
  const state = await peekLimit(limit);
  if (!state.allowed) return tooManyResetTries(state.retryAfterSeconds);
  const { token, password } = await readJson(context, resetPasswordSchema);
  // A made-up token is refused before any password hashing, and counts against the client.
  if (!(await resetPassword(token, password))) {
    const counted = await hitLimit(limit);
    securityEvent('password reset', { ip, outcome: 'refused', reason: 'bad token' }, 'warn');
    if (!counted.allowed) return tooManyResetTries(counted.retryAfterSeconds);
    return jsonError(400, 'Invalid or expired reset token');
  }
  securityEvent('password reset', { ip, outcome: 'done' });
  return Response.json({ message: 'Password reset successfully. You can now sign in with your new password.' });
};
