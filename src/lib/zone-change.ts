// A change of time zone takes effect from the learner's next local day (issue 53): until then the
// day keeps being counted in the old zone, so travelling or picking another zone never makes "day 2"
// of a streak start an hour after day 1, and no day counts twice. Pure.
import { addDays, dayIn, validTimeZone } from './streak.ts';

/** The zone columns of a learner (users.time_zone, next_time_zone, next_time_zone_at). */
export interface ZoneRow {
  timeZone: string | null;
  nextTimeZone: string | null;
  nextTimeZoneAt: Date | null;
}

/** The zone days are counted in at `now`: the waiting one once its instant has come. */
export function zoneInForce(row: ZoneRow, now: Date): string | null {
  return row.nextTimeZone && row.nextTimeZoneAt && row.nextTimeZoneAt.getTime() <= now.getTime()
    ? row.nextTimeZone
    : row.timeZone;
}

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** How far `zone`'s wall clock is ahead of UTC at `instant`, in ms. */
function offsetMs(instant: number, zone: string): number {
  let format = offsetFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    if (offsetFormats.size < 1000) offsetFormats.set(zone, format);
  }
  const p = Object.fromEntries(format.formatToParts(instant).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year, p.month - 1, p.day, p.hour % 24, p.minute, p.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant `day` (YYYY-MM-DD) begins in `zone`. */
export function startOfDayIn(day: string, zone: string): Date {
  const midnight = Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));
  let t = midnight;
  // Two rounds settle the offset, also across a daylight-saving change.
  for (let i = 0; i < 3; i++) t = midnight - offsetMs(t, zone);
  return new Date(t);
}

/**
 * When a change from `from` to `to`, asked at `now`, takes effect: once the next day has begun in
 * both zones, so the new zone's first day follows the old zone's last one.
 */
export function zoneChangeAt(now: Date, from: string, to: string): Date {
  const next = addDays(dayIn(now, from), 1);
  return new Date(Math.max(startOfDayIn(next, from).getTime(), startOfDayIn(next, to).getTime()));
}

/** What to store when the learner (or their browser) asks for `asked` at `now`; null: nothing changes. */
export function planZoneChange(row: ZoneRow, asked: string | null | undefined, now: Date): ZoneRow | null {
  const zone = validTimeZone(asked);
  if (!zone) return null;
  const current = zoneInForce(row, now);
  // The first zone we learn applies at once: no day has been counted in another one.
  if (current === null) return { timeZone: zone, nextTimeZone: null, nextTimeZoneAt: null };
  const settled = row.timeZone === current && row.nextTimeZone === null;
  if (zone === current) return settled ? null : { timeZone: current, nextTimeZone: null, nextTimeZoneAt: null };
  if (zone === row.nextTimeZone && row.timeZone === current) return null;
  return { timeZone: current, nextTimeZone: zone, nextTimeZoneAt: zoneChangeAt(now, current, zone) };
}
