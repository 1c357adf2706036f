// A badge's date: in UTC or the learner's stored zone on the server, in the browser's zone there.
// The browser's formatter is made once: building one costs far more than using it.

const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let localDates: Intl.DateTimeFormat | undefined;

/** A day ("YYYY-MM-DD") as en-US writes it: "Aug 28, 2026". */
export const shortDate = (day: string): string =>
  `${MONTHS[+day.slice(5, 7) - 1]} ${+day.slice(8, 10)}, ${day.slice(0, 4)}`;

/** "Aug 28, 2026", as en-US writes the UTC date of a toISOString() time, without Intl or parsing. */
export const utcDate = (iso: string): string => shortDate(iso.slice(0, 10));

export const localDate = (iso: string): string =>
  (localDates ??= new Intl.DateTimeFormat('en-US', DATE)).format(new Date(iso));
