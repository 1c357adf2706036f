// The dashboard, the progress screen and badges, all from the learner's own records.
import { and, eq, isNull } from 'drizzle-orm';
import { type Assessment, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import {
  countsFor,
  type LearnerState,
  loadLearner,
  loadLearnerFigures,
  loadLearnerHistory,
  recommendedFor,
} from './learner-store/state.ts';
import { masteryOf } from './learner-store/mastery.ts';
import { readBadges } from './learner-store/snapshot.ts';
import type { CoreSnapshot } from './learner-store/rows.ts';
import type { LearnerTotals, StoredBadge } from './learner-store/figures.ts';
import { analyticsOf } from './analytics.ts';
import { toAssessmentRecord } from './assessment.ts';
import { buildCoach, type QuizSummary } from './coach.ts';
import { dailyStatusOf } from './streaks.ts';
import { colourForScore, messageForScore, type ScoreColour, scoreOf } from '../../assessment.ts';
import { type Level, LEVELS, type Pillar, PILLARS } from '../../domain.ts';
import { repliesOf } from './reports.ts';
import { passMark } from '../../lessons.ts';
import { type Badge, badgeTitle } from '../../badges.ts';
import {
  averageFromUnits,
  chartPointsOf,
  improvementFromUnits,
  overallProgress,
  pillarAccuracy,
  type PillarNumbers,
} from '../../progress.ts';

/** Badges as the screens show them, from the stored rows (stored when earned, never on a read). */
export async function listBadges(userId: string): Promise<Badge[]> {
  return toBadges(await readBadges(userId));
}

function toBadges(stored: StoredBadge[]): Badge[] {
  return stored.map((b) => ({ key: b.badge, earnedAt: b.earnedAt.toISOString(), ...badgeTitle(b.badge) }));
}

/** Review questions due when the learner's rows were read whose lesson and question still exist. */
function dueCount(state: LearnerState, snapshot: CoreSnapshot): number {
  const byId = new Map(state.lessons.map((l) => [l.id, l]));
  return snapshot.due.filter(([lessonId, questionId]) => byId.get(lessonId)?.questions.some((q) => q.id === questionId))
    .length;
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

/** The dashboard showed its first-visit welcome (spec 3's first-login timestamp, kept per learner): true the first time. */
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
  const next = recommendedFor(state); // one answer on every screen (src/lib/next-lesson.ts), Priority focus too
  const priority = next?.pillar ?? null;
  const coach = buildCoach(state, quizSummary(state, totals), latest, priority, next ?? null);
  return { latest, badges, pillars, priority, next, coach, overall: overallProgress(numbers) };
}

/** The dashboard's figures, from one read of the learner's rows. */
export async function buildDashboard(userId: string, firstName: string, now = new Date()) {
  const { state, core: snapshot } = await loadLearner(userId, now);
  const mastery = masteryOf(snapshot, state.lessons);
  const replies = repliesOf(snapshot.replies);
  const { latest, badges, pillars, priority, next, coach, overall } = dashboardCore(state, snapshot);
  const reviewDue = dueCount(state, snapshot);
  const daily = dailyStatusOf({ ...snapshot.settings, streak: snapshot.streak, days: snapshot.days }, now);
  // "Welcome" until the dashboard has told the server it was shown (POST /api/user/first-visit).
  const firstVisit = snapshot.settings.firstVisitAt === null;
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
        pillarReason: next.pillarReason,
        basics: next.basics.map((l) => ({ id: l.id, title: l.title })),
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

const figuresOf = (state: LearnerState, core: CoreSnapshot) => ({
  ...makeProgressFigures(state, core),
  mastery: masteryOf(core, state.lessons),
});

/** The progress figures: the figures' read is enough (the newest attempts are kept in it). */
export async function buildUserProgress(userId: string, email: string) {
  const { state, core } = await loadLearnerFigures(userId);
  // The newest RECENT_ATTEMPTS attempts, numbered as in the learner's whole history.
  return { email, ...figuresOf(state, core), scoreProgression: chartPointsOf(core.totals.recent) };
}

/**
 * The progress screen's data, buildUserProgress's and buildQuizAnalytics's answers in parts: what
 * its first tab shows (the island's props), the history only its other tabs show (a JSON block), and
 * the newest attempts as stored (JSON text the browser turns into the chart's points: chartPointsOf).
 */
export async function progressScreenProps(userId: string, email: string) {
  const { state, core, history } = await loadLearnerHistory(userId);
  const progress = { email, ...figuresOf(state, core) };
  const { mostMissed, ...analytics } = analyticsOf(state.lessons, core.totals.attempts, core.levels, history.missed);
  return { first: { progress, analytics }, tabs: { mostMissed }, recentJson: history.recentJson };
}

export type ProgressScreenData = Awaited<ReturnType<typeof progressScreenProps>>;

function makeProgressFigures(state: LearnerState, snapshot: CoreSnapshot) {
  const { totals, pillars: pillarTotals } = snapshot;
  // The improvement rate's halves: the first floor(n/2) attempts against the last as many.
  const half = Math.floor(totals.attempts / 2);
  const halves = { first: totals.cumFloorHalf, last: totals.accuracyUnits - totals.cumCeilHalf, half };
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
      ...pillarAccuracy(t?.correct ?? 0, t?.questions ?? 0),
      bestStreak: t?.bestRun ?? 0,
      levels: Object.fromEntries(LEVELS.map((l) => [l, c[l]])) as Record<Level, { total: number; completed: number }>,
      weightedProgress: c.weightedProgress,
    };
  });
  const { first, newest, count } = assessments;
  return {
    pillars,
    accuracy: { correct: totals.correct, incorrect: totals.questions - totals.correct },
    metrics: {
      improvementRate: improvementFromUnits(halves.first, halves.last, halves.half),
      passRate: totals.attempts ? Math.round((totals.passes / totals.attempts) * 100) : null,
      avgTimePerQuizMs: totals.durationCount ? Math.round(totals.durationSum / totals.durationCount) : null,
      totalQuizzes: totals.attempts,
    },
    assessments: { count, first: first && scoresOf(first), newest: newest && scoresOf(newest) },
    badges,
  };
}

const scoresOf = (a: ReturnType<typeof toAssessmentRecord>) => ({
  savingScore: a.savingScore,
  creditScore: a.creditScore,
  investingScore: a.investingScore,
  date: a.createdAt,
  version: a.version,
});

export type UserProgress = Awaited<ReturnType<typeof buildUserProgress>>;
