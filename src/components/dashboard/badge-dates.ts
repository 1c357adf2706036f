// A badge's date: in UTC on the server (the learner's zone is the browser's), in the browser's zone there.
// One formatter each, made once: building one costs far more than using it.

const DATE = { year: 'numeric', month: 'short', day: 'numeric' } as const;
const utcDates = new Intl.DateTimeFormat('en-US', { ...DATE, timeZone: 'UTC' });
let localDates: Intl.DateTimeFormat | undefined;

export const utcDate = (iso: string): string => utcDates.format(new Date(iso));

export const localDate = (iso: string): string =>
  (localDates ??= new Intl.DateTimeFormat('en-US', DATE)).format(new Date(iso));
