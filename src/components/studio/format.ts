// How the statistics screens write figures: shares as whole percents, correlations to two decimals,
// durations in minutes and seconds; a figure that cannot be known is a dash.
export const percent = (share: number | null): string => (share === null ? '—' : `${Math.round(share * 100)}%`);

export const ofTotal = (count: number, total: number): string =>
  total > 0
    ? `${count.toLocaleString('en-US')} (${Math.round((count / total) * 100)}%)`
    : count.toLocaleString('en-US');

export const correlation = (value: number | null): string => (value === null ? '—' : value.toFixed(2));

export function duration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 120) return `${minutes} min ${seconds % 60} s`;
  const hours = Math.floor(minutes / 60);
  return hours < 48 ? `${hours} h ${minutes % 60} min` : `${Math.floor(hours / 24)} days`;
}
