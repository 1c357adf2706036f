import type { APIRoute } from 'astro';
import { requireUser } from '../../../../lib/server/auth/guards.ts';
import { listFactors, recoveryCodesLeft } from '../../../../lib/server/auth/factors/store.ts';
import { passkeysAvailable } from '../../../../lib/server/auth/factors/webauthn.ts';

/** The signed-in account's second factors (never their secrets) and its unused recovery codes. */
export const GET: APIRoute = async (context) => {
  const user = requireUser(context);
  const [factors, recoveryCodes] = await Promise.all([listFactors(user.id), recoveryCodesLeft(user.id)]);
  return Response.json({ factors, recoveryCodesLeft: recoveryCodes, passkeysAvailable: passkeysAvailable() });
};
