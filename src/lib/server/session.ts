// Sessions after the Lucia guide: the token is `id.secret`; only SHA-256 of the secret is stored
// and it is compared in constant time. 30 days of inactivity or 90 days in all end a session.
import { and, eq, lt, ne, or, sql } from 'drizzle-orm';
import type { AstroCookies } from 'astro';
import { sessions, users } from '../../../db/schema.ts';
import type { Database } from '../../../db/client.ts';
import { ChangeCache, onTableChange } from './cache.ts';
import { getDb } from './db.ts';
import { getEnv } from './env.ts';
import { constantTimeEqualText, generateRandomToken, hashToken } from './tokens.ts';
import type { SessionInfo, SessionUser } from './types.ts';

export const INACTIVITY_MS = 30 * 24 * 60 * 60 * 1000;
export const ABSOLUTE_MS = 90 * 24 * 60 * 60 * 1000;
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

interface StoredSession {
  session: typeof sessions.$inferSelect;
  user: typeof users.$inferSelect;
}

const sessionCache = new ChangeCache<StoredSession>(20_000);
onTableChange((table, id) => {
  if (table === 'sessions') sessionCache.delete(id);
  else if (table === 'users') sessionCache.deleteWhere((s) => s.user.id === id);
});

const prepareFindSession = (db: Database) =>
  db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('find_session');
const findSessionQueries = new WeakMap<Database, ReturnType<typeof prepareFindSession>>();

async function findStoredSession(id: string): Promise<StoredSession | undefined> {
  const cached = sessionCache.get(id);
  if (cached) return cached;
  const mark = sessionCache.mark();
  const db = await getDb();
  let query = findSessionQueries.get(db);
  if (!query) findSessionQueries.set(db, (query = prepareFindSession(db)));
  const [row] = await query.execute({ id });
  if (!row) return undefined;
  const stored = { session: row.session, user: row.user };
  sessionCache.set(id, stored, mark);
  return stored;
}

export async function validateSessionToken(token: string, now = new Date()): Promise<ValidatedSession | null> {
  const [id, secret, extra] = token.split('.');
  if (!id || !secret || extra !== undefined || id.length > 64 || secret.length > 64) return null;
  const stored = await findStoredSession(id);
  if (!stored || !constantTimeEqualText(hashToken(secret), stored.session.secretHash)) return null;
  const session = { ...stored.session };
  const age = now.getTime() - session.createdAt.getTime();
  const idle = now.getTime() - session.lastUsedAt.getTime();
  const db = await getDb();
  if (age >= ABSOLUTE_MS || idle >= INACTIVITY_MS) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  let renewed = false;
  if (idle >= TOUCH_INTERVAL_MS) {
    await db.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, id));
    session.lastUsedAt = now;
    renewed = true;
  }
  return {
    session: {
      id: session.id,
      userId: session.userId,
      createdAt: session.createdAt,
      lastUsedAt: session.lastUsedAt,
      persistent: session.persistent === 1,
    },
    user: toSessionUser(stored.user),
    renewed,
  };
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
    .where(keepSessionId ? and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId)) : eq(sessions.userId, userId));
}

export async function deleteExpiredSessions(now = new Date()): Promise<void> {
  const db = await getDb();
  await db
    .delete(sessions)
    .where(
      or(
        lt(sessions.lastUsedAt, new Date(now.getTime() - INACTIVITY_MS)),
        lt(sessions.createdAt, new Date(now.getTime() - ABSOLUTE_MS)),
      ),
    );
}

/** Expiry of the session as it stands: the sooner of the inactivity and the absolute limit. */
export function sessionExpiresAt(session: SessionInfo): Date {
  return new Date(
    Math.min(session.lastUsedAt.getTime() + INACTIVITY_MS, session.createdAt.getTime() + ABSOLUTE_MS),
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
export function readSessionToken(request: Request, cookies: AstroCookies): { token: string; viaBearer: boolean } | null {
  const header = request.headers.get('authorization');
  if (header?.toLowerCase().startsWith('bearer ')) {
    const token = header.slice(7).trim();
    return token ? { token, viaBearer: true } : null;
  }
  const token = cookies.get(sessionCookieName())?.value;
  return token ? { token, viaBearer: false } : null;
}
