// The phone number at sign-up (docs/DESIGN.md difference 12): optional, and when given, the country's
// dial code followed directly by the number (spec 3). One rule in two strengths:
// - phoneShapeProblem, the light check the sign-up form runs: a plus and 5 to 18 digits. The
//   form's island does not ship libphonenumber's metadata (about 80 kB) for it.
// - phoneProblem, the server's authoritative check (schemas.ts): the shape, then
//   libphonenumber-js with its `min` metadata: a known country calling code and a length that
//   country's numbers can have. "Possible", not "valid": validity also matches the digits against
//   the numbering plan, which refuses the spec's own placeholder (555-123-4567) and the reserved
//   fictional ranges people type when trying the app, and lags behind newly opened ranges.
//   Whatever the form lets through and the server refuses comes back as the field's message.
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

export const PHONE_INVALID = 'Please enter a valid phone number';

/** The number as stored: dial code + digits, or '' when none was given. */
export function composePhoneNumber(dial: string, national: string): string {
  const digits = national.replace(/\D/g, '');
  return digits ? dial + digits : '';
}

/** The form's light check of a composed number, or null when it is fine (an empty one is: optional). */
export function phoneShapeProblem(composed: string): string | null {
  if (composed === '') return null;
  return /^\+\d{5,18}$/.test(composed) ? null : PHONE_INVALID;
}

/** The server's check: the shape, then a possible number for its country calling code. */
export function phoneProblem(composed: string): string | null {
  if (composed === '') return null;
  if (phoneShapeProblem(composed)) return PHONE_INVALID;
  return parsePhoneNumberFromString(composed)?.isPossible() ? null : PHONE_INVALID;
}
