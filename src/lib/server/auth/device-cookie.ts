// Device cookies (the OWASP pattern against password guessing): every successful sign-in gives
// the browser a random token, stored only as SHA-256 with the account. While an account is in
// back-off (sign-in-guard.ts) only a browser holding one for it has its password checked, so
// guessing stops and the owner's own devices still get in.
import type { AstroCookies } from 'astro';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { trustedDevices, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
import { generateRandomToken, hashToken } from '../platform/tokens.ts';

/** A device not seen signing in to an account for this long is a new device again. */
export const DEVICE_TTL_MS = 365 * 24 * 60 * 60 * 1000;
const TOKEN = /^[a-z2-7]{32}$/;

export function deviceCookieName(): string {
  return getEnv().APP_ENV === 'production' ? '__Host-device' : 'device';
}

export function readDeviceCookie(cookies: AstroCookies): string | null {
  const value = cookies.get(deviceCookieName())?.value;
  return value && TOKEN.test(value) ? value : null;
}

/**
 * Marks this browser as one that signed in to the account: keeps its token (or gives it one) and
 * stores the token's hash with the account. Called at every successful sign-in.
 */
export async function rememberDevice(cookies: AstroCookies, userId: string, now = new Date()): Promise<void> {
  const token = readDeviceCookie(cookies) ?? generateRandomToken();
  const db = await getDb();
  await db
    .insert(trustedDevices)
    .values({ tokenHash: hashToken(token), userId, createdAt: now, lastUsedAt: now })
    .onConflictDoUpdate({ target: [trustedDevices.tokenHash, trustedDevices.userId], set: { lastUsedAt: now } });
  cookies.set(deviceCookieName(), token, {
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().APP_ENV === 'production',
    path: '/',
    maxAge: DEVICE_TTL_MS / 1000,
  });
}

/** True when this browser signed in to the account with this address within DEVICE_TTL_MS. */
export async function isKnownDevice(cookies: AstroCookies, email: string, now = new Date()): Promise<boolean> {
  const token = readDeviceCookie(cookies);
  if (!token) return false;
  const db = await getDb();
  const [row] = await db
    .select({ userId: trustedDevices.userId })
    .from(trustedDevices)
    .innerJoin(users, eq(users.id, trustedDevices.userId))
    .where(and(
      eq(trustedDevices.tokenHash, hashToken(token)),
      sql`lower(${users.email}) = ${email.trim().toLowerCase()}`,
      gt(trustedDevices.lastUsedAt, new Date(now.getTime() - DEVICE_TTL_MS)),
    ))
    .limit(1);
  return Boolean(row);
}

/** Housekeeping: forgets devices unused for DEVICE_TTL_MS. */
export async function pruneDevices(now = new Date()): Promise<number> {
  const db = await getDb();
  const gone = await db
    .delete(trustedDevices)
    .where(lt(trustedDevices.lastUsedAt, new Date(now.getTime() - DEVICE_TTL_MS)))
    .returning({ userId: trustedDevices.userId });
  return gone.length;
}
