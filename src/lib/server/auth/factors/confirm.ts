// Asking again who someone is: the second factor at sign-in, and the password or a factor before
// ending sessions, changing factors or (for staff) publishing. Every wrong answer counts against
// the client's sign-in limit and the account's factor limit (NIST SP 800-63B 5.2.2).
import type { APIContext } from 'astro';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { sessions } from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import { HttpError } from '../../platform/http.ts';
import { clientIp } from '../../platform/client-ip.ts';
import { hitLimit, type Limit, limits, peekLimit, refundLimit } from '../../platform/rate-limit.ts';
import { checkCurrentPassword } from '../credentials.ts';
import { type FactorMethod, factorProofSchema, hasProof, verifyFactorProof } from './verify.ts';

/** Wrong second-factor answers for one account, from any client, in ten minutes. */
export const factorFailures = (userId: string): Limit => ({
  key: `factor-fail:user:${userId}`,
  max: 10,
  windowMs: 10 * 60_000,
});

export const confirmSchema = factorProofSchema.extend({ password: z.string().max(256).optional() });
export type Confirmation = z.infer<typeof confirmSchema>;

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

function tooMany(seconds: number): HttpError {
  return new HttpError(
    429,
    `Too many wrong answers. Please wait ${minutes(seconds)} minute(s) and try again.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

/**
 * Checks a second factor (or, when `allowPassword`, the password instead) under the limits; the
 * method that passed, or a 401/403 with a message naming what was wrong, or a 429.
 */
export async function confirmIdentity(
  context: Pick<APIContext, 'request' | 'clientAddress'>,
  userId: string,
  answer: Confirmation,
  options: { allowPassword: boolean; status?: 401 | 403 },
): Promise<FactorMethod | 'password'> {
  const usesPassword = options.allowPassword && !hasProof(answer) && answer.password !== undefined;
  if (!usesPassword && !hasProof(answer)) {
    const message = options.allowPassword
      ? 'Enter your password or a second factor to confirm it is you.'
      : 'Enter a code from your authenticator app, a recovery code, or use a passkey.';
    throw new HttpError(400, message, { code: message });
  }
  if (!usesPassword) {
    const account = await peekLimit(factorFailures(userId));
    if (!account.allowed) throw tooMany(account.retryAfterSeconds);
  }
  const byClient = limits.loginFailures(clientIp(context));
  const clientSlot = await hitLimit(byClient);
  if (!clientSlot.allowed) throw tooMany(clientSlot.retryAfterSeconds);
  const method = usesPassword
    ? ((await checkCurrentPassword(userId, answer.password)) ? 'password' as const : null)
    : await verifyFactorProof(userId, answer);
  if (!method) {
    if (!usesPassword) {
      const account = await hitLimit(factorFailures(userId));
      if (!account.allowed) throw tooMany(account.retryAfterSeconds);
    }
    const message = usesPassword ? 'Your password is not right.' : 'That code or passkey is not right.';
    throw new HttpError(options.status ?? 403, message, { [usesPassword ? 'password' : 'code']: message });
  }
  await refundLimit(byClient);
  return method;
}

/** Marks the signed-in session as having proved a factor now (the staff's 15-minute re-check). */
export async function markFactorVerified(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set({ factorVerifiedAt: new Date() }).where(eq(sessions.id, sessionId));
}

const RECENT_SIGN_IN_MS = 10 * 60 * 1000;

/**
 * Before ending sessions or changing factors: the password or a factor; an account with neither
 * (Google sign-in only) is trusted for ten minutes after signing in, as account deletion is.
 */
export async function confirmAccountChange(
  context: Pick<APIContext, 'request' | 'clientAddress'>,
  user: { id: string; hasPassword: boolean; hasFactor?: boolean },
  session: { createdAt: Date },
  answer: Confirmation,
): Promise<FactorMethod | 'password' | 'recent-sign-in'> {
  if (!user.hasPassword && !user.hasFactor && !hasProof(answer)) {
    if (Date.now() - session.createdAt.getTime() < RECENT_SIGN_IN_MS) return 'recent-sign-in';
    throw new HttpError(403, 'Please sign in again to confirm it is you, then try once more.');
  }
  return await confirmIdentity(context, user.id, answer, { allowPassword: user.hasPassword });
}
