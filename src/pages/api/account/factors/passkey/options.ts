import type { APIRoute } from 'astro';
import { jsonError } from '../../../../../lib/server/platform/http.ts';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { createChallenge, relyingPartyId } from '../../../../../lib/server/auth/factors/webauthn.ts';
import { listPasskeyIds } from '../../../../../lib/server/auth/factors/store.ts';

/** What the browser needs to create a passkey for this account (the challenge is single use). */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const rpId = relyingPartyId();
  if (!rpId) return jsonError(404, 'Passkeys are not available on this site.');
  return Response.json({
    challenge: await createChallenge(),
    rpId,
    user: { id: user.id, name: user.email, displayName: `${user.firstName} ${user.lastName}`.trim() },
    excludeCredentialIds: await listPasskeyIds(user.id),
  });
};
