// The sign-up cookie: a random secret given to the client that signs up (only its hash is
// stored with the account). Following the verification link from that client keeps the password
// chosen at sign-up; from any other client the password is cleared (see credentials.ts).
import type { AstroCookies } from 'astro';
import { getEnv } from '../platform/env.ts';
import { generateRandomToken } from '../platform/tokens.ts';
import { UNVERIFIED_ACCOUNT_TTL_MS } from './credentials.ts';

function cookieName(): string {
  return getEnv().APP_ENV === 'production' ? '__Host-signup' : 'signup';
}

/** Gives the client a new sign-up secret and returns it. */
export function issueSignupCookie(cookies: AstroCookies): string {
  const secret = generateRandomToken();
  cookies.set(cookieName(), secret, {
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().APP_ENV === 'production',
    path: '/',
    maxAge: UNVERIFIED_ACCOUNT_TTL_MS / 1000,
  });
  return secret;
}

export function readSignupCookie(cookies: AstroCookies): string | null {
  const value = cookies.get(cookieName())?.value;
  return value && /^[a-z2-7]{32}$/.test(value) ? value : null;
}

export function deleteSignupCookie(cookies: AstroCookies): void {
  cookies.set(cookieName(), '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().APP_ENV === 'production',
    path: '/',
    maxAge: 0,
  });
}
