// Fixed-window counters in the database, so every server instance shares them.
import { sql } from 'drizzle-orm';
import { getDb } from './db.ts';

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
}

function rows<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
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
  const [row] = rows<{ count: number; window_start: string | Date }>(result);
  return state(limit, Number(row.count), new Date(row.window_start), now);
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
  const retryAfterSeconds = allowed ? 0 : Math.max(1, Math.ceil((start.getTime() + limit.windowMs - now.getTime()) / 1000));
  return { allowed, count, retryAfterSeconds };
}

export const limits = {
  loginFailures: (ip: string): Limit => ({ key: `login-fail:ip:${ip}`, max: 10, windowMs: 10 * 60_000 }),
  signups: (ip: string): Limit => ({ key: `signup:ip:${ip}`, max: 20, windowMs: 60 * 60_000 }),
  emailPerAddress: (kind: string, email: string): Limit => ({ key: `mail:${kind}:${email.toLowerCase()}`, max: 1, windowMs: 60_000 }),
};
