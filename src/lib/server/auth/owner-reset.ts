// A squatted sign-up does not survive the owner (docs/SECURITY.md, F2). Someone may sign up first
// with another person's address; only the address's owner can follow its link. When the owner
// confirms with a password of their own, the account becomes theirs: the squatter's names, phone
// and uncounted visitor results go, and what the owner chose at their own later sign-up (kept here
// for the browser that made it) takes their place.
import { and, eq, isNull } from 'drizzle-orm';
import { laterSignups, users, visitorQuizResults } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getDb } from '../platform/db.ts';
import { constantTimeEqualText, hashToken } from '../platform/tokens.ts';
import { keepVisitorResults } from '../learning/visitor-results.ts';
import type { VisitorQuizResult } from '../../schemas.ts';

/** What the owner chose: names and phone (empty for them to fill in), and their own visitor results. */
export interface OwnerProfile {
  firstName: string;
  lastName: string;
  phoneNumber: string;
  quizResults: readonly VisitorQuizResult[];
}

export interface LaterSignup extends OwnerProfile {
  passwordHash: string;
}

/** Keeps a sign-up made with the address of an unverified account, for the browser that made it (the latest wins). */
export async function keepLaterSignup(
  userId: string,
  signupClient: string,
  passwordHash: string,
  profile: OwnerProfile,
): Promise<void> {
  const row = {
    userId,
    clientHash: hashToken(signupClient),
    firstName: profile.firstName.trim(),
    lastName: profile.lastName.trim(),
    phoneNumber: profile.phoneNumber,
    passwordHash,
    quizResults: [...profile.quizResults],
    createdAt: new Date(),
  };
  const db = await getDb();
  await db.insert(laterSignups).values(row).onConflictDoUpdate({ target: laterSignups.userId, set: row });
}

/** The later sign-up this browser made for the account, if its sign-up cookie is that one's. */
export async function laterSignupFor(userId: string, signupClient: string | null | undefined) {
  if (!signupClient) return undefined;
  const db = await getDb();
  const [row] = await db.select().from(laterSignups).where(eq(laterSignups.userId, userId)).limit(1);
  if (!row || !constantTimeEqualText(hashToken(signupClient), row.clientHash)) return undefined;
  return { ...row, quizResults: row.quizResults as VisitorQuizResult[] } satisfies LaterSignup;
}

/** Drops what a squatter left that has not counted: their visitor results and any later sign-up row. */
export async function dropSquattedData(tx: Executor, userId: string): Promise<void> {
  await tx.delete(visitorQuizResults).where(
    and(eq(visitorQuizResults.userId, userId), isNull(visitorQuizResults.countedAt)),
  );
  await tx.delete(laterSignups).where(eq(laterSignups.userId, userId));
}

/** Resets the account to its owner, in the confirming transaction (verification.ts). */
export async function resetToOwner(tx: Executor, userId: string, owner: OwnerProfile): Promise<void> {
  await dropSquattedData(tx, userId);
  await tx
    .update(users)
    .set({ firstName: owner.firstName, lastName: owner.lastName, phoneNumber: owner.phoneNumber, zipCode: null })
    .where(eq(users.id, userId));
  await keepVisitorResults(tx, userId, owner.quizResults);
}
