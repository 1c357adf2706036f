// Accounts: sign-up, verification, sign-in, password reset and set. No user enumeration: the
// answers for known and unknown addresses are the same (DESIGN.md difference 7).
import { and, eq, gt, sql } from 'drizzle-orm';
import { emailVerificationTokens, passwordResetTokens, users, type User } from '../../../db/schema.ts';
import { getDb } from './db.ts';
import { getEnv } from './env.ts';
import {
  accountExistsEmail,
  enqueueEmail,
  passwordChangedEmail,
  resetEmail,
  verificationEmail,
  type EmailKind,
  type EmailMessage,
} from './email.ts';
import type { Executor } from '../../../db/client.ts';
import { hashPassword, isCommonPassword, verifyDummyPassword, verifyPassword } from './password.ts';
import { hitLimit, limits } from './rate-limit.ts';
import { generateRandomToken, hashToken } from './tokens.ts';
import { HttpError } from './http.ts';
import { messages } from '../password-rules.ts';
import { invalidateUserSessions } from './session.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${normalizeEmail(email)}`)
    .limit(1);
  return user;
}

export async function findUserById(id: string): Promise<User | undefined> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** Refuses the 10,000 most common passwords (the length rules are in the request schemas). */
export function assertPasswordAllowed(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw new HttpError(400, messages.common, { [field]: messages.common });
}

/**
 * One e-mail a minute per address and kind. Over the limit the mail is simply not queued; the
 * response never changes (DESIGN.md "Contract details").
 */
async function mayEmail(kind: EmailKind, address: string): Promise<boolean> {
  return (await hitLimit(limits.emailPerAddress(kind, address))).allowed;
}

async function queueIfAllowed(tx: Executor, message: EmailMessage, allowed: boolean): Promise<void> {
  if (allowed) await enqueueEmail(tx, message);
}

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber: string;
}

export async function signUp(input: SignUpInput): Promise<void> {
  assertPasswordAllowed(input.password);
  const email = input.email.trim();
  // Hash first in both branches, so a taken address takes as long as a new one.
  const passwordHash = await hashPassword(input.password);
  const existing = await findUserByEmail(email);
  const db = await getDb();
  if (existing) {
    const allowed = await mayEmail('account-exists', email);
    await db.transaction(async (tx) => queueIfAllowed(tx, accountExistsEmail(existing.email, existing.firstName), allowed));
    return;
  }
  const token = generateRandomToken();
  const allowed = await mayEmail('verify-email', email);
  await db.transaction(async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email,
        firstName: input.firstName.trim(),
        lastName: input.lastName.trim(),
        phoneNumber: input.phoneNumber,
        passwordHash,
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return; // a parallel sign-up with the same address won the race
    await tx.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    await queueIfAllowed(tx, verificationEmail(user.email, user.firstName, token), allowed);
  });
}

export async function resendVerification(emailInput: string): Promise<void> {
  const user = await findUserByEmail(emailInput);
  if (!user || user.emailVerifiedAt) return;
  if (!(await mayEmail('verify-email', user.email))) return;
  const token = generateRandomToken();
  const db = await getDb();
  await db.transaction(async (tx) => {
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    await tx.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    await enqueueEmail(tx, verificationEmail(user.email, user.firstName, token));
  });
}

/** Role from ADMIN_EMAILS, applied when an account is verified or signs in. */
export async function applyConfiguredRole(user: User): Promise<User> {
  const admin = getEnv().ADMIN_EMAILS.includes(normalizeEmail(user.email));
  if (admin && user.role !== 'admin') {
    const db = await getDb();
    const [updated] = await db.update(users).set({ role: 'admin' }).where(eq(users.id, user.id)).returning();
    return updated;
  }
  return user;
}

/** Consumes a verification token (single use, atomic) and marks the e-mail verified. */
export async function verifyEmailToken(token: string): Promise<User | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const [consumed] = await db
    .delete(emailVerificationTokens)
    .where(eq(emailVerificationTokens.tokenHash, hashToken(token)))
    .returning();
  if (!consumed || consumed.expiresAt.getTime() <= Date.now()) return null;
  const [user] = await db
    .update(users)
    .set({ emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
    .where(eq(users.id, consumed.userId))
    .returning();
  return user ? applyConfiguredRole(user) : null;
}

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'unverified'; user: User };

export async function checkCredentials(emailInput: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(emailInput);
  if (!user || !user.passwordHash) {
    await verifyDummyPassword(password);
    return { ok: false, reason: 'invalid' };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: 'invalid' };
  if (!user.emailVerifiedAt) return { ok: false, reason: 'unverified', user };
  return { ok: true, user: await applyConfiguredRole(user) };
}

export async function requestPasswordReset(emailInput: string): Promise<void> {
  const user = await findUserByEmail(emailInput);
  if (!user) return;
  if (!(await mayEmail('reset-password', user.email))) return;
  const token = generateRandomToken();
  const db = await getDb();
  await db.transaction(async (tx) => {
    // A new request replaces the old token (one row per user).
    await tx
      .insert(passwordResetTokens)
      .values({ tokenHash: hashToken(token), userId: user.id, expiresAt: new Date(Date.now() + RESET_TTL_MS) })
      .onConflictDoUpdate({
        target: passwordResetTokens.userId,
        set: { tokenHash: hashToken(token), expiresAt: new Date(Date.now() + RESET_TTL_MS), createdAt: new Date() },
      });
    await enqueueEmail(tx, resetEmail(user.email, user.firstName, token));
  });
}

export async function isResetTokenValid(token: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  const db = await getDb();
  const [row] = await db
    .select({ userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  return Boolean(row);
}

/** Consumes the reset token (atomic), sets the password and ends every session of the user. */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  if (!token || token.length > 200) return false;
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      .returning();
    if (!consumed || consumed.expiresAt.getTime() <= Date.now()) return false;
    // Following the e-mailed link also proves the address.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, consumed.userId))
      .returning();
    if (!user) return false;
    await tx.execute(sql`delete from sessions where user_id = ${user.id}`);
    await enqueueEmail(tx, passwordChangedEmail(user.email, user.firstName));
    return true;
  });
}

/** Sets the signed-in user's password and ends their other sessions. */
export async function setPassword(userId: string, keepSessionId: string, password: string): Promise<void> {
  assertPasswordAllowed(password);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash }).where(eq(users.id, userId)).returning();
    if (!user) throw new HttpError(404, 'User session not found. Please try signing up again.');
    await enqueueEmail(tx, passwordChangedEmail(user.email, user.firstName));
  });
  await invalidateUserSessions(userId, keepSessionId);
}

export async function updateZipCode(userId: string, zipCode: string | null): Promise<User> {
  const db = await getDb();
  const [user] = await db.update(users).set({ zipCode }).where(eq(users.id, userId)).returning();
  return user;
}
