// The 429 answers of the rate limits, one wording per kind, each with Retry-After.
import { jsonError } from './http.ts';

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

export function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return jsonError(429, message, undefined, { 'Retry-After': String(retryAfterSeconds) });
}

export const tooManySignIns = (seconds: number) =>
  tooManyRequests(
    `Too many failed sign-in attempts. Please wait ${minutes(seconds)} minute(s) and try again.`,
    seconds,
  );

export const tooManySignInsForAccount = (seconds: number) =>
  tooManyRequests(
    `Too many wrong passwords for this account. Please wait ${
      seconds < 60 ? `${seconds} seconds` : `${minutes(seconds)} minute(s)`
    } and try again, or use "Forgot password" and we will e-mail you a link to reset it.`,
    seconds,
  );

export const tooManyResetTries = (seconds: number) =>
  tooManyRequests(
    `Too many invalid reset links were tried. Please wait ${minutes(seconds)} minute(s) and try again.`,
    seconds,
  );

export const tooManyEmailRequests = (seconds: number) =>
  tooManyRequests(
    `Too many requests from your network. Please wait ${minutes(seconds)} minute(s) and try again.`,
    seconds,
  );

export const tooManyWrongPasswordsToday = (seconds: number) =>
  tooManyRequests(
    'Too many wrong passwords for this account today. To sign in, use "Forgot password" and we will e-mail you a link to reset it.',
    seconds,
  );
