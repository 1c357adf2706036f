// Password rules shared by the islands and the server (spec sections 5 and 8).
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 256;

export const messages = {
  tooShort: 'Password must be at least 8 characters long',
  tooLong: 'Password must be at most 256 characters long',
  mismatch: 'Passwords do not match',
  common: 'This password is too common. Please choose a less guessable one.',
  context: "Please choose a password without your name, your e-mail address or the app's name in it.",
  edgeSpace: 'Password cannot start or end with a space',
} as const;

/**
 * Every password screen has the sign-up rules (the server also refuses the most common passwords
 * and context words): the first broken rule's message, or null. Sign-in trims what is typed, so
 * a password with a space at either end is refused rather than stored (issue 50).
 */
export function setPasswordProblem(value: string): string | null {
  const password = value.trim();
  if (password && password !== value) return messages.edgeSpace;
  if (password.length < PASSWORD_MIN) return messages.tooShort;
  if (password.length > PASSWORD_MAX) return messages.tooLong;
  return null;
}

/** The password rules, then the confirmation. */
export function checkSetPassword(password: string, confirm: string): string | null {
  return setPasswordProblem(password) ?? (password !== confirm ? messages.mismatch : null);
}

/** Reset rules (5): match, then length of the trimmed password (as the API counts it). */
export function checkBasicPassword(password: string, confirm: string): string | null {
  if (password !== confirm) return messages.mismatch;
  if (password.trim() && password.trim() !== password) return messages.edgeSpace;
  if (password.trim().length < PASSWORD_MIN) return messages.tooShort;
  if (password.trim().length > PASSWORD_MAX) return messages.tooLong;
  return null;
}

export type Strength = 'too-short' | 'weak' | 'medium' | 'strong';

/** Reset-password strength meter (5): one point each for 12+ chars, upper, lower, digit, symbol. */
export function passwordStrength(password: string): { strength: Strength; score: number; label: string } {
  if (password.length < PASSWORD_MIN) return { strength: 'too-short', score: 0, label: 'Too short' };
  let score = 0;
  if (password.length >= 12) score++;
  if (/[A-Z]/.test(password)) score++;
  if (/[a-z]/.test(password)) score++;
  if (/[0-9]/.test(password)) score++;
  if (/[^A-Za-z0-9]/.test(password)) score++;
  if (score < 3) return { strength: 'weak', score, label: 'Weak' };
  if (score === 3) return { strength: 'medium', score, label: 'Medium' };
  return { strength: 'strong', score, label: 'Strong' };
}
