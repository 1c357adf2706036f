import { createHash } from 'node:crypto';
import { constantTimeEqual } from '@oslojs/crypto/subtle';
import { encodeBase32LowerCaseNoPadding } from '@oslojs/encoding';

/** A random string with `bytes * 8` bits of entropy (default 160 bits). */
export function generateRandomToken(bytes = 20): string {
  const buffer = new Uint8Array(bytes);
  crypto.getRandomValues(buffer);
  return encodeBase32LowerCaseNoPadding(buffer);
}

/** SHA-256, hex. The runtime's native hash: every signed-in request hashes its token (several times faster than one in JavaScript). */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

export function constantTimeEqualText(a: string, b: string): boolean {
  const enc = new TextEncoder();
  const [x, y] = [enc.encode(a), enc.encode(b)];
  return x.byteLength === y.byteLength && constantTimeEqual(x, y);
}
