import type { APIRoute } from 'astro';
import { requireUser } from '../../../../../lib/server/auth/guards.ts';
import { newTotpKey } from '../../../../../lib/server/auth/factors/totp.ts';

/** A new key for an authenticator app; nothing is stored until a code from the app confirms it. */
export const POST: APIRoute = (context) => {
  const user = requireUser(context);
  return Response.json(newTotpKey(user.email), { headers: { 'Cache-Control': 'no-store' } });
};
