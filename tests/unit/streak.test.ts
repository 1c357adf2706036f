import { assertEquals } from '../helpers/assert.ts';
import {
  addDays,
  chooseReminder,
  dayIn,
  DAYS_PER_FREEZE,
  daysBetween,
  goalProgress,
  hourIn,
  MAX_FREEZES,
  NO_STREAK,
  recordActivityDay,
  REMINDER_HOUR,
  streakOn,
  type StreakState,
  validTimeZone,
} from '../../src/lib/streak.ts';

/** The streak after activity at each instant, each counted on its day in `zone`. */
const activeAt = (zone: string, instants: string[], from: StreakState = NO_STREAK) =>
  instants.reduce((state, at) => recordActivityDay(state, dayIn(new Date(at), zone)), from);

/** The streak after activity on each day (YYYY-MM-DD). */
const activeOn = (days: string[], from: StreakState = NO_STREAK) => days.reduce(recordActivityDay, from);

/** `n` consecutive days from `first`. */
const run = (first: string, n: number) => Array.from({ length: n }, (_, i) => addDays(first, i));

Deno.test("a day is the calendar day in the learner's time zone, east and west of UTC", () => {
  const table: Array<[instant: string, zone: string | null, day: string]> = [
    ['2026-01-15T03:30:00Z', 'UTC', '2026-01-15'],
    ['2026-01-15T03:30:00Z', null, '2026-01-15'],
    ['2026-01-15T03:30:00Z', 'Not/AZone', '2026-01-15'],
    ['2026-01-15T03:30:00Z', 'America/Los_Angeles', '2026-01-14'], // UTC-8: 19:30 the day before
    ['2026-01-15T03:30:00Z', 'Asia/Tokyo', '2026-01-15'],
    ['2026-01-15T11:30:00Z', 'Pacific/Auckland', '2026-01-16'], // UTC+13 in January: 00:30 the next day
    ['2026-01-15T18:45:00Z', 'Asia/Kolkata', '2026-01-16'], // UTC+5:30: 00:15
    ['2026-01-15T18:15:00Z', 'Asia/Kolkata', '2026-01-15'], // 23:45
    ['2026-06-01T11:00:00Z', 'Pacific/Kiritimati', '2026-06-02'], // UTC+14
    ['2026-06-01T11:00:00Z', 'Pacific/Honolulu', '2026-06-01'], // UTC-10
    ['2026-12-31T23:30:00Z', 'Europe/Berlin', '2027-01-01'],
  ];
  for (const [instant, zone, day] of table) assertEquals(dayIn(new Date(instant), zone), day, `${instant} in ${zone}`);
});

Deno.test('days follow daylight-saving changes in America/New_York and Europe/Berlin (23- and 25-hour days)', () => {
  const table: Array<[instant: string, zone: string, day: string]> = [
    // New York springs forward on 2026-03-08 (a 23-hour day) and falls back on 2026-11-01 (25 hours).
    ['2026-03-08T04:59:00Z', 'America/New_York', '2026-03-07'], // 23:59 EST
    ['2026-03-08T05:00:00Z', 'America/New_York', '2026-03-08'], // 00:00 EST
    ['2026-03-09T03:59:00Z', 'America/New_York', '2026-03-08'], // 23:59 EDT
    ['2026-03-09T04:00:00Z', 'America/New_York', '2026-03-09'], // 00:00 EDT
    ['2026-11-01T04:00:00Z', 'America/New_York', '2026-11-01'], // 00:00 EDT
    ['2026-11-02T04:59:00Z', 'America/New_York', '2026-11-01'], // 23:59 EST
    ['2026-11-02T05:00:00Z', 'America/New_York', '2026-11-02'],
    // Berlin springs forward on 2026-03-29 and falls back on 2026-10-25.
    ['2026-03-28T23:00:00Z', 'Europe/Berlin', '2026-03-29'], // 00:00 CET
    ['2026-03-29T21:59:00Z', 'Europe/Berlin', '2026-03-29'], // 23:59 CEST
    ['2026-03-29T22:00:00Z', 'Europe/Berlin', '2026-03-30'],
    ['2026-10-24T22:00:00Z', 'Europe/Berlin', '2026-10-25'], // 00:00 CEST
    ['2026-10-25T22:59:00Z', 'Europe/Berlin', '2026-10-25'], // 23:59 CET
    ['2026-10-25T23:00:00Z', 'Europe/Berlin', '2026-10-26'],
  ];
  for (const [instant, zone, day] of table) assertEquals(dayIn(new Date(instant), zone), day, `${instant} in ${zone}`);
  assertEquals(hourIn(new Date('2026-03-08T06:59:00Z'), 'America/New_York'), 1);
  assertEquals(
    hourIn(new Date('2026-03-08T07:00:00Z'), 'America/New_York'),
    3,
    'the hour 02:00-02:59 does not exist that day',
  );
  assertEquals(hourIn(new Date('2026-10-25T00:30:00Z'), 'Europe/Berlin'), 2);
  assertEquals(
    hourIn(new Date('2026-10-25T01:30:00Z'), 'Europe/Berlin'),
    2,
    'the hour 02:00-02:59 happens twice that day',
  );
  assertEquals(hourIn(new Date('2026-01-15T00:30:00Z'), 'UTC'), 0);
  assertEquals(hourIn(new Date('2026-01-15T23:30:00Z'), null), 23);
});

Deno.test("streak days are calendar days in the learner's zone, never 24-hour spans", () => {
  const table: Array<[name: string, zone: string, instants: string[], current: number]> = [
    // Tokyo (east of UTC): 01:00 and 23:00 on 2 June are one day, though they fall on two UTC days.
    ['Tokyo, one local day on two UTC days', 'Asia/Tokyo', ['2026-06-01T16:00:00Z', '2026-06-02T14:00:00Z'], 1],
    // Los Angeles (west of UTC): 23:00 on 1 June and 01:00 on 2 June are two days, on one UTC day.
    ['Los Angeles, two local days on one UTC day', 'America/Los_Angeles', [
      '2026-06-02T06:00:00Z',
      '2026-06-02T08:00:00Z',
    ], 2],
    // New York's 23-hour day: 23:30 on 7 March and 23:30 on 8 March are 23 hours apart, consecutive days.
    ['New York, the spring-forward day', 'America/New_York', ['2026-03-08T04:30:00Z', '2026-03-09T03:30:00Z'], 2],
    // 22:00 on 7 March, then 00:30 on 9 March: 25.5 hours apart, but 8 March was missed.
    ['New York, a missed 23-hour day', 'America/New_York', ['2026-03-08T03:00:00Z', '2026-03-09T04:30:00Z'], 1],
    // Berlin's 25-hour day: 00:05 and 23:55 on 25 October are 24 h 50 min apart, one day.
    ['Berlin, the fall-back day', 'Europe/Berlin', ['2026-10-24T22:05:00Z', '2026-10-25T22:55:00Z'], 1],
    ['Berlin, across the fall-back day', 'Europe/Berlin', [
      '2026-10-24T21:00:00Z',
      '2026-10-25T12:00:00Z',
      '2026-10-26T06:00:00Z',
    ], 3],
    ['Berlin, across the spring-forward day', 'Europe/Berlin', ['2026-03-28T22:30:00Z', '2026-03-29T21:30:00Z'], 2],
  ];
  for (const [name, zone, instants, current] of table) assertEquals(activeAt(zone, instants).current, current, name);
});

Deno.test('activity on the next day grows the streak; the same day or an earlier one changes nothing', () => {
  const two = activeOn(['2026-05-01', '2026-05-02']);
  assertEquals(two, { current: 2, longest: 2, lastDay: '2026-05-02', freezes: 0, frozenDays: [] });
  assertEquals(recordActivityDay(two, '2026-05-02'), two);
  assertEquals(
    recordActivityDay(two, '2026-04-30'),
    two,
    'a day before the last one (a time-zone change west) is ignored',
  );
  assertEquals(recordActivityDay(NO_STREAK, '2026-05-01'), {
    current: 1,
    longest: 1,
    lastDay: '2026-05-01',
    freezes: 0,
    frozenDays: [],
  });
});

Deno.test('a freeze is earned on day 7 of a streak (not before), one per 7 days, at most 2 held', () => {
  const table: Array<[days: number, freezes: number]> = [
    [1, 0],
    [DAYS_PER_FREEZE - 1, 0],
    [DAYS_PER_FREEZE, 1],
    [DAYS_PER_FREEZE + 6, 1],
    [2 * DAYS_PER_FREEZE, 2],
    [3 * DAYS_PER_FREEZE, MAX_FREEZES],
    [5 * DAYS_PER_FREEZE, MAX_FREEZES],
  ];
  for (const [days, freezes] of table) {
    const state = activeOn(run('2026-01-01', days));
    assertEquals([state.current, state.freezes], [days, freezes], `${days} days`);
  }
  assertEquals(MAX_FREEZES, 2);
});

Deno.test('missed days: each freeze covers one; without enough freezes the streak starts again at 1', () => {
  const week = activeOn(run('2026-01-01', 7)); // 1-7 January, one freeze earned
  const fortnight = activeOn(run('2026-01-01', 14)); // 1-14 January, two freezes
  const table: Array<[name: string, from: StreakState, next: string, expected: Partial<StreakState>]> = [
    ['one missed day, one freeze: covered', week, '2026-01-09', { current: 8, freezes: 0, frozenDays: ['2026-01-08'] }],
    ['one missed day, no freeze: broken', activeOn(run('2026-01-01', 6)), '2026-01-08', {
      current: 1,
      longest: 6,
      freezes: 0,
      frozenDays: [],
    }],
    ['two missed days, one freeze: broken, the freeze kept', week, '2026-01-10', {
      current: 1,
      longest: 7,
      freezes: 1,
      frozenDays: [],
    }],
    ['two missed days, two freezes: covered', fortnight, '2026-01-17', {
      current: 15,
      freezes: 0,
      frozenDays: ['2026-01-15', '2026-01-16'],
    }],
    ['three missed days, two freezes: broken', fortnight, '2026-01-18', {
      current: 1,
      longest: 14,
      freezes: 2,
      frozenDays: [],
    }],
    ['one missed day, two freezes: one used', fortnight, '2026-01-16', {
      current: 15,
      freezes: 1,
      frozenDays: ['2026-01-15'],
    }],
  ];
  for (const [name, from, next, expected] of table) {
    const after = recordActivityDay(from, next);
    assertEquals(
      Object.fromEntries(Object.keys(expected).map((k) => [k, after[k as keyof StreakState]])),
      expected,
      name,
    );
    assertEquals(after.lastDay, next, name);
  }
  // A frozen day is not an active day: the covered streak reaches day 14 (a second freeze) only on its 14th active day.
  const covered = activeOn(['2026-01-09', ...run('2026-01-10', 5)], week); // 8th to 13th active day
  assertEquals([covered.current, covered.freezes], [13, 0]);
  assertEquals(recordActivityDay(covered, '2026-01-15').freezes, 1);
});

Deno.test('the streak on a day: alive while today or yesterday was active or freezes cover the gap; at risk only when missing today would end it', () => {
  const week = activeOn(run('2026-01-01', 7)); // last active 7 January, one freeze
  const six = activeOn(run('2026-01-01', 6)); // last active 6 January, no freeze
  const table: Array<[name: string, state: StreakState, today: string, expected: ReturnType<typeof streakOn>]> = [
    ['no activity ever', NO_STREAK, '2026-01-07', {
      current: 0,
      atRisk: false,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: 0,
    }],
    ['active today', week, '2026-01-07', {
      current: 7,
      atRisk: false,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: 1,
    }],
    ['active yesterday, no freeze: at risk', six, '2026-01-07', {
      current: 6,
      atRisk: true,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: 0,
    }],
    ['active yesterday, a freeze would cover today', week, '2026-01-08', {
      current: 7,
      atRisk: false,
      coveredIfMissed: true,
      freezesNeeded: 0,
      freezesLeft: 1,
    }],
    ['one day missed, its freeze used: at risk', week, '2026-01-09', {
      current: 7,
      atRisk: true,
      coveredIfMissed: false,
      freezesNeeded: 1,
      freezesLeft: 0,
    }],
    ['two days missed with one freeze: ended', week, '2026-01-10', {
      current: 0,
      atRisk: false,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: 1,
    }],
    ['one day missed without a freeze: ended', six, '2026-01-08', {
      current: 0,
      atRisk: false,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: 0,
    }],
    ['a day before the last active one (zone moved west)', six, '2026-01-05', {
      current: 6,
      atRisk: false,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: 0,
    }],
  ];
  for (const [name, state, today, expected] of table) assertEquals(streakOn(state, today), expected, name);
});

Deno.test("today's goal counts lessons and review sessions together", () => {
  const table: Array<
    [today: { lessons: number; reviews: number }, goal: number, expected: { done: number; goal: number; met: boolean }]
  > = [
    [{ lessons: 0, reviews: 0 }, 1, { done: 0, goal: 1, met: false }],
    [{ lessons: 1, reviews: 0 }, 1, { done: 1, goal: 1, met: true }],
    [{ lessons: 0, reviews: 1 }, 1, { done: 1, goal: 1, met: true }],
    [{ lessons: 1, reviews: 1 }, 3, { done: 2, goal: 3, met: false }],
    [{ lessons: 4, reviews: 2 }, 5, { done: 6, goal: 5, met: true }],
    [{ lessons: 0, reviews: 0 }, 0, { done: 0, goal: 1, met: false }],
  ];
  for (const [today, goal, expected] of table) {
    assertEquals(goalProgress(today, goal), expected, JSON.stringify([today, goal]));
  }
});

Deno.test('only IANA time zone names are valid', () => {
  const table: Array<[zone: unknown, valid: string | null]> = [
    ['Europe/Berlin', 'Europe/Berlin'],
    ['America/New_York', 'America/New_York'],
    ['UTC', 'UTC'],
    ['Mars/Olympus_Mons', null],
    ['', null],
    [123, null],
    [null, null],
    ['Europe/' + 'x'.repeat(80), null],
  ];
  for (const [zone, valid] of table) assertEquals(validTimeZone(zone), valid, String(zone));
});

Deno.test('calendar arithmetic across months, years and a leap day', () => {
  assertEquals(addDays('2026-01-31', 1), '2026-02-01');
  assertEquals(addDays('2026-12-31', 1), '2027-01-01');
  assertEquals(addDays('2028-02-28', 1), '2028-02-29');
  assertEquals(addDays('2026-03-01', -1), '2026-02-28');
  assertEquals(daysBetween('2026-03-07', '2026-03-09'), 2);
  assertEquals(daysBetween('2026-12-31', '2027-01-01'), 1);
  assertEquals(daysBetween('2026-05-02', '2026-05-01'), -1);
});

Deno.test('a reminder from 18:00 local time: keep-your-streak before review-is-due, never when nothing applies', () => {
  const base = {
    hour: 18,
    remindReview: true,
    remindStreak: true,
    streak: { current: 3 },
    today: { lessons: 0, reviews: 0 },
    dueReviews: 2,
  };
  const table: Array<[name: string, input: Partial<typeof base>, kind: ReturnType<typeof chooseReminder>]> = [
    ['both apply: the streak one', {}, 'streak'],
    ['before 18:00: none', { hour: 17 }, null],
    ['at 23:00', { hour: 23 }, 'streak'],
    ['streak reminders off: the review one', { remindStreak: false }, 'review'],
    ['no streak: the review one', { streak: { current: 0 } }, 'review'],
    ['a lesson today: the review one (reviews still due)', { today: { lessons: 1, reviews: 0 } }, 'review'],
    ['a review session today: none', { today: { lessons: 0, reviews: 1 } }, null],
    ['nothing due and no streak: none', { streak: { current: 0 }, dueReviews: 0 }, null],
    ['both off: none', { remindReview: false, remindStreak: false }, null],
    ['review off, nothing done, no streak: none', { remindReview: false, streak: { current: 0 } }, null],
  ];
  for (const [name, input, kind] of table) assertEquals(chooseReminder({ ...base, ...input }), kind, name);
  assertEquals(REMINDER_HOUR, 18);
});
