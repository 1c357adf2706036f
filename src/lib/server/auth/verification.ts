// Following a verification link (docs/SECURITY.md): the address is confirmed only with proof
// that the visitor is the one who signed up, and accounts nobody verified are deleted in time.
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import { emailVerificationTokens, sessions, type User, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { enqueueEmail, passwordChangedEmail } from '../mail/email.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { constantTimeEqualText, hashToken } from '../platform/tokens.ts';
import { describeError, log } from '../platform/log.ts';
import { applyConfiguredRole } from './roles.ts';
import { assertPasswordAllowed, UNVERIFIED_ACCOUNT_TTL_MS } from './credentials.ts';
import { countVisitorResults } from '../learning/visitor-results.ts';

/** What following a verification link came to (null: the link is invalid or has expired). */
export type Verification =
  | { kind: 'verified'; user: User; passwordChanged: boolean }
  | { kind: 'confirm'; user: User }
  | { kind: 'wrong-password'; user: User };

/** How the visitor proves the account is theirs, beyond holding the link. */
export interface VerificationProof {
  /** The secret of this browser's sign-up cookie, when it has one. */
  signupClient?: string | null;
  /** The password chosen at sign-up. */
  password?: string;
  /** A new password ("I didn't sign up here / forgot it"); sign-up rules, checked by the caller's schema. */
  newPassword?: string;
}

/**
 * Follows a verification link. The address is confirmed at once only from the browser that signed
 * up for this very account (its sign-up cookie matches the account's); from anywhere else only with
 * the password chosen at sign-up, or with a new password, which replaces the old one and ends every
 * session of the account. Until then nothing changes: the address stays unverified, the sign-up
 * password keeps working and the link can be resent. So nobody can squat an address, nobody is
 * signed in to an account by someone else's link, and the owner is never locked out.
 */
export async function verifyEmailToken(token: string, proof: VerificationProof = {}): Promise<Verification | null> {
  if (!token || token.length > 200) return null;
  const db = await getDb();
  const tokenHash = hashToken(token);
  const [found] = await db
    .select({ user: users, expiresAt: emailVerificationTokens.expiresAt })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  if (!found || found.expiresAt.getTime() <= Date.now()) return null;
  const { user } = found;
  const sameClient = Boolean(
    proof.signupClient && user.signupClientHash &&
      constantTimeEqualText(hashToken(proof.signupClient), user.signupClientHash),
  );
  let passwordHash: string | undefined;
  if (!sameClient) {
    if (proof.newPassword !== undefined) {
      assertPasswordAllowed(proof.newPassword, 'newPassword');
      passwordHash = await hashPassword(proof.newPassword);
    } else if (proof.password !== undefined) {
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, proof.password))) {
        return { kind: 'wrong-password', user };
      }
    } else {
      return { kind: 'confirm', user };
    }
  }
  const verified = await db.transaction(async (tx) => {
    // Single use: of parallel confirmations, only the one that deletes the token goes on.
    const [consumed] = await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.tokenHash, tokenHash))
      .returning();
    if (!consumed) return null;
    const [updated] = await tx
      .update(users)
      .set({
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, now())`,
        signupClientHash: null,
        ...(passwordHash ? { passwordHash } : {}),
      })
      .where(eq(users.id, user.id))
      .returning();
    await tx.delete(emailVerificationTokens).where(eq(emailVerificationTokens.userId, user.id));
    if (passwordHash) {
      await tx.delete(sessions).where(eq(sessions.userId, user.id));
      await enqueueEmail(tx, passwordChangedEmail(updated.email, updated.firstName));
    }
    return updated;
  });
  if (!verified) return null;
  if (passwordHash) log('info', 'email verified with a new password: other sessions ended', { userId: verified.id });
  const account = await applyConfiguredRole(verified);
  // Quizzes taken before sign-up count now, once (visitor-results.ts). The address is verified
  // whatever happens here: a failure is logged, and the results stay kept, uncounted.
  await countVisitorResults(account).catch((error) =>
    log('error', 'visitor quiz results not counted', { userId: account.id, ...describeError(error) })
  );
  return { kind: 'verified', user: account, passwordChanged: Boolean(passwordHash) };
}

/** Deletes accounts nobody verified within UNVERIFIED_ACCOUNT_TTL_MS (their tokens go with them). */
export async function deleteStaleUnverifiedAccounts(now = new Date()): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(users)
    .where(and(isNull(users.emailVerifiedAt), lt(users.createdAt, new Date(now.getTime() - UNVERIFIED_ACCOUNT_TTL_MS))))
    .returning({ id: users.id });
  return deleted.length;
}
