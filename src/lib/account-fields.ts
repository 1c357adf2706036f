// The account fields' rules (spec 5), written once: the forms call these functions before they
// send, and the API's zod schemas (schemas.ts) call the same functions, so both give the same
// answer and the same message. Plain functions, so a form's island ships no validation library.
import { setPasswordProblem } from './password-rules.ts';
import { phoneShapeProblem } from './phone.ts';

export const EMAIL_MAX = 254;
export const NAME_MAX = 100;

// A dotted domain with a 2+ letter top level; no leading, trailing or doubled dot in the local part.
const EMAIL_PATTERN = /^(?!\.)(?!.*\.\.)[A-Za-z0-9_'+.-]*[A-Za-z0-9_+-]@(?:[A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

export const fieldMessages = {
  emailRequired: 'Email is required',
  emailTooLong: 'Email is too long',
  emailInvalid: 'Please enter a valid email address',
  passwordRequired: 'Password is required',
  confirmRequired: 'Please confirm your password',
} as const;

/** The problem with an e-mail address as typed (it is trimmed first), or null. */
export function emailProblem(value: string): string | null {
  const email = value.trim();
  if (!email) return fieldMessages.emailRequired;
  if (email.length > EMAIL_MAX) return fieldMessages.emailTooLong;
  return EMAIL_PATTERN.test(email) ? null : fieldMessages.emailInvalid;
}

// Letters of any script (with their combining marks), spaces, apostrophes, hyphens and periods.
const NAME_PATTERN = /^[\p{L}\p{M}' \u2019.\u2010-]+$/u;
// A name is never a link or an address: it may be shown in pages and e-mails. A bare domain is a
// letter or digit, a dot and two or more letters ("evilbank.com", "bit.ly"); "St. John" is not one.
const NAME_LINK = /:\/\/|@|www\.|[\p{L}\p{N}]\.\p{L}{2,}/iu;

/** The text as a mail client or browser may show it: NFKC ("ｗｗｗ．" is "www.") and every ideographic full stop a dot. */
const asShown = (text: string) => text.normalize('NFKC').replace(/[\u3002\uFF61]/g, '.');

/**
 * First and last name: required, at most 100 characters once trimmed, letters of any script,
 * spaces, apostrophes, hyphens and periods, and never a web or e-mail address.
 */
export function nameProblem(label: 'First name' | 'Last name', value: string): string | null {
  const name = value.trim();
  if (!name) return `${label} is required`;
  if (name.length > NAME_MAX) return `${label} must be at most ${NAME_MAX} characters`;
  if (NAME_LINK.test(asShown(name))) return `${label} cannot contain a web or e-mail address`;
  return NAME_PATTERN.test(name) ? null : `${label} can only use letters, spaces, apostrophes, hyphens and periods`;
}

/**
 * A new password at sign-up or reset (spec 5: at least 8 characters), never with a space at either
 * end (sign-in trims what is typed, so such a password could never be typed back).
 */
export function newPasswordProblem(value: string): string | null {
  return value.trim() ? setPasswordProblem(value) : fieldMessages.passwordRequired;
}

export interface SignUpFields {
  email: string;
  firstName: string;
  lastName: string;
  /** As sent: the dial code followed by the digits, or '' (see composePhoneNumber). */
  phoneNumber: string;
  password: string;
}

export type SignUpProblems = Partial<Record<keyof SignUpFields, string>>;

/**
 * The sign-up form's check before it sends. The phone number gets the light shape check here;
 * the server's schema adds libphonenumber's check for the country (src/lib/phone.ts says why).
 */
export function signUpProblems(fields: SignUpFields): SignUpProblems {
  const found: SignUpProblems = {};
  const checks: Array<[keyof SignUpFields, string | null]> = [
    ['email', emailProblem(fields.email)],
    ['firstName', nameProblem('First name', fields.firstName)],
    ['lastName', nameProblem('Last name', fields.lastName)],
    ['phoneNumber', phoneShapeProblem(fields.phoneNumber.trim())],
    ['password', newPasswordProblem(fields.password)],
  ];
  for (const [field, problem] of checks) if (problem) found[field] = problem;
  return found;
}
