import type { APIRoute } from 'astro';
import { readJson } from '../../../lib/server/platform/http.ts';
import { requireUser } from '../../../lib/server/auth/guards.ts';
import { confirmIdentity, markFactorVerified } from '../../../lib/server/auth/factors/confirm.ts';
import { factorProofSchema } from '../../../lib/server/auth/factors/verify.ts';

/** Proves a second factor again in this session (authors and admins every 15 minutes before publishing). */
export const POST: APIRoute = async (context) => {
  const user = requireUser(context);
  const proof = await readJson(context, factorProofSchema);
  await confirmIdentity(context, user.id, proof, { allowPassword: false });
  await markFactorVerified(context.locals.session!.id);
  return Response.json({ message: 'Confirmed.' });
};
