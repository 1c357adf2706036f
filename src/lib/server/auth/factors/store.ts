// The second factors of an account: list, add, remove, and the recovery codes. Every change ends
// the account's other sessions, marks this one as freshly checked and mails a notice, in one
// transaction (ASVS V6.3.3, V7.4.3).
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import { recoveryCodes, sessions, userFactors, users } from '../../../../../db/schema.ts';
import type { Executor } from '../../../../../db/client.ts';
import { getDb } from '../../platform/db.ts';
import { HttpError } from '../../platform/http.ts';
import { log } from '../../platform/log.ts';
import { enqueueEmail } from '../../mail/email.ts';
import { type SecurityEvent, securityNoticeEmail } from '../../mail/security-email.ts';
import { generateRecoveryCode, hashRecoveryCode, RECOVERY_CODE_COUNT } from './secrets.ts';

export interface FactorSummary {
  id: string;
  kind: 'totp' | 'passkey';
  name: string;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export async function listFactors(userId: string, tx?: Executor): Promise<FactorSummary[]> {
  const db = tx ?? (await getDb());
  return db
    .select({
      id: userFactors.id,
      kind: userFactors.kind,
      name: userFactors.name,
      createdAt: userFactors.createdAt,
      lastUsedAt: userFactors.lastUsedAt,
    })
    .from(userFactors)
    .where(eq(userFactors.userId, userId))
    .orderBy(asc(userFactors.createdAt));
}

/** The credential ids of the account's passkeys (so the browser does not register one twice). */
export async function listPasskeyIds(userId: string): Promise<string[]> {
  const db = await getDb();
  const rows = await db
    .select({ id: userFactors.credentialId })
    .from(userFactors)
    .where(and(eq(userFactors.userId, userId), eq(userFactors.kind, 'passkey')));
  return rows.flatMap((r) => (r.id ? [r.id] : []));
}

export async function recoveryCodesLeft(userId: string, tx?: Executor): Promise<number> {
  const db = tx ?? (await getDb());
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  return row?.n ?? 0;
}

/** Mails a security notice to the account's address, in the caller's transaction. */
export async function notify(tx: Executor, userId: string, event: SecurityEvent): Promise<void> {
  const [user] = await tx.select({ email: users.email, firstName: users.firstName }).from(users).where(
    eq(users.id, userId),
  );
  if (user) await enqueueEmail(tx, securityNoticeEmail(user.email, user.firstName, event));
}

/** Ends every session of the user but `keepSessionId`, and marks that one as checked now. */
async function afterFactorChange(tx: Executor, userId: string, keepSessionId: string | null): Promise<void> {
  await tx
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
  if (keepSessionId) {
    await tx.update(sessions).set({ factorVerifiedAt: new Date() }).where(eq(sessions.id, keepSessionId));
  }
}

/** Replaces the recovery codes with ten new ones; the codes are returned once and stored as hashes. */
export async function replaceRecoveryCodes(tx: Executor, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

export type NewFactor =
  | { kind: 'totp'; name: string; totpSecret: string; totpLastStep: number }
  | { kind: 'passkey'; name: string; credentialId: string; publicKey: string; algorithm: number };

/**
 * Stores a new factor. The first factor of an account comes with its ten recovery codes (returned
 * to show once); later factors return none.
 */
export async function addFactor(
  userId: string,
  keepSessionId: string,
  factor: NewFactor,
): Promise<{ id: string; recoveryCodes: string[] | null }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [inserted] = await tx.insert(userFactors).values({ userId, ...factor }).onConflictDoNothing().returning({
      id: userFactors.id,
    });
    if (!inserted) {
      throw new HttpError(
        409,
        factor.kind === 'totp'
          ? 'An authenticator app is already set up. Remove it first to set up another.'
          : 'This passkey is already registered.',
      );
    }
    const codes = (await recoveryCodesLeft(userId, tx)) === 0 ? await replaceRecoveryCodes(tx, userId) : null;
    await afterFactorChange(tx, userId, keepSessionId);
    await notify(tx, userId, { kind: 'factor-added', factor: factorLabel(factor) });
    return { id: inserted.id, recoveryCodes: codes };
  });
  log('info', 'second factor added', { userId, kind: factor.kind });
  return result;
}

export function factorLabel(factor: { kind: 'totp' | 'passkey'; name: string }): string {
  return factor.kind === 'totp' ? 'An authenticator app' : `The passkey "${factor.name}"`;
}

/** Removes one factor; with the last one the recovery codes go too. */
export async function removeFactor(userId: string, keepSessionId: string, factorId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(userFactors)
      .where(and(eq(userFactors.id, factorId), eq(userFactors.userId, userId)))
      .returning({ kind: userFactors.kind, name: userFactors.name });
    if (!removed) throw new HttpError(404, 'That second factor was not found.');
    if ((await listFactors(userId, tx)).length === 0) {
      await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
    }
    await afterFactorChange(tx, userId, keepSessionId);
    await notify(tx, userId, { kind: 'factor-removed', factor: factorLabel(removed) });
  });
  log('info', 'second factor removed', { userId });
}

/** An admin's reset: every factor and code removed, every session ended (audit-logged by the caller). */
export async function resetFactors(tx: Executor, userId: string): Promise<number> {
  const removed = await tx.delete(userFactors).where(eq(userFactors.userId, userId)).returning({ id: userFactors.id });
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await afterFactorChange(tx, userId, null);
  await notify(tx, userId, { kind: 'factors-reset' });
  return removed.length;
}

/** New recovery codes for an account that has a factor (the old ones stop working). */
export async function regenerateRecoveryCodes(userId: string): Promise<string[]> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    if ((await listFactors(userId, tx)).length === 0) {
      throw new HttpError(400, 'Set up a second factor first; recovery codes come with it.');
    }
    return replaceRecoveryCodes(tx, userId);
  });
}
