import type { APIRoute } from 'astro';
import { jsonError } from '../../../../lib/server/platform/http.ts';
import { challengeLimit, createChallenge, relyingPartyId } from '../../../../lib/server/auth/factors/webauthn.ts';
import { hitLimit } from '../../../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../../../lib/server/platform/client-ip.ts';
import { tooManyRequests } from '../../../../lib/server/platform/limit-responses.ts';

/** A single-use challenge for signing in with a passkey (or answering the second step with one). */
export const POST: APIRoute = async (context) => {
  const rpId = relyingPartyId();
  if (!rpId) return jsonError(404, 'Passkeys are not available on this site.');
  const slot = await hitLimit(challengeLimit(clientIp(context)));
  if (!slot.allowed) {
    return tooManyRequests('Too many passkey requests. Please wait a minute and try again.', slot.retryAfterSeconds);
  }
  return Response.json({ challenge: await createChallenge(), rpId });
};
