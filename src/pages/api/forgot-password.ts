import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/platform/http.ts';
import { emailOnlySchema } from '../../lib/schemas.ts';
import { requestPasswordReset } from '../../lib/server/auth/credentials.ts';
import { hitLimit, limits } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { tooManyEmailRequests } from '../../lib/server/platform/limit-responses.ts';

const FORGOT_MESSAGE =
  'Password reset instructions have been sent to your email address. Please check your inbox and follow the link to reset your password.';

/** The same work and answer for every address: the request is queued, the worker decides. */
export const POST: APIRoute = async (context) => {
  const limit = await hitLimit(limits.forgotPassword(clientIp(context)));
  if (!limit.allowed) return tooManyEmailRequests(limit.retryAfterSeconds);
  const { email } = await readJson(context, emailOnlySchema);
  await requestPasswordReset(email);
  return Response.json({ message: FORGOT_MESSAGE });
};
