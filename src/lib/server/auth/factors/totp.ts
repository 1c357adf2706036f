// Setting up an authenticator app: a new 160-bit key for the app, then the key and a code it shows
// come back; the code proves the app holds the key before it is stored (encrypted).
import { createTOTPKeyURI } from '@oslojs/otp';
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from '@oslojs/encoding';
import { HttpError } from '../../platform/http.ts';
import { encryptSecret } from './secrets.ts';
import { matchingStep, TOTP_DIGITS, TOTP_PERIOD_S } from './verify.ts';
import type { NewFactor } from './store.ts';

export function newTotpKey(email: string): { secret: string; uri: string } {
  const key = crypto.getRandomValues(new Uint8Array(20));
  return {
    secret: encodeBase32UpperCaseNoPadding(key),
    uri: createTOTPKeyURI('Wealth Coach', email, key, TOTP_PERIOD_S, TOTP_DIGITS),
  };
}

/** The factor to store, once `code` shows the app holds `secret`; a 400 naming the field otherwise. */
export function checkNewTotp(secret: string, code: string): NewFactor {
  let key: Uint8Array;
  try {
    key = decodeBase32IgnorePadding(secret.replace(/\s/g, '').toUpperCase());
  } catch {
    throw new HttpError(400, 'The setup key is not valid. Please start again.', { secret: 'is not valid' });
  }
  if (key.byteLength < 16 || key.byteLength > 64) {
    throw new HttpError(400, 'The setup key is not valid. Please start again.', { secret: 'is not valid' });
  }
  const step = matchingStep(key, code);
  if (step === null) {
    const message = 'That code is not right. Enter the 6-digit code your app shows now.';
    throw new HttpError(400, message, { code: message });
  }
  return { kind: 'totp', name: 'Authenticator app', totpSecret: encryptSecret(key), totpLastStep: step };
}
