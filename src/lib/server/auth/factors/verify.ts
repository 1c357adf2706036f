// Checking a second factor: an authenticator-app code (each 30-second step accepted once), a
// recovery code (single use, mailed about) or a passkey's signature.
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { generateHOTP } from '@oslojs/otp';
import { z } from 'zod';
import { recoveryCodes, userFactors } from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import { log } from '../../platform/log.ts';
import { decryptSecret, hashRecoveryCode } from './secrets.ts';
import { notify, recoveryCodesLeft } from './store.ts';
import { type AssertionInput, verifyAssertion } from './webauthn.ts';

export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;

const text = (max: number) => z.string().max(max);
const assertion = z.object({
  credentialId: text(1024),
  authenticatorData: text(4096),
  clientDataJSON: text(4096),
  signature: text(2048),
});

/** What a person offers as a second factor: exactly one of these. */
export const factorProofSchema = z.object({
  code: text(20).optional(),
  recoveryCode: text(64).optional(),
  passkey: assertion.optional(),
});
export type FactorProof = z.infer<typeof factorProofSchema>;

export type FactorMethod = 'totp' | 'recovery-code' | 'passkey';

/**
 * The step a code matches, within one step either side of now (clock drift), or null. A code is
 * six digits; spaces are ignored.
 */
export function matchingStep(key: Uint8Array, code: string, now = Date.now()): number | null {
  const typed = code.replace(/\s/g, '');
  if (!/^\d{6}$/.test(typed)) return null;
  const step = Math.floor(now / 1000 / TOTP_PERIOD_S);
  for (const candidate of [step, step - 1, step + 1]) {
    if (totpAt(key, candidate) === typed) return candidate;
  }
  return null;
}

/** The code of one step: TOTP is HOTP with the step as its counter (RFC 6238 section 4). */
export function totpAt(key: Uint8Array, step: number): string {
  return generateHOTP(key, BigInt(step), TOTP_DIGITS);
}

async function verifyTotp(userId: string, code: string): Promise<boolean> {
  const db = await getDb();
  const [factor] = await db
    .select({ id: userFactors.id, secret: userFactors.totpSecret })
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.kind, 'totp')));
  if (!factor?.secret) return false;
  const step = matchingStep(decryptSecret(factor.secret), code);
  if (step === null) return false;
  // Accepted once: the step moves forward only if no one used this step (or a later one) before.
  const used = await db
    .update(userFactors)
    .set({ totpLastStep: step, lastUsedAt: new Date() })
    .where(and(
      eq(userFactors.id, factor.id),
      or(isNull(userFactors.totpLastStep), lt(userFactors.totpLastStep, step)),
    ))
    .returning({ id: userFactors.id });
  return used.length === 1;
}

async function verifyRecoveryCode(userId: string, code: string): Promise<boolean> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const used = await tx
      .update(recoveryCodes)
      .set({ usedAt: new Date() })
      .where(and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecoveryCode(code)),
        isNull(recoveryCodes.usedAt),
      ))
      .returning({ userId: recoveryCodes.userId });
    if (used.length !== 1) return false;
    await notify(tx, userId, { kind: 'recovery-code-used', remaining: await recoveryCodesLeft(userId, tx) });
    return true;
  });
}

/** The passkey named by the assertion, if it is this user's (or anyone's, when userId is null). */
export async function findPasskey(credentialId: string, userId: string | null) {
  const db = await getDb();
  const [factor] = await db
    .select()
    .from(userFactors)
    .where(and(
      eq(userFactors.credentialId, credentialId),
      eq(userFactors.kind, 'passkey'),
      userId ? eq(userFactors.userId, userId) : sql`true`,
    ));
  return factor;
}

export async function verifyPasskey(input: AssertionInput, userId: string | null): Promise<string | null> {
  const factor = await findPasskey(input.credentialId, userId);
  if (!factor?.publicKey || factor.algorithm === null) return null;
  if (!(await verifyAssertion(input, { publicKey: factor.publicKey, algorithm: factor.algorithm }))) return null;
  const db = await getDb();
  await db.update(userFactors).set({ lastUsedAt: new Date() }).where(eq(userFactors.id, factor.id));
  return factor.userId;
}

/** The method that proved the factor, or null when the proof is wrong (or names none). */
export async function verifyFactorProof(userId: string, proof: FactorProof): Promise<FactorMethod | null> {
  let method: FactorMethod | null = null;
  if (proof.passkey) method = (await verifyPasskey(proof.passkey, userId)) ? 'passkey' : null;
  else if (proof.code) method = (await verifyTotp(userId, proof.code)) ? 'totp' : null;
  else if (proof.recoveryCode) method = (await verifyRecoveryCode(userId, proof.recoveryCode)) ? 'recovery-code' : null;
  log('info', method ? 'second factor accepted' : 'second factor refused', { userId, method });
  return method;
}

export function hasProof(proof: FactorProof): boolean {
  return Boolean(proof.passkey || proof.code || proof.recoveryCode);
}
