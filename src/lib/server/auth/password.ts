// argon2id (m = 19 MiB, t = 2, p = 1) behind a small concurrency cap, so a burst of logins cannot
// exhaust memory. Which passwords are refused: password-list.ts.
import { argon2id, argon2Verify } from 'hash-wasm';
export { isCommonPassword } from './password-list.ts';

const MAX_CONCURRENT = 2;
let running = 0;
const waiting: Array<() => void> = [];

async function withSlot<T>(fn: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running++;
  try {
    return await fn();
  } finally {
    running--;
    waiting.shift()?.();
  }
}

/**
 * How much argon2 work this process has done, for tests that prove a path never reaches the
 * hasher (a bad reset token must cost no hash) by counting, not by timing.
 */
export const passwordWork = { hashes: 0, verifies: 0 };

export function hashPassword(password: string): Promise<string> {
  passwordWork.hashes++;
  return withSlot(() =>
    argon2id({
      password,
      salt: crypto.getRandomValues(new Uint8Array(16)),
      parallelism: 1,
      iterations: 2,
      memorySize: 19456,
      hashLength: 32,
      outputType: 'encoded',
    })
  );
}

export function verifyPassword(hash: string, password: string): Promise<boolean> {
  passwordWork.verifies++;
  return withSlot(() => argon2Verify({ password, hash }).catch(() => false));
}

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, for unknown accounts (no timing oracle). */
export async function verifyDummyPassword(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-' + crypto.randomUUID());
  await verifyPassword(await dummyHash, password);
  return false;
}
