// Secrets of the second factor: authenticator-app keys encrypted at rest (AES-256-GCM with
// TOTP_ENCRYPTION_KEY) and recovery codes, which are stored only as SHA-256.
import { Buffer } from 'node:buffer';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';
import { getEnv } from '../../platform/env.ts';
import { hashToken } from '../../platform/tokens.ts';

/** Outside production (where the key is required) a fixed key stands in, so a checkout runs as is. */
const DEVELOPMENT_KEY = createHash('sha256').update('wealth-coach development TOTP key').digest();

function key(): Uint8Array {
  const configured = getEnv().TOTP_ENCRYPTION_KEY;
  return configured ? Uint8Array.from(atob(configured), (c) => c.charCodeAt(0)) : DEVELOPMENT_KEY;
}

/** iv (12 bytes), ciphertext and tag (16 bytes), base64. */
export function encryptSecret(plain: Uint8Array): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(), iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64');
}

export function decryptSecret(stored: string): Uint8Array {
  const bytes = Buffer.from(stored, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, 12));
  decipher.setAuthTag(bytes.subarray(bytes.length - 16));
  return new Uint8Array(Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]));
}

export const RECOVERY_CODE_COUNT = 10;

/** 120 random bits as 24 base32 letters in groups of four: enough that SHA-256 storage is safe (ASVS 6.5.2). */
export function generateRecoveryCode(): string {
  const raw = encodeBase32LowerCaseNoPadding(randomBytes(15));
  return raw.match(/.{4}/g)!.join('-');
}

/** Spaces, dashes and case do not matter when a code is typed back. */
export function normalizeRecoveryCode(input: string): string {
  return input.toLowerCase().replace(/[\s-]/g, '');
}

export function hashRecoveryCode(input: string): string {
  return hashToken(`recovery:${normalizeRecoveryCode(input)}`);
}
