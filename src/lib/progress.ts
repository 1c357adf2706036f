// Dashboard and progress-screen rules (spec section 9; DESIGN.md differences 4 and 9). Pure.
import { PILLARS, type Pillar } from './domain.ts';
import { scaledToThree } from './lessons.ts';

export interface PillarNumbers {
  assessmentScore: number;
  weightedProgress: number;
}

/**
 * Overall progress = (sum of the three assessment scores / 300) × 25%, plus 25% of each pillar's
 * weightedProgress, rounded. Returns the total and its four 25% parts.
 */
export function overallProgress(pillars: Record<Pillar, PillarNumbers>) {
  const assessment = (PILLARS.reduce((s, p) => s + pillars[p].assessmentScore, 0) / 300) * 25;
  const parts = {
    assessment,
    saving: 0.25 * pillars.saving.weightedProgress,
    credit: 0.25 * pillars.credit.weightedProgress,
    investing: 0.25 * pillars.investing.weightedProgress,
  };
  const total = Math.round(parts.assessment + parts.saving + parts.credit + parts.investing);
  const round1 = (n: number) => Math.round(n * 10) / 10;
  return {
    total: Math.min(100, total),
    parts: { assessment: round1(parts.assessment), saving: round1(parts.saving), credit: round1(parts.credit), investing: round1(parts.investing) },
  };
}

/** A pillar's progress is its weightedProgress; below 50 it is a priority. */
export const PRIORITY_BELOW = 50;
export const FOCUS_BELOW = 75;

/**
 * The priority-focus pillar: the lowest-progress pillar when that is below 75; ties go to the
 * lower assessment score (then to the spec's pillar order).
 */
export function priorityPillar(pillars: Record<Pillar, PillarNumbers>): Pillar | null {
  const sorted = [...PILLARS].sort(
    (a, b) =>
      pillars[a].weightedProgress - pillars[b].weightedProgress ||
      pillars[a].assessmentScore - pillars[b].assessmentScore ||
      PILLARS.indexOf(a) - PILLARS.indexOf(b),
  );
  return pillars[sorted[0]].weightedProgress < FOCUS_BELOW ? sorted[0] : null;
}

/** Greeting by the learner's local hour: morning before 12:00, afternoon before 17:00, else evening. */
export function greetingFor(hour: number): 'Good morning' | 'Good afternoon' | 'Good evening' {
  if (hour < 12) return 'Good morning';
  if (hour < 17) return 'Good afternoon';
  return 'Good evening';
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

/** Average on the 0-3 scale, two decimals; null without attempts. */
export function averageScore(attempts: Array<Pick<AttemptSummary, 'score' | 'totalQuestions'>>): number | null {
  if (attempts.length === 0) return null;
  const sum = attempts.reduce((s, a) => s + scaledToThree(a.score, a.totalQuestions), 0);
  return Math.round((sum / attempts.length) * 100) / 100;
}

/** Highlighted at 2.5 or more on the 0-3 scale. */
export const HIGHLIGHT_AVERAGE = 2.5;

const accuracy = (a: Pick<AttemptSummary, 'score' | 'totalQuestions'>) => (a.totalQuestions ? a.score / a.totalQuestions : 0);

/**
 * Improvement rate: percentage points of accuracy gained between the earlier and the later half
 * of the attempts (in time order); null with fewer than 2 attempts.
 */
export function improvementRate(attempts: Array<Pick<AttemptSummary, 'score' | 'totalQuestions'>>): number | null {
  if (attempts.length < 2) return null;
  const half = Math.floor(attempts.length / 2);
  const mean = (xs: typeof attempts) => xs.reduce((s, a) => s + accuracy(a), 0) / xs.length;
  return Math.round((mean(attempts.slice(attempts.length - half)) - mean(attempts.slice(0, half))) * 100);
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
