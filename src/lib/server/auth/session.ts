// Sessions after the Lucia guide: the token is `id.secret`; only SHA-256 of the secret is stored
// and it is compared in constant time. With "remember me", 30 days of inactivity or 90 days in all
// end a session; without it, the cookie ends with the browser and 12 idle hours end the session.
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { sessions, users } from '../../../../db/schema.ts';
import { getDb, prepared } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
import { constantTimeEqualText, generateRandomToken, hashToken } from '../platform/tokens.ts';
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

/** Sessions one account may hold at once; a new sign-in past it ends the least recently used. */
export const MAX_SESSIONS_PER_USER = 10;

export interface SessionOptions {
  /** The browser's User-Agent, for the account's list of devices (cut at 512 characters). */
  userAgent?: string | null;
  /** Set when the sign-in proved a second factor. */
  factorVerifiedAt?: Date | null;
}

export async function createSession(
  userId: string,
  persistent = true,
  now = new Date(),
  options: SessionOptions = {},
): Promise<CreatedSession> {
  const id = generateRandomToken(15);
  const secret = generateRandomToken(20);
  const factorVerifiedAt = options.factorVerifiedAt ?? null;
  const db = await getDb();
  await db.insert(sessions).values({
    id,
    secretHash: hashToken(secret),
    userId,
    createdAt: now,
    lastUsedAt: now,
    persistent: persistent ? 1 : 0,
    userAgent: (options.userAgent ?? '').slice(0, 512),
    factorVerifiedAt,
  });
  await db.execute(sql`delete from ${sessions} where ${sessions.userId} = ${userId} and ${sessions.id} not in
    (select s.id from ${sessions} s where s.user_id = ${userId} order by s.last_used_at desc, s.created_at desc
      limit ${MAX_SESSIONS_PER_USER})`);
  return {
    token: `${id}.${secret}`,
    session: { id, userId, createdAt: now, lastUsedAt: now, persistent, factorVerifiedAt },
  };
}

export interface ValidatedSession {
  session: SessionInfo;
  user: SessionUser;
  /** True when the expiry moved and the cookie should be sent again. */
  renewed: boolean;
}

/** The shape of every id `createSession` issues (base32, lower case): anything else names no session. */
const SESSION_ID = /^[a-z2-7]{1,64}$/;

/** The session joined to its user: the one statement of every signed-in request. */
const sessionStatement = prepared((db) =>
  db
    .select({
      secretHash: sessions.secretHash,
      userId: sessions.userId,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
      persistent: sessions.persistent,
      factorVerifiedAt: sessions.factorVerifiedAt,
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phoneNumber: users.phoneNumber,
        zipCode: users.zipCode,
        role: users.role,
        emailVerifiedAt: users.emailVerifiedAt,
        hasPassword: sql<boolean>`${users.passwordHash} is not null`,
        hasFactor: sql<boolean>`exists (select 1 from user_factors f where f.user_id = ${users.id})`,
      },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('validate_session')
);

const touchStatement = prepared((db) =>
  db
    .update(sessions)
    .set({ lastUsedAt: sql`${sql.placeholder('now')}::timestamptz` })
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('touch_session')
);

/**
 * The session and its user for a token, in one statement; null when the token names no live
 * session. It writes only to move a session's expiry (at most once an hour): an expired session is
 * left for the housekeeping job, and the stored role is the lists' (roles.ts keeps it at start and
 * at sign-in).
 */
export async function validateSessionToken(token: string, now = new Date()): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || !SESSION_ID.test(id) || secret.length > 64) return null;
  const [found] = await (await sessionStatement()).execute({ id });
  if (!found || !constantTimeEqualText(hashToken(secret), found.secretHash)) return null;
  const session: SessionInfo = {
    id,
    userId: found.userId,
    createdAt: found.createdAt,
    lastUsedAt: found.lastUsedAt,
    persistent: found.persistent === 1,
    factorVerifiedAt: found.factorVerifiedAt,
  };
  const age = now.getTime() - session.createdAt.getTime();
  const idle = now.getTime() - session.lastUsedAt.getTime();
  if (age >= ABSOLUTE_MS || idle >= idleLimit(session)) return null;
  const { emailVerifiedAt, hasPassword, hasFactor, ...fields } = found.user;
  const user: SessionUser = {
    ...fields,
    emailVerified: emailVerifiedAt !== null,
    hasPassword: Boolean(hasPassword),
    hasFactor: Boolean(hasFactor),
  };
  let renewed = false;
  if (idle >= TOUCH_INTERVAL_MS) {
    await (await touchStatement()).execute({ id, now: now.toISOString() });
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
