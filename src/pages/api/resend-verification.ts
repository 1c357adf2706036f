import type { APIRoute } from 'astro';
import { readJson } from '../../lib/server/platform/http.ts';
import { emailOnlySchema } from '../../lib/schemas.ts';
import { resendVerification } from '../../lib/server/auth/credentials.ts';
import { hitLimit, limits } from '../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../lib/server/platform/client-ip.ts';
import { tooManyEmailRequests } from '../../lib/server/platform/limit-responses.ts';

/** The same work and answer for every address: the request is queued, the worker decides. */
export const POST: APIRoute = async (context) => {
  const limit = await hitLimit(limits.resendVerification(clientIp(context)));
  if (!limit.allowed) return tooManyEmailRequests(limit.retryAfterSeconds);
  const { email } = await readJson(context, emailOnlySchema);
  await resendVerification(email);
  return Response.json({
    message: 'If that address has an account waiting for verification, we have sent a new verification link.',
    emailSent: true,
  });
};
