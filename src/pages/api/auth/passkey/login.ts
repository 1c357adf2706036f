import type { APIRoute } from 'astro';
import { z } from 'zod';
import { jsonError, readJson } from '../../../../lib/server/platform/http.ts';
import { verifyPasskey } from '../../../../lib/server/auth/factors/verify.ts';
import { completeSignIn } from '../../../../lib/server/auth/factors/sign-in.ts';
import { hitLimit, limits, refundLimit } from '../../../../lib/server/platform/rate-limit.ts';
import { clientIp } from '../../../../lib/server/platform/client-ip.ts';
import { tooManySignIns } from '../../../../lib/server/platform/limit-responses.ts';
import { log } from '../../../../lib/server/platform/log.ts';
import { factorProofSchema } from '../../../../lib/server/auth/factors/verify.ts';

const passkeyLoginSchema = z.object({
  passkey: factorProofSchema.shape.passkey.unwrap(),
  rememberMe: z.boolean().optional().default(true),
});

/** "Sign in with a passkey": a passkey with user verification is a whole sign-in (two factors in one). */
export const POST: APIRoute = async (context) => {
  const { passkey, rememberMe } = await readJson(context, passkeyLoginSchema);
  const ip = clientIp(context);
  const byClient = limits.loginFailures(ip);
  const slot = await hitLimit(byClient);
  if (!slot.allowed) return tooManySignIns(slot.retryAfterSeconds);
  const userId = await verifyPasskey(passkey, null);
  if (!userId) {
    log('info', 'sign-in failed', { ip, reason: 'passkey' });
    return jsonError(401, 'That passkey is not registered here, or it could not be checked.');
  }
  await refundLimit(byClient);
  return completeSignIn(context, userId, rememberMe, 'passkey');
};
