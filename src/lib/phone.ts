// The phone number at sign-up (DESIGN.md difference 12): optional, and when given, the country's
// dial code followed directly by the number (spec 3), 5 to 18 digits in all. One rule for the form
// and the server.

export const PHONE_INVALID = 'Please enter a valid phone number';

/** The number as stored: dial code + digits, or '' when none was given. */
export function composePhoneNumber(dial: string, national: string): string {
  const digits = national.replace(/\D/g, '');
  return digits ? dial + digits : '';
}

/** The problem with a composed number, or null when it is fine (an empty one is fine: optional). */
export function phoneProblem(composed: string): string | null {
  if (composed === '') return null;
  return /^\+\d{5,18}$/.test(composed) ? null : PHONE_INVALID;
}
