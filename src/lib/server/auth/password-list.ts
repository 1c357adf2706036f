// Passwords nobody may choose (OWASP ASVS 5.0, V6.2: common and context-specific): the 100,000 most common leaked
// passwords (db/passwords/README.md names the list), zxcvbn-ts's 10,000, and the context words:
// the app's name and the user's own e-mail address and names. Checked locally, never by a service.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { dictionary } from '@zxcvbn-ts/language-common';
import { HttpError } from '../platform/http.ts';
import { messages } from '../../password-rules.ts';

export const LIST_FILE = 'db/passwords/seclists-top-100000.txt.gz';
const APP_WORDS = ['wealthcoach', 'wealth coach'];
/** Shorter names and address parts are too common inside passwords to refuse them there. */
const MIN_CONTEXT_WORD = 4;

let common: Set<string> | undefined;

/** The list, read once per process (it is the same for everyone, not anybody's data). */
export function commonPasswords(root = process.cwd()): Set<string> {
  if (common) return common;
  const text = gunzipSync(readFileSync(path.resolve(root, LIST_FILE))).toString('utf8');
  const words = text.split('\n').map((w) => w.trim().toLowerCase()).filter(Boolean);
  common = new Set([...words, ...(dictionary['passwords-common'] as string[]).slice(0, 10_000)]);
  return common;
}

export function isCommonPassword(password: string): boolean {
  return commonPasswords().has(password.trim().toLowerCase());
}

/** Who the password is for: their address and names, when known. */
export interface PasswordContext {
  email?: string | null;
  firstName?: string | null;
  lastName?: string | null;
}

const squash = (text: string) => text.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');

/** The context words (ASVS V6.2) found in the password: the app's name, the address, its local part, the names. */
export function hasContextWord(password: string, context: PasswordContext = {}): boolean {
  const squashed = squash(password);
  const local = context.email?.split('@')[0] ?? '';
  const words = [...APP_WORDS, context.email ?? '', local, context.firstName ?? '', context.lastName ?? '']
    .map(squash)
    .filter((w) => w.length >= MIN_CONTEXT_WORD);
  return words.some((w) => squashed.includes(w));
}

/** Refuses common passwords and context words with a 400 naming the field (the length rules are in the request schemas). */
export function assertPasswordAllowed(password: string, field = 'password', context: PasswordContext = {}): void {
  if (isCommonPassword(password)) throw new HttpError(400, messages.common, { [field]: messages.common });
  if (hasContextWord(password, context)) throw new HttpError(400, messages.context, { [field]: messages.context });
}
