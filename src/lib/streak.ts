// The daily streak and the daily goal (DESIGN.md difference 9). Pure. A day is a calendar day in
// the learner's own time zone (their browser's), so "yesterday" is right across time zones and
// daylight-saving changes: days are compared as dates, never as 24-hour spans.

/** Freezes are earned one per this many days of streak, and at most this many are held. */
export const DAYS_PER_FREEZE = 7;
export const MAX_FREEZES = 2;
export const DEFAULT_DAILY_GOAL = 1;
export const DAILY_GOAL_CHOICES = [1, 2, 3, 5] as const;

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

/** A valid IANA time zone name (as the browser reports it), or null. */
export function validTimeZone(zone: unknown): string | null {
  if (typeof zone !== 'string' || zone.length === 0 || zone.length > 64) return null;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone;
  } catch {
    return null;
  }
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar day (YYYY-MM-DD) at `instant` in `timeZone` (UTC when it is unknown). */
export function dayIn(instant: Date, timeZone: string | null | undefined): string {
  const zone = validTimeZone(timeZone) ?? 'UTC';
  let format = dayFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(zone, format);
  }
  return format.format(instant);
}

/** The hour (0-23) at `instant` in `timeZone`. */
export function hourIn(instant: Date, timeZone: string | null | undefined): number {
  const zone = validTimeZone(timeZone) ?? 'UTC';
  return Number(new Intl.DateTimeFormat('en-US', { timeZone: zone, hour: 'numeric', hourCycle: 'h23' }).format(instant));
}

/** Whole calendar days from `a` to `b` (YYYY-MM-DD): 1 when b is the day after a. */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.UTC(+b.slice(0, 4), +b.slice(5, 7) - 1, +b.slice(8, 10)) - Date.UTC(+a.slice(0, 4), +a.slice(5, 7) - 1, +a.slice(8, 10))) / 86_400_000);
}

/** The day before or after a YYYY-MM-DD day. */
export function addDays(day: string, n: number): string {
  const d = new Date(Date.UTC(+day.slice(0, 4), +day.slice(5, 7) - 1, +day.slice(8, 10) + n));
  return d.toISOString().slice(0, 10);
}

/**
 * The streak after activity on `day`. Activity on the same day changes nothing; on the next day
 * it grows by one; after missed days it grows by one if freezes cover every missed day (each
 * freeze covers one), otherwise it starts again at 1. Each 7th day of a streak earns a freeze
 * (at most 2 held). Activity dated before the last day (a clock or time-zone change) changes nothing.
 */
export function recordActivityDay(state: StreakState, day: string): StreakState {
  if (state.lastDay === day) return state;
  if (state.lastDay && daysBetween(state.lastDay, day) < 0) return state;
  let { current, freezes } = state;
  let frozenDays = state.frozenDays;
  const gap = state.lastDay ? daysBetween(state.lastDay, day) - 1 : null;
  if (gap === null) current = 1;
  else if (gap === 0) current += 1;
  else if (gap <= freezes) {
    freezes -= gap;
    frozenDays = [...frozenDays, ...Array.from({ length: gap }, (_, i) => addDays(state.lastDay!, i + 1))].slice(-30);
    current += 1;
  } else current = 1;
  if (current % DAYS_PER_FREEZE === 0) freezes = Math.min(MAX_FREEZES, freezes + 1);
  return { current, longest: Math.max(state.longest, current), lastDay: day, freezes, frozenDays };
}

/**
 * The streak as the learner sees it on `today`: still alive when the last active day is today or
 * yesterday, or when freezes in hand would cover the days missed since (the learner can still save
 * it today); otherwise 0.
 */
export function streakOn(state: StreakState, today: string): { current: number; atRisk: boolean; freezesNeeded: number } {
  if (!state.lastDay) return { current: 0, atRisk: false, freezesNeeded: 0 };
  const since = daysBetween(state.lastDay, today);
  if (since <= 0) return { current: state.current, atRisk: false, freezesNeeded: 0 };
  // No activity yet today: the streak goes on only if the learner is active today.
  const missed = since - 1;
  if (missed <= state.freezes) return { current: state.current, atRisk: true, freezesNeeded: missed };
  return { current: 0, atRisk: false, freezesNeeded: 0 };
}

/** Today's goal: done when lessons plus review sessions reach the goal. */
export function goalProgress(today: { lessons: number; reviews: number }, goal: number): { done: number; goal: number; met: boolean } {
  const done = today.lessons + today.reviews;
  return { done, goal, met: done >= goal };
}
