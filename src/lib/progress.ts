// Dashboard and progress-screen rules (spec section 9; docs/DESIGN.md differences 4 and 9). Pure.
import { type Pillar, PILLARS } from './domain.ts';
import type { RecentAttemptData } from '../../db/schema.ts';

export interface PillarNumbers {
  /** null before the learner's first assessment. */
  assessmentScore: number | null;
  weightedProgress: number;
}

/** In hundredths, so the formula below is integer arithmetic until its single division. */
const hundredths = (n: number) => Math.round(n * 100);

/**
 * Overall progress = (sum of the three assessment scores / 300) × 25%, plus 25% of each pillar's
 * weightedProgress, rounded. Returns the total and its four 25% parts. Before an assessment its
 * part counts as 0.
 *
 * Computed as (scores + 3 × weights) / 1200 in hundredths: the direct floating-point form gives
 * (174 / 300) × 25 = 14.4999…, which rounds a true 14.5 down.
 */
export function overallProgress(pillars: Record<Pillar, PillarNumbers>) {
  const scores = PILLARS.reduce((s, p) => s + hundredths(pillars[p].assessmentScore ?? 0), 0);
  const weights = Object.fromEntries(PILLARS.map((p) => [p, hundredths(pillars[p].weightedProgress)])) as Record<
    Pillar,
    number
  >;
  const total = Math.round((scores + 3 * (weights.saving + weights.credit + weights.investing)) / 1200);
  // One decimal of each part, from the same integers: 1200ths × 10 = 120ths.
  const part = (n1200ths: number) => Math.round(n1200ths / 120) / 10;
  return {
    total: Math.min(100, total),
    parts: {
      assessment: part(scores),
      saving: part(3 * weights.saving),
      credit: part(3 * weights.credit),
      investing: part(3 * weights.investing),
    },
  };
}

/** A pillar's progress is its weightedProgress; below 50 it is a priority. */
export const PRIORITY_BELOW = 50;
export const FOCUS_BELOW = 75;

/** Spec 9: a pillar is a priority while its progress is below 50. */
export function isPriority(weightedProgress: number): boolean {
  return weightedProgress < PRIORITY_BELOW;
}

/**
 * The priority-focus pillar: the lowest-progress pillar when that is below 75; ties go to the
 * lower assessment score when both are known (never to a score not yet taken), then to the
 * spec's pillar order.
 */
export function priorityPillar(pillars: Record<Pillar, PillarNumbers>): Pillar | null {
  const byScore = (a: Pillar, b: Pillar) => {
    const sa = pillars[a].assessmentScore;
    const sb = pillars[b].assessmentScore;
    return sa === null || sb === null ? 0 : sa - sb;
  };
  const sorted = [...PILLARS].sort(
    (a, b) =>
      pillars[a].weightedProgress - pillars[b].weightedProgress || byScore(a, b) ||
      PILLARS.indexOf(a) - PILLARS.indexOf(b),
  );
  return pillars[sorted[0]].weightedProgress < FOCUS_BELOW ? sorted[0] : null;
}

export interface AttemptSummary {
  pillar: Pillar;
  score: number;
  totalQuestions: number;
  passed: boolean;
  durationMs: number | null;
  createdAt: string;
}

/** Best streak: the longest run of consecutive passed attempts (in time order). */
export function bestStreak(attempts: Array<Pick<AttemptSummary, 'passed'>>): number {
  let best = 0;
  let run = 0;
  for (const a of attempts) {
    run = a.passed ? run + 1 : 0;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * Every quiz has 1 to 20 questions; this is their least common multiple, so an attempt's share
 * correct is the exact integer `score * ACCURACY_UNITS / total`, and sums and averages of shares
 * are computed exactly (the same figure whether summed at once or one attempt at a time).
 */
export const ACCURACY_UNITS = 232_792_560;

/** An attempt's share correct in ACCURACY_UNITS (an integer for any quiz of 1 to 20 questions). */
export function accuracyUnits(score: number, total: number): number {
  return total > 0 ? Math.round((score * ACCURACY_UNITS) / total) : 0;
}

/** The average on the 0-3 scale, two decimals, of `count` attempts whose shares sum to `units`. */
export function averageFromUnits(units: number, count: number): number | null {
  return count > 0 ? Math.round((300 * units) / (count * ACCURACY_UNITS)) / 100 : null;
}

/** Average on the 0-3 scale, two decimals; null without attempts. */
export function averageScore(attempts: Array<Pick<AttemptSummary, 'score' | 'totalQuestions'>>): number | null {
  return averageFromUnits(
    attempts.reduce((s, a) => s + accuracyUnits(a.score, a.totalQuestions), 0),
    attempts.length,
  );
}

/** Highlighted at 2.5 or more on the 0-3 scale. */
export const HIGHLIGHT_AVERAGE = 2.5;

/** Whether an average (as shown, two decimals) earns the highlight; no attempts never does. */
export function isHighlightedAverage(average: number | null): boolean {
  return average !== null && average >= HIGHLIGHT_AVERAGE;
}

/**
 * A trend needs enough quizzes to mean something: at least this many, so each half has three
 * (issue 40: three quizzes gave "-75 pts" from one lesson's miss).
 */
export const TREND_MIN_QUIZZES = 6;

/**
 * Improvement rate: percentage points of accuracy gained between the earlier and the later half
 * of the attempts (in time order); null with fewer than TREND_MIN_QUIZZES attempts.
 */
export function improvementRate(attempts: Array<Pick<AttemptSummary, 'score' | 'totalQuestions'>>): number | null {
  const units = attempts.map((a) => accuracyUnits(a.score, a.totalQuestions));
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
  const half = Math.floor(units.length / 2);
  return improvementFromUnits(sum(units.slice(0, half)), sum(units.slice(units.length - half)), half);
}

/** The improvement rate from the share sums of the first and the last `half` attempts. */
export function improvementFromUnits(firstHalf: number, lastHalf: number, half: number): number | null {
  return half * 2 >= TREND_MIN_QUIZZES ? Math.round((100 * (lastHalf - firstHalf)) / (half * ACCURACY_UNITS)) : null;
}

/** The trend in kind words: how many more quizzes it needs, or which way the later quizzes went. */
export function describeTrend(rate: number | null, quizzes: number): string {
  if (rate === null) {
    const more = Math.max(1, TREND_MIN_QUIZZES - quizzes);
    return `Your trend shows after ${TREND_MIN_QUIZZES} quizzes: ${more} more to go`;
  }
  if (rate > 0) return `Up ${rate} points: your later quizzes go better than your first ones`;
  if (rate === 0) return 'Steady: your later quizzes go as well as your first ones';
  return `Down ${-rate} points on your first quizzes: newer lessons are harder, and review brings missed questions back`;
}

/** An average as the share of questions right, 0-100, from `count` attempts whose shares sum to `units`. */
export function percentFromUnits(units: number, count: number): number | null {
  return count > 0 ? Math.round((100 * units) / (count * ACCURACY_UNITS)) : null;
}

/** Pass rate: passed attempts as a rounded percentage of all attempts; null without attempts. */
export function passRate(attempts: Array<Pick<AttemptSummary, 'passed'>>): number | null {
  if (attempts.length === 0) return null;
  return Math.round((attempts.filter((a) => a.passed).length / attempts.length) * 100);
}

/** Average time per quiz in ms over the attempts that recorded a time; null when none did. */
export function averageTimeMs(attempts: Array<Pick<AttemptSummary, 'durationMs'>>): number | null {
  const timed = attempts.filter((a) => typeof a.durationMs === 'number');
  if (timed.length === 0) return null;
  return Math.round(timed.reduce((s, a) => s + (a.durationMs as number), 0) / timed.length);
}

export function formatDuration(ms: number | null): string {
  if (ms === null) return '—';
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * A pillar's one accuracy figure (issue 53): questions right of questions answered, as a percentage,
 * with its star at 5 in 6 or better, so the figure and the star agree.
 */
export function pillarAccuracy(correct: number, answered: number) {
  return {
    averagePercent: answered ? Math.round((correct / answered) * 100) : null,
    correct,
    answered,
    highlighted: answered > 0 && correct * 6 >= answered * 5,
  };
}

/** An attempt as people read it: "c of n" and percent (the score chart's; the API keeps the 0-3 score too). */
export const asPeopleReadIt = (a: { score: number; totalQuestions: number }) => ({
  correct: a.score,
  totalQuestions: a.totalQuestions,
  percent: a.totalQuestions ? Math.round((a.score / a.totalQuestions) * 100) : 0,
});

/**
 * The score progression's points from the newest attempts as stored (learner_stats.recent), numbered
 * as in the learner's whole history: the API's, and the progress screen's in the browser.
 */
export function chartPointsOf(recent: readonly RecentAttemptData[]) {
  return recent.map((a) => ({
    attempt: a.seq,
    score: Math.round((a.totalQuestions ? (a.score / a.totalQuestions) * 3 : 0) * 100) / 100,
    ...asPeopleReadIt(a),
    lessonTitle: a.lessonTitle,
    pillar: a.pillar,
    passed: a.passed,
    date: a.createdAt,
  }));
}
