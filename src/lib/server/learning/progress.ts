// The dashboard, the progress screen and badges, all from the learner's own records.
import { and, eq, isNull } from 'drizzle-orm';
import { type Assessment, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { countsFor, type LearnerState, loadLearner, readMastery, recommendedFor } from './learner-store/index.ts';
import { toAssessmentRecord } from './assessment.ts';
import { buildCoach, type QuizSummary } from './coach.ts';
import {
  type AnalyticsParts,
  type CoreSnapshot,
  type LearnerSnapshot,
  type LearnerTotals,
  readAnalyticsParts,
  readBadges,
  readHistoryParts,
  type StoredBadge,
} from './learner-store/index.ts';
import { dailyStatusOf } from './streaks.ts';
import { colourForScore, messageForScore, type ScoreColour, scoreOf } from '../../assessment.ts';
import { type Level, LEVELS, type Pillar, PILLARS } from '../../domain.ts';
import { unreadReplies } from './reports.ts';
import { passMark } from '../../lessons.ts';
import { type Badge, badgeTitle } from '../../badges.ts';
import {
  averageFromUnits,
  improvementFromUnits,
  isHighlightedAverage,
  overallProgress,
  percentFromUnits,
  type PillarNumbers,
  priorityPillar,
} from '../../progress.ts';

/** Badges as the screens show them, from the stored rows (stored when earned, never on a read). */
export async function listBadges(userId: string): Promise<Badge[]> {
  return toBadges(await readBadges(userId));
}

function toBadges(stored: StoredBadge[]): Badge[] {
  return stored.map((b) => ({ key: b.badge, earnedAt: b.earnedAt.toISOString(), ...badgeTitle(b.badge) }));
}

/** Review questions due by `now` whose lesson and question still exist. */
function dueCount(state: LearnerState, snapshot: CoreSnapshot, now: Date): number {
  const byId = new Map(state.lessons.map((l) => [l.id, l]));
  return snapshot.review.filter((r) =>
    r.dueAt.getTime() <= now.getTime() && byId.get(r.lessonId)?.questions.some((q) => q.id === r.questionId)
  ).length;
}

/** The coach's view of the learner's quizzes, from the aggregates and the progress rows. */
function quizSummary(state: LearnerState, totals: LearnerTotals): QuizSummary {
  const lastTryByLesson = new Map<number, { score: number; totalQuestions: number; passed: boolean }>();
  for (const [lessonId, p] of state.progress) {
    if (p.attempts > 0) {
      lastTryByLesson.set(lessonId, {
        score: p.lastScore,
        totalQuestions: p.totalQuestions,
        passed: p.lastScore >= passMark(p.totalQuestions),
      });
    }
  }
  const lastPassed = totals.lastPassedLessonId === null ? null : {
    lessonId: totals.lastPassedLessonId,
    score: totals.lastPassedScore ?? 0,
    totalQuestions: totals.lastPassedTotal ?? 0,
  };
  return { total: totals.attempts, lastTryByLesson, lastPassed };
}

/**
 * Records the learner's first dashboard visit (spec 3's first-login timestamp, kept on the server
 * so signing out, which clears the browser's storage, or another device never repeats it).
 * True only for that first visit, even when two tabs open the dashboard at once.
 */
export async function recordFirstVisit(userId: string, now = new Date()): Promise<boolean> {
  const db = await getDb();
  const marked = await db
    .update(users)
    .set({ firstVisitAt: now })
    .where(and(eq(users.id, userId), isNull(users.firstVisitAt)))
    .returning({ id: users.id });
  return marked.length > 0;
}

export interface DashboardPillar {
  pillar: Pillar;
  /** From the newest assessment; null before the first one (no score is invented). */
  assessment: { score: number; colour: ScoreColour; message: string; level: Level } | null;
  lessonsCompleted: number;
  lessonsTotal: number;
  weightedProgress: number;
}

/** The part of the dashboard that depends only on the learner's state and snapshot, not on the clock. */
function dashboardCore(state: LearnerState, snapshot: CoreSnapshot) {
  const latest = snapshot.assessments.newest && toAssessmentRecord(snapshot.assessments.newest);
  const totals = snapshot.totals;
  const badges = toBadges(snapshot.badges);
  const counts = countsFor(state);
  const pillars: DashboardPillar[] = PILLARS.map((pillar) => {
    const score = latest ? scoreOf(latest, pillar) : null;
    const c = counts[pillar];
    return {
      pillar,
      // The level and its words come from what the learner knows (issue 41); the score is the spec's.
      assessment: score === null || !latest ? null : {
        score,
        colour: colourForScore(latest.placementScores[pillar]),
        message: messageForScore(latest.placementScores[pillar]),
        level: latest.levels[pillar],
      },
      lessonsCompleted: LEVELS.reduce((n, l) => n + c[l].completed, 0),
      lessonsTotal: LEVELS.reduce((n, l) => n + c[l].total, 0),
      weightedProgress: c.weightedProgress,
    };
  });
  const numbers = Object.fromEntries(
    pillars.map((
      p,
    ) => [p.pillar, { assessmentScore: p.assessment?.score ?? null, weightedProgress: p.weightedProgress }]),
  ) as Record<Pillar, PillarNumbers>;
  const priority = priorityPillar(numbers);
  const next = recommendedFor(state, totals.lastPassedLessonId);
  const weighted = Object.fromEntries(pillars.map((p) => [p.pillar, p.weightedProgress])) as Record<Pillar, number>;
  const coach = buildCoach(state, quizSummary(state, totals), latest, priority, weighted, next?.lesson.id ?? null);
  return { latest, badges, pillars, priority, next, coach, overall: overallProgress(numbers) };
}

/** The dashboard's figures; `visit` marks the page's first visit (the JSON API only reads). */
export async function buildDashboard(userId: string, firstName: string, now = new Date(), visit = false) {
  // The dashboard shows no history: its statement leaves the history parts out.
  const { state, core: snapshot } = await loadLearner(userId);
  const [mastery, replies] = await Promise.all([readMastery(userId, state.lessons), unreadReplies(userId)]);
  const { latest, badges, pillars, priority, next, coach, overall } = dashboardCore(state, snapshot);
  const reviewDue = dueCount(state, snapshot, now);
  const daily = dailyStatusOf({ ...snapshot.settings, streak: snapshot.streak, days: snapshot.days }, now);
  // The first visit is written once; every later visit only reads that it happened.
  const firstVisit = visit && snapshot.settings.firstVisitAt === null && (await recordFirstVisit(userId, now));
  return {
    coach,
    reviewDue,
    firstName,
    hasAssessment: Boolean(latest),
    assessmentTakenAt: latest?.createdAt ?? null,
    overall,
    priority,
    pillars,
    nextLesson: next
      ? {
        id: next.lesson.id,
        title: next.lesson.title,
        pillar: next.lesson.pillar,
        level: next.lesson.level,
        duration: next.lesson.duration,
        reason: next.reason,
      }
      : null,
    badges,
    mastery,
    daily,
    firstVisit,
    /** Replies to the learner's reports not yet dismissed (reports.ts). */
    replies,
  };
}

export type Dashboard = Awaited<ReturnType<typeof buildDashboard>>;

async function progressOf(userId: string) {
  const { state, core } = await loadLearner(userId);
  const [history, mastery] = await Promise.all([
    readHistoryParts(userId, core.totals),
    readMastery(userId, state.lessons),
  ]);
  const snapshot: LearnerSnapshot = { ...core, ...history };
  return { snapshot, figures: { ...makeProgressFigures(state, snapshot), mastery } };
}

export async function buildUserProgress(userId: string, email: string) {
  return { email, ...(await progressOf(userId)).figures };
}

/** The progress screen's island props: buildUserProgress's and buildQuizAnalytics's answers. */
export async function progressScreenProps(userId: string, email: string) {
  const { snapshot, figures } = await progressOf(userId);
  return { progress: { email, ...figures }, analytics: analyticsOf(snapshot) };
}

function makeProgressFigures(state: LearnerState, snapshot: LearnerSnapshot) {
  const { totals, pillars: pillarTotals, recent, halves } = snapshot;
  const toRecord = (a: Assessment | null) => a && toAssessmentRecord(a);
  const assessments = {
    count: snapshot.assessments.count,
    first: toRecord(snapshot.assessments.first),
    newest: toRecord(snapshot.assessments.newest),
  };
  const badges = toBadges(snapshot.badges);
  const counts = countsFor(state);
  const pillars = PILLARS.map((pillar) => {
    const t = pillarTotals.find((p) => p.pillar === pillar);
    const c = counts[pillar];
    const average = t ? averageFromUnits(t.accuracyUnits, t.attempts) : null;
    return {
      pillar,
      completedLessons: LEVELS.reduce((n, l) => n + c[l].completed, 0),
      totalLessons: LEVELS.reduce((n, l) => n + c[l].total, 0),
      averageScore: average,
      /** The same average as the share of questions right (0-100), as the screens say it. */
      averagePercent: t ? percentFromUnits(t.accuracyUnits, t.attempts) : null,
      highlighted: isHighlightedAverage(average),
      bestStreak: t?.bestRun ?? 0,
      levels: Object.fromEntries(LEVELS.map((l) => [l, c[l]])) as Record<Level, { total: number; completed: number }>,
      weightedProgress: c.weightedProgress,
    };
  });
  const { first, newest, count } = assessments;
  return {
    pillars,
    accuracy: { correct: totals.correct, incorrect: totals.questions - totals.correct },
    // The newest RECENT_ATTEMPTS attempts, numbered as in the learner's whole history.
    scoreProgression: recent.map((a) => ({
      attempt: a.seq,
      score: Math.round((a.totalQuestions ? (a.score / a.totalQuestions) * 3 : 0) * 100) / 100,
      lessonTitle: a.lessonTitle,
      pillar: a.pillar,
      passed: a.passed,
      date: a.createdAt.toISOString(),
    })),
    metrics: {
      improvementRate: improvementFromUnits(halves.first, halves.last, halves.half),
      passRate: totals.attempts ? Math.round((totals.passes / totals.attempts) * 100) : null,
      avgTimePerQuizMs: totals.durationCount ? Math.round(totals.durationSum / totals.durationCount) : null,
      totalQuizzes: totals.attempts,
    },
    assessments: {
      count,
      first: first &&
        {
          savingScore: first.savingScore,
          creditScore: first.creditScore,
          investingScore: first.investingScore,
          date: first.createdAt,
          version: first.version,
        },
      newest: newest &&
        {
          savingScore: newest.savingScore,
          creditScore: newest.creditScore,
          investingScore: newest.investingScore,
          date: newest.createdAt,
          version: newest.version,
        },
    },
    badges,
  };
}

export type UserProgress = Awaited<ReturnType<typeof buildUserProgress>>;

export async function buildQuizAnalytics(userId: string) {
  return analyticsOf(await readAnalyticsParts(userId));
}

function analyticsOf({ totals, levels, mostMissed }: AnalyticsParts) {
  const byPillarLevel = PILLARS.flatMap((pillar) =>
    LEVELS.map((level) => {
      const here = levels.find((l) => l.pillar === pillar && l.level === level);
      const total = here?.questions ?? 0;
      const correct = here?.correct ?? 0;
      return {
        pillar,
        level,
        attempts: here?.attempts ?? 0,
        correct,
        total,
        accuracy: total ? Math.round((correct / total) * 100) : null,
      };
    })
  );
  return { totalAttempts: totals.attempts, byPillarLevel, mostMissed };
}

export type QuizAnalytics = Awaited<ReturnType<typeof buildQuizAnalytics>>;
