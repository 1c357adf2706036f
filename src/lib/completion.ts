// What one quiz attempt changes (spec sections 4, 5 and 9): the lesson's progress, the runs of
// passed quizzes and the badges it earns. Pure; learning/complete-quiz.ts stores the results.
import type { Level, Pillar } from './domain.ts';
import { STREAK_FOR_BADGE } from './badges.ts';

export interface GradedAttempt {
  passed: boolean;
  score: number;
  total: number;
}

export interface ProgressRow {
  completed: boolean;
  bestScore: number;
  lastScore: number;
  totalQuestions: number;
  attempts: number;
  completedAt: Date | null;
}

/** A lesson's progress after an attempt: once completed, always completed; the best score stays. */
export function progressAfter(before: ProgressRow | undefined, attempt: GradedAttempt, now: Date): ProgressRow {
  return {
    completed: (before?.completed ?? false) || attempt.passed,
    bestScore: Math.max(before?.bestScore ?? 0, attempt.score),
    lastScore: attempt.score,
    totalQuestions: attempt.total,
    attempts: (before?.attempts ?? 0) + 1,
    completedAt: before?.completedAt ?? (attempt.passed ? now : null),
  };
}

/** The run of passed quizzes after an attempt: one more for a pass, none after a fail. */
export function runAfter(run: number, passed: boolean): number {
  return passed ? run + 1 : 0;
}

/** How many of the newest attempts the progress screen's score chart shows. */
export const RECENT_ATTEMPTS = 30;

/** The newest attempts after one more: the list keeps the newest RECENT_ATTEMPTS, oldest first. */
export function recentAfter<T>(recent: readonly T[], attempt: T): T[] {
  return [...recent, attempt].slice(-RECENT_ATTEMPTS);
}

/** The running accuracy total at attempts floor(n/2) and ceil(n/2) of a learner's n attempts. */
export interface Halves {
  attempts: number;
  cumFloorHalf: number;
  cumCeilHalf: number;
}

/**
 * The halves after attempt n + 1 of `units`. With n even (n = 2m) the later half now starts one
 * attempt later, at m + 1, whose units the caller read (`middleUnits`; for the first attempt, its
 * own); with n odd both marks meet at ceil(n/2).
 */
export function halvesAfter(
  before: Halves,
  units: number,
  middleUnits: number | null,
): Pick<Halves, 'cumFloorHalf' | 'cumCeilHalf'> {
  const n = before.attempts;
  if (n % 2 === 1) return { cumFloorHalf: before.cumCeilHalf, cumCeilHalf: before.cumCeilHalf };
  return { cumFloorHalf: before.cumFloorHalf, cumCeilHalf: before.cumFloorHalf + (n === 0 ? units : middleUnits ?? 0) };
}

/**
 * The badges an attempt earns (the store keeps each the first time): a first pass, a perfect
 * score, STREAK_FOR_BADGE passes in a row, and a level whose every active lesson is now completed.
 */
export function badgesForAttempt(
  attempt: GradedAttempt & { run: number; pillar: Pillar; level: Level; levelComplete: boolean },
): string[] {
  const badges: string[] = [];
  if (attempt.passed) badges.push('first-lesson');
  if (attempt.total > 0 && attempt.score === attempt.total) badges.push('perfect-quiz');
  if (attempt.run >= STREAK_FOR_BADGE) badges.push('streak-3');
  if (attempt.passed && attempt.levelComplete) badges.push(`level:${attempt.pillar}:${attempt.level}`);
  return badges;
}

/** Whether every active lesson of the pillar's level is in `completed`. */
export function isLevelComplete(
  lessons: Array<{ id: number; pillar: Pillar; level: Level }>,
  completed: Set<number>,
  pillar: Pillar,
  level: Level,
): boolean {
  return lessons.filter((l) => l.pillar === pillar && l.level === level).every((l) => completed.has(l.id));
}

/** An attempt as stored, oldest first: what a replay of the history reads. */
export interface StoredAttempt extends GradedAttempt {
  lessonId: number;
  pillar: Pillar;
  level: Level;
  seq: number;
  durationMs: number | null;
  units: number;
  questionSetId: number;
  responses: Array<{ questionId: number; isCorrect: boolean }>;
  createdAt: Date;
  lessonTitle: string;
}

/**
 * A learner's aggregates and attempt badges from their whole history, by the same rules an
 * attempt applies one at a time (the rebuild's answer must equal the running figures).
 */
export function replayAttempts(attempts: StoredAttempt[]) {
  const stats = {
    attempts: 0,
    passes: 0,
    correct: 0,
    questions: 0,
    durationSum: 0,
    durationCount: 0,
    accuracyUnits: 0,
    passRun: 0,
    lastPassedLessonId: null as number | null,
    lastPassedScore: null as number | null,
    lastPassedTotal: null as number | null,
    recent: [] as Array<{
      seq: number;
      lessonId: number;
      lessonTitle: string;
      pillar: Pillar;
      level: Level;
      score: number;
      totalQuestions: number;
      passed: boolean;
      createdAt: string;
    }>,
    cumFloorHalf: 0,
    cumCeilHalf: 0,
  };
  const pillars = new Map<
    Pillar,
    {
      attempts: number;
      passes: number;
      correct: number;
      questions: number;
      accuracyUnits: number;
      passRun: number;
      bestRun: number;
    }
  >();
  const levels = new Map<
    string,
    { pillar: Pillar; level: Level; attempts: number; correct: number; questions: number }
  >();
  const questions = new Map<
    string,
    {
      lessonId: number;
      questionId: number;
      asked: number;
      missed: number;
      lastSeq: number;
      questionSetId: number;
      lastCorrect: boolean;
      lastAt: Date;
    }
  >();
  const badges = new Map<string, Date>();
  const cumulative: Array<{ seq: number; accuracyCum: number }> = [];
  for (const a of attempts) {
    stats.attempts++;
    stats.passes += Number(a.passed);
    stats.correct += a.score;
    stats.questions += a.total;
    if (a.durationMs !== null) {
      stats.durationSum += a.durationMs;
      stats.durationCount++;
    }
    stats.accuracyUnits += a.units;
    stats.passRun = runAfter(stats.passRun, a.passed);
    if (a.passed) {
      Object.assign(stats, { lastPassedLessonId: a.lessonId, lastPassedScore: a.score, lastPassedTotal: a.total });
    }
    cumulative.push({ seq: a.seq, accuracyCum: stats.accuracyUnits });
    stats.recent = recentAfter(stats.recent, {
      seq: a.seq,
      lessonId: a.lessonId,
      lessonTitle: a.lessonTitle,
      pillar: a.pillar,
      level: a.level,
      score: a.score,
      totalQuestions: a.total,
      passed: a.passed,
      createdAt: a.createdAt.toISOString(),
    });
    const p = pillars.get(a.pillar) ??
      { attempts: 0, passes: 0, correct: 0, questions: 0, accuracyUnits: 0, passRun: 0, bestRun: 0 };
    p.attempts++;
    p.passes += Number(a.passed);
    p.correct += a.score;
    p.questions += a.total;
    p.accuracyUnits += a.units;
    p.passRun = runAfter(p.passRun, a.passed);
    p.bestRun = Math.max(p.bestRun, p.passRun);
    pillars.set(a.pillar, p);
    const levelKey = `${a.pillar}:${a.level}`;
    const l = levels.get(levelKey) ?? { pillar: a.pillar, level: a.level, attempts: 0, correct: 0, questions: 0 };
    l.attempts++;
    l.correct += a.score;
    l.questions += a.total;
    levels.set(levelKey, l);
    for (const r of a.responses) {
      const key = `${a.lessonId}:${r.questionId}`;
      const q = questions.get(key) ??
        {
          lessonId: a.lessonId,
          questionId: r.questionId,
          asked: 0,
          missed: 0,
          lastSeq: a.seq,
          questionSetId: a.questionSetId,
          lastCorrect: r.isCorrect,
          lastAt: a.createdAt,
        };
      q.asked++;
      q.lastCorrect = r.isCorrect;
      q.lastAt = a.createdAt;
      q.missed += Number(!r.isCorrect);
      q.lastSeq = a.seq;
      q.questionSetId = a.questionSetId;
      questions.set(key, q);
    }
    for (const badge of badgesForAttempt({ ...a, run: stats.passRun, levelComplete: false })) {
      if (!badges.has(badge)) badges.set(badge, a.createdAt);
    }
  }
  const cumAt = (seq: number) => (seq === 0 ? 0 : cumulative[seq - 1].accuracyCum);
  stats.cumFloorHalf = cumAt(Math.floor(stats.attempts / 2));
  stats.cumCeilHalf = cumAt(Math.ceil(stats.attempts / 2));
  return {
    stats,
    pillars: [...pillars].map(([pillar, p]) => ({ pillar, ...p })),
    levels: [...levels.values()],
    questions: [...questions.values()],
    badges,
    cumulative,
  };
}
