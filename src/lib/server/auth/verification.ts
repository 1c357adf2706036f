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
import { countVisitorResults, type SavedResults } from '../learning/visitor-results.ts';
import { laterSignupFor, type OwnerProfile, resetToOwner } from './owner-reset.ts';

/** What following a verification link came to (null: the link is invalid or has expired). */
export type Verification =
  | { kind: 'verified'; user: User; passwordChanged: boolean; saved?: SavedResults | null }
  | { kind: 'already'; user: User }
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
  /** The owner's names given with a new password (else they are left empty for the owner to fill in). */
  firstName?: string;
  lastName?: string;
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
    .select({ user: users, expiresAt: emailVerificationTokens.expiresAt, usedAt: emailVerificationTokens.usedAt })
    .from(emailVerificationTokens)
    .innerJoin(users, eq(users.id, emailVerificationTokens.userId))
    .where(eq(emailVerificationTokens.tokenHash, tokenHash))
    .limit(1);
  if (!found) return null;
  const { user } = found;
  // A second click on a link that did its work (a common double click): nothing to do, say so.
  if (found.usedAt && user.emailVerifiedAt) return { kind: 'already', user };
  if (found.usedAt || found.expiresAt.getTime() <= Date.now()) return null;
  const sameClient = Boolean(
    proof.signupClient && user.signupClientHash &&
      constantTimeEqualText(hashToken(proof.signupClient), user.signupClientHash),
  );
  let passwordHash: string | undefined;
  // Set when the owner takes the account over from whoever signed up first (owner-reset.ts).
  let owner: OwnerProfile | undefined;
  const later = sameClient ? undefined : await laterSignupFor(user.id, proof.signupClient);
  if (later) {
    // This browser signed up again with the address and holds the link: what it chose wins.
    ({ passwordHash } = later);
    owner = later;
  } else if (!sameClient) {
    if (proof.newPassword !== undefined) {
      assertPasswordAllowed(proof.newPassword, 'newPassword', {
        email: user.email,
        firstName: proof.firstName,
        lastName: proof.lastName,
      });
      passwordHash = await hashPassword(proof.newPassword);
      owner = { firstName: proof.firstName ?? '', lastName: proof.lastName ?? '', phoneNumber: '', quizResults: [] };
    } else if (proof.password !== undefined) {
      if (!user.passwordHash || !(await verifyPassword(user.passwordHash, proof.password))) {
        return { kind: 'wrong-password', user };
      }
    } else {
      return { kind: 'confirm', user };
    }
  }
  const verified = await db.transaction(async (tx) => {
    // Single use: of parallel confirmations, only the one that marks the token used goes on.
    const [consumed] = await tx.update(emailVerificationTokens).set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationTokens.tokenHash, tokenHash), isNull(emailVerificationTokens.usedAt)))
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
    // The account's other links are spent too: a click on any of them says "already confirmed".
    await tx.update(emailVerificationTokens).set({ usedAt: sql`now()` })
      .where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)));
    if (!owner) return updated;
    await resetToOwner(tx, user.id, owner);
    await tx.delete(sessions).where(eq(sessions.userId, user.id));
    // Greets the owner by the name they gave, or not at all: never with the squatter's text.
    if (!later) await enqueueEmail(tx, passwordChangedEmail(updated.email, owner.firstName));
    const { firstName, lastName, phoneNumber } = owner;
    return { ...updated, firstName, lastName, phoneNumber, zipCode: null };
  });
  if (!verified) return null;
  if (owner) log('info', 'email verified by its owner: account reset, other sessions ended', { userId: verified.id });
  const account = await applyConfiguredRole(verified);
  // Quizzes taken before sign-up count now, once (visitor-results.ts). The address is verified
  // whatever happens here: a failure is logged, and the results stay kept, uncounted.
  const saved = await countVisitorResults(account).catch((error) => {
    log('error', 'visitor quiz results not counted', { userId: account.id, ...describeError(error) });
    return null;
  });
  return { kind: 'verified', user: account, passwordChanged: Boolean(owner && !later), saved };
}

/** How long a used verification link is kept, so a second click can say "already confirmed". */
export const SPENT_LINK_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

/** Deletes verification links used more than SPENT_LINK_RETENTION_MS ago (housekeeping). */
export async function deleteSpentVerificationLinks(now = new Date()): Promise<number> {
  const db = await getDb();
  const deleted = await db
    .delete(emailVerificationTokens)
    .where(lt(emailVerificationTokens.usedAt, new Date(now.getTime() - SPENT_LINK_RETENTION_MS)))
    .returning({ tokenHash: emailVerificationTokens.tokenHash });
  return deleted.length;
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
