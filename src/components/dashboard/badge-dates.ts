// A badge's date: in UTC on the server (the learner's zone is the browser's), in the browser's zone there.
// The browser's formatter is made once: building one costs far more than using it.

const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
let localDates: Intl.DateTimeFormat | undefined;

/** "Aug 28, 2026", as en-US writes a UTC date, without Intl (a page may show many badges). */
export const utcDate = (iso: string): string => {
  const date = new Date(iso);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
};

export const localDate = (iso: string): string =>
  (localDates ??= new Intl.DateTimeFormat('en-US', DATE)).format(new Date(iso));
