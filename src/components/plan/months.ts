// "Month 4" of a plan as a calendar month, counted from this month (UTC, so the server's first
// paint and the browser agree).
const MONTH = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

export function monthName(monthsFromNow: number, now = new Date()): string {
  return MONTH.format(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + monthsFromNow, 1)));
}

/** "month 4 (Apr 2027)". */
export const monthText = (month: number) => `month ${month} (${monthName(month)})`;
