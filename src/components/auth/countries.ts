import list from '../../lib/countries.json';

export interface Country {
  code: string;
  name: string;
  dial: string;
}

/** 245 countries and territories (ISO 3166 regions with calling codes), by name. */
export const COUNTRIES: Country[] = (list as [string, string, string][]).map(([code, name, dial]) => ({
  code,
  name,
  dial,
}));
export const DEFAULT_COUNTRY = 'US';

/** The flag emoji of an ISO 3166 code (regional indicator symbols). */
export function flagOf(code: string): string {
  return String.fromCodePoint(...[...code.toUpperCase()].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));
}

/** The stored phone number: the dial code directly followed by the digits entered. */
export function composePhone(dial: string, number: string): string {
  return dial + number.replace(/\D/g, '');
}
