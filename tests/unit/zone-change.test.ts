// Issue 53: a change of time zone takes effect from the next local day, so no day counts twice.
import { assertEquals } from '../helpers/assert.ts';
import { planZoneChange, startOfDayIn, zoneChangeAt, zoneInForce } from '../../src/lib/zone-change.ts';
import { dayIn } from '../../src/lib/streak.ts';

const at = (iso: string) => new Date(iso);

Deno.test('zone change: the start of a day in a zone, also on a daylight-saving day and a half-hour zone', () => {
  assertEquals(startOfDayIn('2026-07-01', 'America/New_York').toISOString(), '2026-07-01T04:00:00.000Z');
  assertEquals(startOfDayIn('2026-01-15', 'America/New_York').toISOString(), '2026-01-15T05:00:00.000Z');
  assertEquals(startOfDayIn('2026-03-08', 'America/New_York').toISOString(), '2026-03-08T05:00:00.000Z');
  assertEquals(startOfDayIn('2026-07-01', 'Asia/Kolkata').toISOString(), '2026-06-30T18:30:00.000Z');
  assertEquals(startOfDayIn('2026-07-01', 'UTC').toISOString(), '2026-07-01T00:00:00.000Z');
});

Deno.test('zone change: flying east at 20:00 in New York keeps the day until New York midnight; Tokyo is then on the next day', () => {
  // 2026-07-01 20:00 in New York (UTC-4) is 2026-07-02 09:00 in Tokyo.
  const now = at('2026-07-02T00:00:00Z');
  const change = zoneChangeAt(now, 'America/New_York', 'Asia/Tokyo');
  assertEquals(change.toISOString(), '2026-07-02T04:00:00.000Z'); // New York's midnight
  assertEquals(dayIn(new Date(change.getTime() - 1), 'America/New_York'), '2026-07-01');
  assertEquals(dayIn(change, 'Asia/Tokyo'), '2026-07-02'); // the very next day: none skipped, none twice
});

Deno.test("zone change: flying west waits for the new zone's midnight, so the old day is never lived twice", () => {
  // 2026-07-01 20:00 in Tokyo (UTC+9) is 2026-07-01 07:00 in New York.
  const now = at('2026-07-01T11:00:00Z');
  const change = zoneChangeAt(now, 'Asia/Tokyo', 'America/New_York');
  assertEquals(change.toISOString(), '2026-07-02T04:00:00.000Z'); // New York's midnight into 07-02
  assertEquals(dayIn(new Date(change.getTime() - 1), 'Asia/Tokyo'), '2026-07-02'); // Tokyo already counted 07-02
  assertEquals(dayIn(change, 'America/New_York'), '2026-07-02'); // and New York goes on from the same day
});

Deno.test('zone change: what is stored, and which zone is in force when', () => {
  const row = { timeZone: 'Europe/Berlin', nextTimeZone: null, nextTimeZoneAt: null };
  const now = at('2026-05-10T12:00:00Z');
  assertEquals(planZoneChange(row, 'Europe/Berlin', now), null, 'the same zone changes nothing');
  assertEquals(planZoneChange(row, 'Not/AZone', now), null, 'an unknown zone changes nothing');
  const planned = planZoneChange(row, 'America/Chicago', now)!;
  assertEquals(planned.timeZone, 'Europe/Berlin');
  assertEquals(planned.nextTimeZone, 'America/Chicago');
  assertEquals(planned.nextTimeZoneAt!.toISOString(), '2026-05-11T05:00:00.000Z'); // Chicago's midnight (UTC-5)
  assertEquals(zoneInForce(planned, now), 'Europe/Berlin');
  assertEquals(zoneInForce(planned, at('2026-05-11T04:59:59Z')), 'Europe/Berlin');
  assertEquals(zoneInForce(planned, at('2026-05-11T05:00:00Z')), 'America/Chicago');
  assertEquals(planZoneChange(planned, 'America/Chicago', now), null, 'asking again changes nothing');
  assertEquals(planZoneChange(planned, 'Europe/Berlin', now), { ...row }, 'going back cancels the change');
  // Once in force, the next change starts from it.
  const later = planZoneChange(planned, 'Asia/Tokyo', at('2026-05-12T12:00:00Z'))!;
  assertEquals(later.timeZone, 'America/Chicago');
  assertEquals(later.nextTimeZone, 'Asia/Tokyo');
  // The first zone we learn applies at once.
  assertEquals(planZoneChange({ timeZone: null, nextTimeZone: null, nextTimeZoneAt: null }, 'Asia/Tokyo', now), {
    timeZone: 'Asia/Tokyo',
    nextTimeZone: null,
    nextTimeZoneAt: null,
  });
});
