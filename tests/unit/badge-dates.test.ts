// A badge's date on the server reads as en-US writes it in UTC ("Aug 28, 2026"), for any date.
import { utcDate } from '../../src/components/dashboard/badge-dates.ts';
import { assertEquals } from '../helpers/assert.ts';

const intl = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

Deno.test('utcDate writes every day of several years as Intl en-US does in UTC, at midnight and just before', () => {
  for (let day = Date.UTC(2023, 0, 1); day < Date.UTC(2029, 0, 1); day += 86_400_000) {
    for (const at of [day, day + 86_400_000 - 1]) {
      const iso = new Date(at).toISOString();
      assertEquals(utcDate(iso), intl.format(new Date(at)), iso);
    }
  }
});
