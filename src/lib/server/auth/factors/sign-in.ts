// Sign-in with a second factor (issue 51): a right password for an account with a factor opens a
// pending sign-in (an HttpOnly cookie naming a row: five minutes, five tries) instead of a session;
// a code, a recovery code or a passkey then finishes it. A passkey alone is also a whole sign-in.
import type { APIContext } from 'astro';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { pendingSignIns, type User, userFactors, users } from '../../../../../db/schema.ts';
import { getDb } from '../../platform/db.ts';
import { getEnv } from '../../platform/env.ts';
import { HttpError } from '../../platform/http.ts';
import { securityEvent } from '../../platform/security-log.ts';
import { rememberDevice } from '../device-cookie.ts';
import { generateRandomToken, hashToken } from '../../platform/tokens.ts';
import { homePathFor } from '../../learning/home.ts';
import { createSession, setSessionCookie } from '../session.ts';
import { applyConfiguredRole } from '../roles.ts';
import type { FactorMethod } from './verify.ts';
import { passkeysAvailable } from './webauthn.ts';

export const PENDING_TTL_MS = 5 * 60 * 1000;
export const PENDING_MAX_ATTEMPTS = 5;

export function pendingCookieName(): string {
  return getEnv().APP_ENV === 'production' ? '__Host-second-factor' : 'second-factor';
}

/** The kinds of factor the account holds (one statement; none for most accounts). */
export async function factorKinds(userId: string): Promise<Array<'totp' | 'passkey'>> {
  const db = await getDb();
  const rows = await db.selectDistinct({ kind: userFactors.kind }).from(userFactors).where(
    eq(userFactors.userId, userId),
  );
  return rows.map((r) => r.kind).sort();
}

/**
 * For an account with a second factor: opens a pending sign-in and answers what the client must do
 * next (200, no session, no token). Null for an account without one: the caller signs in as before.
 */
export async function requireSecondFactor(
  context: Pick<APIContext, 'cookies'>,
  user: Pick<User, 'id'>,
  persistent: boolean,
): Promise<Response | null> {
  const held = await factorKinds(user.id);
  if (held.length === 0) return null;
  // Passkeys held where passkeys cannot work (an IP host) leave the app and the recovery codes.
  const kinds = held.filter((k) => k === 'totp' || passkeysAvailable());
  const token = generateRandomToken();
  const db = await getDb();
  await db.delete(pendingSignIns).where(lt(pendingSignIns.expiresAt, new Date()));
  await db.insert(pendingSignIns).values({
    tokenHash: hashToken(token),
    userId: user.id,
    persistent: persistent ? 1 : 0,
    expiresAt: new Date(Date.now() + PENDING_TTL_MS),
  });
  context.cookies.set(pendingCookieName(), token, {
    httpOnly: true,
    sameSite: 'strict',
    secure: getEnv().APP_ENV === 'production',
    path: '/',
    maxAge: PENDING_TTL_MS / 1000,
  });
  return Response.json({
    message: 'Enter the code from your authenticator app, use a passkey, or enter a recovery code.',
    requiresSecondFactor: true,
    secondFactors: [...kinds, 'recovery-code'],
  });
}

/**
 * The pending sign-in named by the cookie, counting this try; a 401 when there is none (expired,
 * finished, or out of tries).
 */
export async function takePendingAttempt(context: Pick<APIContext, 'cookies'>) {
  const token = context.cookies.get(pendingCookieName())?.value;
  const expired = new HttpError(401, 'Your sign-in has expired. Please enter your e-mail and password again.');
  if (!token || token.length > 64) throw expired;
  const db = await getDb();
  const [pending] = await db
    .update(pendingSignIns)
    .set({ attempts: sql`${pendingSignIns.attempts} + 1` })
    .where(and(
      eq(pendingSignIns.tokenHash, hashToken(token)),
      gt(pendingSignIns.expiresAt, new Date()),
      lt(pendingSignIns.attempts, PENDING_MAX_ATTEMPTS),
    ))
    .returning();
  if (!pending) {
    context.cookies.delete(pendingCookieName(), { path: '/' });
    throw expired;
  }
  return { ...pending, lastTry: pending.attempts >= PENDING_MAX_ATTEMPTS };
}

export async function endPending(context: Pick<APIContext, 'cookies'>, tokenHash: string): Promise<void> {
  const db = await getDb();
  await db.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, tokenHash));
  context.cookies.delete(pendingCookieName(), { path: '/' });
}

/** Creates the session of a sign-in that proved a factor and answers the spec's sign-in fields. */
export async function completeSignIn(
  context: Pick<APIContext, 'cookies' | 'request'>,
  userId: string,
  persistent: boolean,
  method: FactorMethod,
): Promise<Response> {
  const db = await getDb();
  const [found] = await db.select().from(users).where(eq(users.id, userId));
  if (!found || !found.emailVerifiedAt) throw new HttpError(401, 'Invalid email or password');
  const user = await applyConfiguredRole(found);
  const now = new Date();
  const { token, session } = await createSession(user.id, persistent, now, {
    userAgent: context.request.headers.get('user-agent'),
    factorVerifiedAt: now,
  });
  setSessionCookie(context.cookies, token, session);
  await rememberDevice(context.cookies, user.id);
  securityEvent('sign-in succeeded', { account: user.email, userId: user.id, method, secondFactor: true });
  return Response.json({
    authToken: token,
    user: {
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phoneNumber: user.phoneNumber,
      role: user.role,
    },
    message: 'Login successful',
    requiresVerification: false,
    authProvider: method === 'passkey' ? 'passkey' : 'email',
    home: await homePathFor(user),
  });
}
