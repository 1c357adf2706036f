// Sessions after the Lucia guide: the token is `id.secret`; only SHA-256 of the secret is stored
// and it is compared in constant time. With "remember me", 30 days of inactivity or 90 days in all
// end a session; without it, the cookie ends with the browser and 12 idle hours end the session.
import { and, eq, lt, ne, or } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { sessions, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
import { constantTimeEqualText, generateRandomToken, hashToken } from '../platform/tokens.ts';
import { applyConfiguredRole } from './roles.ts';
import type { SessionInfo, SessionUser } from './types.ts';

export const INACTIVITY_MS = 30 * 24 * 60 * 60 * 1000;
/** Idle limit of a session without "remember me". */
export const BROWSER_SESSION_IDLE_MS = 12 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;

const idleLimit = (
  session: Pick<SessionInfo, 'persistent'>,
) => (session.persistent ? INACTIVITY_MS : BROWSER_SESSION_IDLE_MS);
/** lastUsedAt is written at most this often, so reads stay reads. */
const TOUCH_INTERVAL_MS = 60 * 60 * 1000;

export function sessionCookieName(): string {
  return getEnv().APP_ENV === 'production' ? '__Host-session' : 'session';
}

export interface CreatedSession {
  token: string;
  session: SessionInfo;
}

export async function createSession(userId: string, persistent = true, now = new Date()): Promise<CreatedSession> {
  const id = generateRandomToken(15);
  const secret = generateRandomToken(20);
  const db = await getDb();
  await db.insert(sessions).values({
    id,
    secretHash: hashToken(secret),
    userId,
    createdAt: now,
    lastUsedAt: now,
    persistent: persistent ? 1 : 0,
  });
  return { token: `${id}.${secret}`, session: { id, userId, createdAt: now, lastUsedAt: now, persistent } };
}

export interface ValidatedSession {
  session: SessionInfo;
  user: SessionUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

/** The shape of every id `createSession` issues (base32, lower case): anything else names no session. */
const SESSION_ID = /^[a-z2-7]{1,64}$/;

/** The session and its user for a token, in one query; null when the token names no live session. */
export async function validateSessionToken(token: string, now = new Date()): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || !SESSION_ID.test(id) || secret.length > 64) return null;
  const db = await getDb();
  const [found] = await db.select({ session: sessions, user: users }).from(sessions).innerJoin(
    users,
    eq(users.id, sessions.userId),
  ).where(eq(sessions.id, id));
  if (!found || !constantTimeEqualText(hashToken(secret), found.session.secretHash)) return null;
  const session: SessionInfo = {
    id,
    userId: found.session.userId,
    createdAt: found.session.createdAt,
    lastUsedAt: found.session.lastUsedAt,
    persistent: found.session.persistent === 1,
  };
  const age = now.getTime() - session.createdAt.getTime();
  const idle = now.getTime() - session.lastUsedAt.getTime();
  if (age >= ABSOLUTE_MS || idle >= idleLimit(session)) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  // ADMIN_EMAILS decides the role both ways at every check (a write only when it changed).
  const user = await applyConfiguredRole(toSessionUser(found.user));
  let renewed = false;
  if (idle >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    session.lastUsedAt = now;
    renewed = true;
  }
  return { session, user, renewed };
}

export function toSessionUser(user: typeof users.$inferSelect): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phoneNumber: user.phoneNumber,
    zipCode: user.zipCode,
    role: user.role,
    emailVerified: user.emailVerifiedAt !== null,
    hasPassword: user.passwordHash !== null,
  };
}

export async function invalidateSession(sessionId: string): Promise<void> {
  const db = await getDb();
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, except `keepSessionId` when given. */
export async function invalidateUserSessions(userId: string, keepSessionId?: string): Promise<void> {
  const db = await getDb();
  await db
    .delete(sessions)
    .where(
      keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId),
    );
}

export async function deleteExpiredSessions(now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastUsedAt, new Date(now.getTime() - INACTIVITY_MS)),
        and(eq(sessions.persistent, 0), lt(sessions.lastUsedAt, new Date(now.getTime() - BROWSER_SESSION_IDLE_MS))),
        lt(sessions.createdAt, new Date(now.getTime() - ABSOLUTE_MS)),
      ),
    );
}

/** Expiry of the session as it stands: the sooner of the inactivity and the absolute limit. */
export function sessionExpiresAt(session: SessionInfo): Date {
  return new Date(
    Math.min(session.lastUsedAt.getTime() + idleLimit(session), session.createdAt.getTime() + ABSOLUTE_MS),
  );
}

export function setSessionCookie(cookies: AstroCookies, token: string, session: SessionInfo): void {
  const production = getEnv().APP_ENV === 'production';
  cookies.set(sessionCookieName(), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: production,
    path: '/',
    // Without "Remember me" the cookie ends with the browser; the server still applies its limits.
    expires: session.persistent ? sessionExpiresAt(session) : undefined,
  });
}

export function deleteSessionCookie(cookies: AstroCookies): void {
  const production = getEnv().APP_ENV === 'production';
  cookies.set(sessionCookieName(), '', { httpOnly: true, sameSite: 'lax', secure: production, path: '/', maxAge: 0 });
}

/** The session token from the cookie, or from `Authorization: Bearer <token>`. */
export function readSessionToken(
  request: Request,
  cookies: AstroCookies,
): { token: string; viaBearer: boolean } | null {
  const header = request.headers.get('authorization');
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, viaBearer: true } : null;
  }
  const token = cookies.get(sessionCookieName())?.value;
  return token ? { token, viaBearer: false } : null;
}
