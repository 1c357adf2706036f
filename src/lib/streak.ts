// The daily streak and the daily goal (docs/DESIGN.md difference 9). Pure. A day is a calendar day in
// the learner's own time zone (their browser's), so "yesterday" is right across time zones and
// daylight-saving changes: days are compared as dates, never as 24-hour spans.

/** Freezes are earned one per this many days of streak, and at most this many are held. */
export const DAYS_PER_FREEZE = 7;
export const MAX_FREEZES = 2;
export const DEFAULT_DAILY_GOAL = 1;
export const DAILY_GOAL_CHOICES = [1, 2, 3, 5] as const;
export type DailyGoal = (typeof DAILY_GOAL_CHOICES)[number];

export interface StreakState {
  /** Days in a row with activity, frozen days bridging a gap (they are not counted as active). */
  current: number;
  longest: number;
  /** The last day with activity, YYYY-MM-DD. */
  lastDay: string | null;
  freezes: number;
  /** Days a freeze covered, newest last. */
  frozenDays: string[];
}

export const NO_STREAK: StreakState = { current: 0, longest: 0, lastDay: null, freezes: 0, frozenDays: [] };

// One formatter per zone (building one costs far more than using it); `null` marks a name Intl refused.
const dayFormats = new Map<string, Intl.DateTimeFormat | null>();
const hourFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormatFor(zone: string): Intl.DateTimeFormat | null {
  let format = dayFormats.get(zone);
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat('en-US', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    } catch {
      format = null;
    }
    if (dayFormats.size < 1000) dayFormats.set(zone, format);
  }
  return format;
}

/** A valid IANA time zone name (as the browser reports it), or null. */
export function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return null;
  return dayFormatFor(zone) ? zone : null;
}

/** The calendar day (YYYY-MM-DD) at `instant` in `timeZone` (UTC when it is unknown). */
export function dayIn(instant: Date, timeZone: string | null | undefined): string {
  const format = (validTimeZone(timeZone) && dayFormatFor(timeZone!)) || dayFormatFor('UTC')!;
  // From the parts, not the formatted text: its order and separators vary by locale data.
  let year = '';
  let month = '';
  let day = '';
  for (const part of format.formatToParts(instant)) {
    if (part.type === 'year') year = part.value;
    else if (part.type === 'month') month = part.value;
    else if (part.type === 'day') day = part.value;
  }
  return `${year}-${month}-${day}`;
}

/** The hour (0-23) at `instant` in `timeZone` (UTC when it is unknown). */
export function hourIn(instant: Date, timeZone: string | null | undefined): number {
  const zone = validTimeZone(timeZone) ?? 'UTC';
  let format = hourFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' });
    if (hourFormats.size < 1000) hourFormats.set(zone, format);
  }
  return Number(format.formatToParts(instant).find((p) => p.type === 'hour')?.value ?? 0) % 24;
}

const utcOf = (day: string) => Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10));

/** Whole calendar days from `a` to `b` (YYYY-MM-DD): 1 when b is the day after a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((utcOf(b) - utcOf(a)) / 86_400_000);
}

/** The day `n` days after (or, negative, before) a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  return new Date(utcOf(day) + n * 86_400_000).toISOString().slice(0, 10);
}

/**
 * The streak after activity on `day`. Activity on the same day changes nothing; on the next day
 * it grows by one; after missed days it grows by one if freezes cover every missed day (each
 * freeze covers one), otherwise it starts again at 1 (freezes in hand are kept). Each 7th day of
 * a streak earns a freeze (at most 2 held). Activity dated before the last day (a clock or
 * time-zone change) changes nothing.
 */
export function recordActivityDay(state: StreakState, day: string): StreakState {
  if (state.lastDay === day) return state;
  if (state.lastDay && daysBetween(state.lastDay, day) < 0) return state;
  let { current, freezes } = state;
  let frozenDays = state.frozenDays;
  const gap = state.lastDay ? daysBetween(state.lastDay, day) - 1 : null;
  if (gap === null || current === 0) current = 1;
  else if (gap === 0) current += 1;
  else if (gap <= freezes) {
    freezes -= gap;
    frozenDays = [...frozenDays, ...Array.from({ length: gap }, (_, i) => addDays(state.lastDay!, i + 1))].slice(-30);
    current += 1;
  } else current = 1;
  if (current % DAYS_PER_FREEZE === 0) freezes = Math.min(MAX_FREEZES, freezes + 1);
  return { current, longest: Math.max(state.longest, current), lastDay: day, freezes, frozenDays };
}

export interface StreakToday {
  /** The streak as it stands (0 once it has ended). */
  current: number;
  /** No activity yet today, and missing today would end the streak (no freeze left to cover it). */
  atRisk: boolean;
  /** No activity yet today, and the streak would survive missing it (a freeze would cover it). */
  coveredIfMissed: boolean;
  /** Freezes that the days missed since the last active day will use up. */
  freezesNeeded: number;
  /** Freezes left after those. */
  freezesLeft: number;
}

/**
 * The streak as the learner sees it on `today`: still alive when the last active day is today or
 * yesterday, or when freezes in hand would cover the days missed since (the learner can still save
 * it today); otherwise 0.
 */
export function streakOn(state: StreakState, today: string): StreakToday {
  if (!state.lastDay || state.current === 0) {
    return { current: 0, atRisk: false, coveredIfMissed: false, freezesNeeded: 0, freezesLeft: state.freezes };
  }
  const since = daysBetween(state.lastDay, today);
  if (since <= 0) {
    return {
      current: state.current,
      atRisk: false,
      coveredIfMissed: false,
      freezesNeeded: 0,
      freezesLeft: state.freezes,
    };
  }
  const missed = since - 1;
  if (missed > state.freezes) {
    return { current: 0, atRisk: false, coveredIfMissed: false, freezesNeeded: 0, freezesLeft: state.freezes };
  }
  // No activity yet today: the streak lives on if the learner is active today, or if one more
  // freeze is left for today as well.
  const freezesLeft = state.freezes - missed;
  return {
    current: state.current,
    atRisk: freezesLeft === 0,
    coveredIfMissed: freezesLeft > 0,
    freezesNeeded: missed,
    freezesLeft,
  };
}

/** Today's goal: met when lessons plus review sessions reach the goal. */
export function goalProgress(
  today: { lessons: number; reviews: number },
  goal: number,
): { done: number; goal: number; met: boolean } {
  const target = Math.max(1, Math.floor(goal) || DEFAULT_DAILY_GOAL);
  const done = today.lessons + today.reviews;
  return { done, goal: target, met: done >= target };
}

export function isDailyGoal(value: unknown): value is DailyGoal {
  return (DAILY_GOAL_CHOICES as readonly unknown[]).includes(value);
}

/** Reminder e-mails go from this local hour on (evening: there is still time to keep the streak). */
export const REMINDER_HOUR = 18;
export type ReminderKind = 'review' | 'streak';

export interface ReminderInput {
  /** The local hour now. */
  hour: number;
  /** The hour the learner picked (REMINDER_HOUR, 6 pm, unless they chose another; issue 53). */
  reminderHour?: number;
  remindReview: boolean;
  remindStreak: boolean;
  /** streakOn(…) for today. */
  streak: Pick<StreakToday, 'current'>;
  today: { lessons: number; reviews: number };
  /** Review questions due now. */
  dueReviews: number;
}

/**
 * Which reminder a learner gets now, if any (at most one a day; the caller keeps it to one): from
 * 18:00 their time, "keep your streak" when a streak is alive and nothing was done today, else
 * "your review is due" when questions are due and no review session was done today.
 */
export function chooseReminder(input: ReminderInput): ReminderKind | null {
  if (input.hour < (input.reminderHour ?? REMINDER_HOUR)) return null;
  if (input.remindStreak && input.streak.current > 0 && input.today.lessons + input.today.reviews === 0) {
    return 'streak';
  }
  if (input.remindReview && input.dueReviews > 0 && input.today.reviews === 0) return 'review';
  return null;
}
