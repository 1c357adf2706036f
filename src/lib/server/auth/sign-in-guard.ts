// Guessing that stops (docs/SECURITY.md, F1). Past 20 wrong passwords for an account in 10
// minutes the account is in back-off: a password from a browser that never signed in to it is
// not checked at all (the same 429 whether right or wrong), while the owner's own browsers, known
// by their device cookie, are checked as usual. Past 100 wrong passwords in a day no password is
// checked until a password reset clears the count.
import type { AstroCookies } from 'astro';
import { sql } from 'drizzle-orm';
import { getDb } from '../platform/db.ts';
import { accountRetryAfter, hitLimit, limits, peekLimits } from '../platform/rate-limit.ts';
import { tooManySignInsForAccount, tooManyWrongPasswordsToday } from '../platform/limit-responses.ts';
import { isKnownDevice } from './device-cookie.ts';
import { securityEvent } from '../platform/security-log.ts';

/**
 * Before the password is checked: the 429 to answer without checking it, or null to go on. The
 * answer is the same for known and unknown addresses (they are counted alike).
 */
export async function refuseUnchecked(cookies: AstroCookies, email: string, ip: string): Promise<Response | null> {
  const daily = limits.loginFailuresForAccountToday(email);
  const [account, today] = await peekLimits([limits.loginFailuresForAccount(email), daily]);
  if (today.count >= daily.max) {
    securityEvent(
      'sign-in refused',
      { ip, account: email, reason: 'daily failure cap: password reset needed' },
      'warn',
    );
    return tooManyWrongPasswordsToday(today.windowLeftSeconds ?? 1);
  }
  if (account.allowed || (await isKnownDevice(cookies, email))) return null;
  securityEvent(
    'sign-in refused',
    { ip, account: email, reason: 'account back-off, new device: password not checked' },
    'warn',
  );
  return tooManySignInsForAccount(account.retryAfterSeconds);
}

/** After a wrong password: counts it for the account (10 minutes and the day); the 429 once in back-off. */
export async function countWrongPassword(email: string): Promise<Response | null> {
  const account = await hitLimit(limits.loginFailuresForAccount(email));
  const daily = limits.loginFailuresForAccountToday(email);
  const today = await hitLimit(daily);
  if (today.count >= daily.max) return tooManyWrongPasswordsToday(today.windowLeftSeconds ?? 1);
  return account.allowed ? null : tooManySignInsForAccount(accountRetryAfter(account.count));
}

/** A password reset ends the account's back-off and its daily count. */
export async function clearAccountFailures(email: string): Promise<void> {
  const keys = [limits.loginFailuresForAccount(email).key, limits.loginFailuresForAccountToday(email).key];
  const db = await getDb();
  await db.execute(sql`delete from rate_limit_buckets where key in (${keys[0]}, ${keys[1]})`);
}
