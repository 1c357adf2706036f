import type { APIRoute } from 'astro';
import { jsonError } from '../../lib/server/platform/http.ts';
import { isResetTokenValid } from '../../lib/server/auth/credentials.ts';
import { hitLimit, limits, peekLimit } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { tooManyResetTries } from '../../lib/server/platform/limit-responses.ts';

export const GET: APIRoute = async (context) => {
  const token = context.url.searchParams.get('token') ?? '';
  if (!token) return jsonError(400, 'Invalid or missing reset token');
  const limit = limits.resetTokenFailures(clientIp(context));
  const state = await peekLimit(limit);
  if (!state.allowed) return tooManyResetTries(state.retryAfterSeconds);
  if (!(await isResetTokenValid(token))) {
    // Guessing tokens counts against the client, like failed sign-ins.
    const counted = await hitLimit(limit);
    if (!counted.allowed) return tooManyResetTries(counted.retryAfterSeconds);
    return jsonError(400, 'Invalid or expired reset token');
  }
  return Response.json({ valid: true, message: 'Reset token is valid' });
};
