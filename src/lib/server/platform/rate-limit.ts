// Fixed-window counters in the database, so every server instance shares them.
import { securityEvent } from './security-log.ts';
import { sql } from 'drizzle-orm';
import { getDb, rowsOf } from './db.ts';

export interface Limit {
  /** Bucket name, e.g. `login-fail:ip:1.2.3.4`. */
  key: string;
  max: number;
  windowMs: number;
}

export interface LimitState {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
  /** Seconds until the window ends and the count starts again (0 with no events counted). */
  windowLeftSeconds?: number;
}

/** Counts one event against the limit; `allowed` is false once the count passes `max`. */
export async function hitLimit(limit: Limit, now = new Date()): Promise<LimitState> {
  const db = await getDb();
  const windowStart = new Date(now.getTime() - limit.windowMs);
  const result = await db.execute(sql`
    insert into rate_limit_buckets (key, count, window_start) values (${limit.key}, 1, ${now.toISOString()})
    on conflict (key) do update set
      count = case when rate_limit_buckets.window_start <= ${windowStart.toISOString()} then 1 else rate_limit_buckets.count + 1 end,
      window_start = case when rate_limit_buckets.window_start <= ${windowStart.toISOString()} then ${now.toISOString()}::timestamptz else rate_limit_buckets.window_start end
    returning count, window_start`);
  const [row] = rowsOf<{ count: number; window_start: string | Date }>(result);
  const counted = state(limit, Number(row.count), new Date(row.window_start), now);
  // The key names the client or the account; the first refusal of a window is enough to log.
  if (Number(row.count) === limit.max + 1) securityEvent('rate limit hit', { limit: limit.key }, 'warn');
  return counted;
}

/** The limit's state without counting an event (a read). */
export async function peekLimit(limit: Limit, now = new Date()): Promise<LimitState> {
  const db = await getDb();
  const result = await db.execute(sql`select count, window_start from rate_limit_buckets where key = ${limit.key}`);
  const [row] = rowsOf<{ count: number; window_start: string | Date }>(result);
  if (!row || new Date(row.window_start).getTime() <= now.getTime() - limit.windowMs) {
    return { allowed: true, count: 0, retryAfterSeconds: 0 };
  }
  return state(limit, Number(row.count), new Date(row.window_start), now);
}

/** Several limits' states in one statement, in the order given (reads). */
export async function peekLimits(list: readonly Limit[], now = new Date()): Promise<LimitState[]> {
  const db = await getDb();
  const keys = list.map((l) => l.key);
  const result = await db.execute(
    sql`select key, count, window_start from rate_limit_buckets where key in (${
      sql.join(keys.map((k) => sql`${k}`), sql`, `)
    })`,
  );
  const rows = new Map(
    rowsOf<{ key: string; count: number; window_start: string | Date }>(result).map((r) => [r.key, r]),
  );
  return list.map((limit) => {
    const row = rows.get(limit.key);
    if (!row || new Date(row.window_start).getTime() <= now.getTime() - limit.windowMs) {
      return { allowed: true, count: 0, retryAfterSeconds: 0 };
    }
    return state(limit, Number(row.count), new Date(row.window_start), now);
  });
}

/**
 * Gives back one event counted by `hitLimit`, for an attempt that turned out fine (a correct
 * password). Only that attempt's own slot: earlier failures stay counted.
 */
export async function refundLimit(limit: Limit): Promise<void> {
  const db = await getDb();
  await db.execute(sql`update rate_limit_buckets set count = greatest(count - 1, 0) where key = ${limit.key}`);
}

function state(limit: Limit, count: number, start: Date, now: Date): LimitState {
  const allowed = count <= limit.max;
  const windowLeftSeconds = Math.max(1, Math.ceil((start.getTime() + limit.windowMs - now.getTime()) / 1000));
  return { allowed, count, retryAfterSeconds: allowed ? 0 : windowLeftSeconds, windowLeftSeconds };
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** The longest window of any limit but the daily ones: a bucket older than this holds nothing that still counts. */
export const LONGEST_WINDOW_MS = HOUR;
/** Keys of the limits counted over a day (pruned after a day). */
const DAILY_PREFIX = 'day:';

/** Keys that name an e-mail address are built from the address in lower case. */
const address = (email: string) => email.trim().toLowerCase();

// Mail kinds with a per-address limit (the keys account deletion clears, by exact key).
export const MAILED_KINDS = ['verify-email', 'reset-password', 'account-exists', 'password-changed'] as const;

/**
 * The limits (docs/SECURITY.md lists them). Clients are counted by IP (an IPv6 client by its /64,
 * see client-ip.ts) first, because account lockouts can be abused; sign-in and reset also have
 * per-account limits, so one account cannot be guessed at from many addresses.
 */
export const limits = {
  loginFailures: (client: string): Limit => ({ key: `login-fail:ip:${client}`, max: 10, windowMs: 10 * MINUTE }),
  // Wrong passwords for one account from any client: past `max`, each further one is answered 429
  // with a growing wait (accountRetryAfter); a right password is never refused by it.
  loginFailuresForAccount: (email: string): Limit => ({
    key: `login-fail:account:${address(email)}`,
    max: 20,
    windowMs: 10 * MINUTE,
  }),
  // Wrong passwords for one account in a day: past `max` no password is checked until a reset
  // clears the count (sign-in-guard.ts).
  loginFailuresForAccountToday: (email: string): Limit => ({
    key: `${DAILY_PREFIX}login-fail:account:${address(email)}`,
    max: 100,
    windowMs: DAY,
  }),
  // Bodies that are not JSON, nest too deeply or carry NUL characters: counted before the next is parsed.
  malformedBodies: (client: string): Limit => ({ key: `malformed:ip:${client}`, max: 20, windowMs: 10 * MINUTE }),
  resetTokenFailures: (client: string): Limit => ({ key: `reset-fail:ip:${client}`, max: 10, windowMs: 10 * MINUTE }),
  // A visitor's per-answer feedback on a beginner quiz (POST /api/learn/{id}/check): no account to count by.
  visitorChecks: (client: string): Limit => ({ key: `visitor-check:ip:${client}`, max: 120, windowMs: 10 * MINUTE }),
  // /learn?q= searches (issue 50, F8): each costs several pages' work.
  librarySearches: (client: string): Limit => ({ key: `search:ip:${client}`, max: 30, windowMs: 5 * MINUTE }),
  signups: (client: string): Limit => ({ key: `signup:ip:${client}`, max: 20, windowMs: HOUR }),
  forgotPassword: (client: string): Limit => ({ key: `forgot:ip:${client}`, max: 20, windowMs: HOUR }),
  resendVerification: (client: string): Limit => ({ key: `resend:ip:${client}`, max: 20, windowMs: HOUR }),
  emailPerAddress: (kind: string, email: string): Limit => ({
    key: `mail:${kind}:${address(email)}`,
    max: 1,
    windowMs: MINUTE,
  }),
  resetEmailsPerAccount: (email: string): Limit => ({
    key: `mail-hour:reset-password:${address(email)}`,
    max: 5,
    windowMs: HOUR,
  }),
};

/**
 * The wait after the `count`-th wrong password for one account in its window: 30 s after the first
 * past the threshold, doubling with each further one, at most 15 minutes.
 */
export function accountRetryAfter(count: number, max = limits.loginFailuresForAccount('').max): number {
  const over = Math.max(1, count - max);
  return Math.min(30 * 2 ** Math.min(over - 1, 10), 15 * 60);
}

/** Every bucket key that names this address, exactly (no patterns: `a_b@x` must not match `axb@x`). */
export function keysNamingAddress(email: string): string[] {
  return [
    ...MAILED_KINDS.map((kind) => limits.emailPerAddress(kind, email).key),
    limits.resetEmailsPerAccount(email).key,
    limits.loginFailuresForAccount(email).key,
    limits.loginFailuresForAccountToday(email).key,
  ];
}

/** Deletes buckets whose window has passed, so the table cannot grow without bound. */
export async function pruneLimits(now = new Date()): Promise<number> {
  const db = await getDb();
  const result = await db.execute(
    sql`delete from rate_limit_buckets where window_start < ${
      new Date(now.getTime() - LONGEST_WINDOW_MS).toISOString()
    } and (key not like ${DAILY_PREFIX + '%'} or window_start < ${
      new Date(now.getTime() - DAY).toISOString()
    }) returning key`,
  );
  return rowsOf(result).length;
}
