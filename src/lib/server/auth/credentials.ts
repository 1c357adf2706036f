// Credentials: sign-up, sign-in, password reset and set (verification: verification.ts). No user enumeration: the
// answers, and the work done before answering, are the same for known and unknown addresses
// (docs/DESIGN.md difference 7; docs/SECURITY.md).
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import {
  emailOutbox,
  emailVerificationTokens,
  passwordResetTokens,
  sessions,
  type User,
  users,
} from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import {
  accountExistsEmail,
  type EmailKind,
  type EmailMessage,
  enqueueEmail,
  passwordChangedEmail,
  type RequestKind,
  resetEmail,
  verificationEmail,
} from '../mail/email.ts';
import type { Executor } from '../../../../db/client.ts';
import { hashPassword, verifyDummyPassword, verifyPassword } from './password.ts';
import { assertPasswordAllowed, type PasswordContext } from './password-list.ts';
import { hitLimit, limits } from '../platform/rate-limit.ts';
import { generateRandomToken, hashToken } from '../platform/tokens.ts';
import { HttpError } from '../platform/http.ts';
import { invalidateUserSessions } from './session.ts';
import { applyConfiguredRole } from './roles.ts';
import { keepVisitorResults } from '../learning/visitor-results.ts';
import { clearAccountFailures } from './sign-in-guard.ts';
import { keepLaterSignup } from './owner-reset.ts';
import type { VisitorQuizResult } from '../../schemas.ts';

export { applyConfiguredRole } from './roles.ts';
export { assertPasswordAllowed } from './password-list.ts';

export const VERIFICATION_TTL_MS = 24 * 60 * 60 * 1000;
export const RESET_TTL_MS = 60 * 60 * 1000;
/** An account nobody verified is deleted after this long, so no address is blocked for good. */
export const UNVERIFIED_ACCOUNT_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserByEmail(email: string, tx?: Executor): Promise<User | undefined> {
  const db = tx ?? (await getDb());
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

/**
 * One e-mail a minute per address and kind (and five reset e-mails an hour per account). Over the
 * limit the mail is simply not queued; the response never changes (docs/DESIGN.md, "API conventions").
 */
async function mayEmail(kind: EmailKind, address: string): Promise<boolean> {
  if (!(await hitLimit(limits.emailPerAddress(kind, address))).allowed) return false;
  return kind !== 'reset-password' || (await hitLimit(limits.resetEmailsPerAccount(address))).allowed;
}

const isStaleUnverified = (user: User, now = Date.now()) =>
  !user.emailVerifiedAt && now - user.createdAt.getTime() >= UNVERIFIED_ACCOUNT_TTL_MS;

export interface SignUpInput {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  phoneNumber?: string;
  /** Beginner quizzes taken before signing up, already checked against their lessons (visitor-results.ts). */
  quizResults?: readonly VisitorQuizResult[];
}

/**
 * Creates the account (unverified) and queues its verification e-mail. `signupClient` is the
 * secret of the sign-up cookie the endpoint gives this client: only its hash is stored, and
 * verifying from the same client keeps the password chosen here.
 */
export async function signUp(input: SignUpInput, signupClient: string): Promise<void> {
  assertPasswordAllowed(input.password, 'password', input);
  const email = input.email.trim();
  // Hash first in both branches, so a taken address takes as long as a new one.
  const passwordHash = await hashPassword(input.password);
  let existing = await findUserByEmail(email);
  const db = await getDb();
  if (existing && isStaleUnverified(existing)) {
    await db.delete(users).where(and(eq(users.id, existing.id), isNull(users.emailVerifiedAt)));
    existing = undefined;
  }
  if (existing) {
    // A verified owner is told someone tried; an unverified account gets a fresh link (only the
    // address's owner can use it, and verifying from this client still clears the first password).
    const owner = existing;
    if (owner.emailVerifiedAt) {
      if (await mayEmail('account-exists', email)) {
        await db.transaction((tx) => enqueueEmail(tx, accountExistsEmail(owner.email, owner.firstName)));
      }
    } else {
      // Kept for this browser: following the link from it makes the account what was chosen here (owner-reset.ts).
      await keepLaterSignup(owner.id, signupClient, passwordHash, {
        firstName: input.firstName,
        lastName: input.lastName,
        phoneNumber: input.phoneNumber ?? '',
        quizResults: input.quizResults ?? [],
      });
      if (await mayEmail('verify-email', owner.email)) {
        await db.transaction(async (tx) => enqueueEmail(tx, await replaceVerificationToken(tx, owner)));
      }
    }
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
        phoneNumber: input.phoneNumber ?? '',
        passwordHash,
        signupClientHash: hashToken(signupClient),
      })
      .onConflictDoNothing()
      .returning();
    if (!user) return; // a parallel sign-up with the same address won the race
    await keepVisitorResults(tx, user.id, input.quizResults ?? []);
    await tx.insert(emailVerificationTokens).values({
      tokenHash: hashToken(token),
      userId: user.id,
      expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
    });
    if (allowed) await enqueueEmail(tx, verificationEmail(user.email, token));
  });
}

async function replaceVerificationToken(tx: Executor, user: User): Promise<EmailMessage> {
  const token = generateRandomToken();
  await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
  await tx.insert(emailVerificationTokens).values({
    tokenHash: hashToken(token),
    userId: user.id,
    expiresAt: new Date(Date.now() + VERIFICATION_TTL_MS),
  });
  return verificationEmail(user.email, token);
}

// Forgot-password and resend-verification do the same work for every address: they queue a
// request (REQUEST_KINDS, email.ts), and the outbox worker decides whether it becomes an e-mail
// by calling composeRequestedEmail, which serve.ts hands it.
async function queueRequest(kind: RequestKind, emailInput: string): Promise<void> {
  const db = await getDb();
  await db.insert(emailOutbox).values({ kind, toAddress: normalizeEmail(emailInput), subject: '', text: '', html: '' });
}

export function requestPasswordReset(emailInput: string): Promise<void> {
  return queueRequest('reset-password-request', emailInput);
}

export function resendVerification(emailInput: string): Promise<void> {
  return queueRequest('verify-email-request', emailInput);
}

/**
 * Turns a queued request into the e-mail it asks for, in the worker: a reset link for a known
 * account, a new verification link for an unverified one. Null when there is nothing to send (no
 * such account, already verified, or over the per-address limits).
 */
export async function composeRequestedEmail(kind: RequestKind, address: string): Promise<EmailMessage | null> {
  const user = await findUserByEmail(address);
  if (!user || isStaleUnverified(user)) return null;
  const db = await getDb();
  if (kind === 'verify-email-request') {
    if (user.emailVerifiedAt || !(await mayEmail('verify-email', user.email))) return null;
    return db.transaction((tx) => replaceVerificationToken(tx, user));
  }
  if (!(await mayEmail('reset-password', user.email))) return null;
  const token = generateRandomToken();
  const expiresAt = new Date(Date.now() + RESET_TTL_MS);
  // A new request replaces the old token (one row per user).
  await db
    .insert(passwordResetTokens)
    .values({ tokenHash: hashToken(token), userId: user.id, expiresAt })
    .onConflictDoUpdate({
      target: passwordResetTokens.userId,
      set: { tokenHash: hashToken(token), expiresAt, createdAt: new Date() },
    });
  return resetEmail(user.email, user.emailVerifiedAt ? user.firstName : null, token);
}

export type LoginResult =
  | { ok: true; user: User }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'unverified'; user: User };

export async function checkCredentials(emailInput: string, password: string): Promise<LoginResult> {
  const user = await findUserByEmail(emailInput);
  if (!user || !user.passwordHash || isStaleUnverified(user)) {
    await verifyDummyPassword(password);
    return { ok: false, reason: 'invalid' };
  }
  if (!(await verifyPassword(user.passwordHash, password))) return { ok: false, reason: 'invalid' };
  if (!user.emailVerifiedAt) return { ok: false, reason: 'unverified', user };
  return { ok: true, user: await applyConfiguredRole(user) };
}

/** True when the token names a live reset request. A read: nothing is consumed or hashed. */
export async function isResetTokenValid(token: string): Promise<boolean> {
  return Boolean(await resetTokenOwner(token));
}

/** The address and names of the live reset request's account (the context words of its new password). */
async function resetTokenOwner(token: string): Promise<PasswordContext | undefined> {
  if (!token || token.length > 200) return undefined;
  const db = await getDb();
  const [row] = await db
    .select({ email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(and(eq(passwordResetTokens.tokenHash, hashToken(token)), gt(passwordResetTokens.expiresAt, new Date())))
    .limit(1);
  return row;
}

/**
 * Consumes the reset token (atomic), sets the password and ends every session of the user. The
 * token is checked before the password is hashed, so a made-up token costs no hash.
 */
export async function resetPassword(token: string, password: string): Promise<boolean> {
  const owner = await resetTokenOwner(token);
  if (!owner) return false;
  assertPasswordAllowed(password, 'password', owner);
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  const email = await db.transaction(async (tx) => {
    const [consumed] = await tx
      .delete(passwordResetTokens)
      .where(eq(passwordResetTokens.tokenHash, hashToken(token)))
      .returning();
    if (!consumed || consumed.expiresAt.getTime() <= Date.now()) return null;
    // Following the e-mailed link also proves the address.
    const [user] = await tx
      .update(users)
      .set({ passwordHash, signupClientHash: null, emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())` })
      .where(eq(users.id, consumed.userId))
      .returning();
    if (!user) return null;
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    await enqueueEmail(tx, passwordChangedEmail(user.email, user.firstName));
    return user.email;
  });
  if (email === null) return false;
  await clearAccountFailures(email); // the reset ends the back-off and the day's count (sign-in-guard.ts)
  return true;
}

/** True when `password` is the account's current password (false when it has none). */
export async function checkCurrentPassword(userId: string, password: string | undefined): Promise<boolean> {
  const user = await findUserById(userId);
  if (!user?.passwordHash || !password) return false;
  return verifyPassword(user.passwordHash, password);
}

/** Sets the signed-in user's password and ends their other sessions. */
export async function setPassword(userId: string, keepSessionId: string, password: string): Promise<void> {
  assertPasswordAllowed(password, 'password', await findUserById(userId));
  const passwordHash = await hashPassword(password);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [user] = await tx.update(users).set({ passwordHash, signupClientHash: null }).where(eq(users.id, userId))
      .returning();
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
