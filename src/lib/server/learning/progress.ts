// The dashboard, the progress screen and badges, all from the learner's own records.
import { and, eq, isNull } from 'drizzle-orm';
import { users, type Assessment } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { countsFor, isUnlockedFor, loadLearnerState, type LearnerState, type PrefetchedLearner } from './learner-store/index.ts';
import { toAssessmentRecord } from './assessment.ts';
import { buildCoach, type QuizSummary } from './coach.ts';
import { readAnalyticsParts, readBadges, readCoreSnapshot, readSnapshot, type AnalyticsParts, type CoreSnapshot, type LearnerSnapshot, type LearnerTotals, type StoredBadge } from './learner-store/index.ts';
import { dailyStatusOf } from './streaks.ts';
import { colourForScore, messageForScore, scoreOf, type ScoreColour } from '../../assessment.ts';
import { LEVELS, PILLARS, type Level, type Pillar } from '../../domain.ts';
import { nextLesson, passMark } from '../../lessons.ts';
import { badgeTitle, type Badge } from '../../badges.ts';
import { averageFromUnits, improvementFromUnits, isHighlightedAverage, overallProgress, priorityPillar, type PillarNumbers } from '../../progress.ts';

/** Badges as the screens show them, from the stored rows (stored when earned, never on a read). */
export async function listBadges(userId: string, prefetched?: PrefetchedLearner): Promise<Badge[]> {
  return toBadges(await readBadges(userId, prefetched?.learnerVersion));
}

/** `GET /api/user/badges`'s body: listBadges's answer as JSON, serialized once per kept list of badges. */
export async function badgesJson(userId: string, prefetched?: PrefetchedLearner): Promise<string> {
  const stored = await readBadges(userId, prefetched?.learnerVersion);
  let json = badgeJson.get(stored);
  if (json === undefined) badgeJson.set(stored, (json = JSON.stringify(toBadges(stored))));
  return json;
}

const badgeJson = new WeakMap<StoredBadge[], string>();

function toBadges(stored: StoredBadge[]): Badge[] {
  return stored.map((b) => ({ key: b.badge, earnedAt: b.earnedAt.toISOString(), ...badgeTitle(b.badge) }));
}

/** Review questions due by `now` whose lesson and question still exist. */
function dueCount(state: LearnerState, snapshot: CoreSnapshot, now: Date): number {
  const byId = new Map(state.lessons.map((l) => [l.id, l]));
  return snapshot.review.filter((r) => r.dueAt.getTime() <= now.getTime() && byId.get(r.lessonId)?.questions.some((q) => q.id === r.questionId)).length;
}

/** The coach's view of the learner's quizzes, from the aggregates and the progress rows. */
function quizSummary(state: LearnerState, totals: LearnerTotals): QuizSummary {
  const lastTryByLesson = new Map<number, { score: number; totalQuestions: number; passed: boolean }>();
  for (const [lessonId, p] of state.progress) {
    if (p.attempts > 0) lastTryByLesson.set(lessonId, { score: p.lastScore, totalQuestions: p.totalQuestions, passed: p.lastScore >= passMark(p.totalQuestions) });
  }
  const lastPassed =
    totals.lastPassedLessonId === null ? null : { lessonId: totals.lastPassedLessonId, score: totals.lastPassedScore ?? 0, totalQuestions: totals.lastPassedTotal ?? 0 };
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

/**
 * The part of the dashboard that depends only on the learner's state and snapshot, not on the
 * clock: kept per state and snapshot object, which on PGlite stay the same until the learner's
 * rows change, so a learner's repeat visits do not rebuild the coach (a profile put it at a
 * quarter of the page's server time). On PostgreSQL each request reads new objects.
 */
const cores = new WeakMap<LearnerState, WeakMap<CoreSnapshot, ReturnType<typeof makeDashboardCore>>>();

function dashboardCore(state: LearnerState, snapshot: CoreSnapshot) {
  let bySnapshot = cores.get(state);
  if (!bySnapshot) cores.set(state, (bySnapshot = new WeakMap()));
  let core = bySnapshot.get(snapshot);
  if (!core) bySnapshot.set(snapshot, (core = makeDashboardCore(state, snapshot)));
  return core;
}

function makeDashboardCore(state: LearnerState, snapshot: CoreSnapshot) {
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
      assessment: score === null || !latest ? null : { score, colour: colourForScore(latest.placementScores[pillar]), message: messageForScore(latest.placementScores[pillar]), level: latest.levels[pillar] },
      lessonsCompleted: LEVELS.reduce((n, l) => n + c[l].completed, 0),
      lessonsTotal: LEVELS.reduce((n, l) => n + c[l].total, 0),
      weightedProgress: c.weightedProgress,
    };
  });
  const numbers = Object.fromEntries(
    pillars.map((p) => [p.pillar, { assessmentScore: p.assessment?.score ?? null, weightedProgress: p.weightedProgress }]),
  ) as Record<Pillar, PillarNumbers>;
  const priority = priorityPillar(numbers);
  const open = state.lessons.filter((l) => isUnlockedFor(state, l));
  const next = (priority ? nextLesson(open, state.completed, priority) : undefined) ?? nextLesson(open, state.completed);
  const weighted = Object.fromEntries(pillars.map((p) => [p.pillar, p.weightedProgress])) as Record<Pillar, number>;
  const coach = buildCoach(state, quizSummary(state, totals), latest, priority, weighted, next?.id ?? null);
  return { latest, badges, pillars, priority, next, coach, overall: overallProgress(numbers) };
}

/** The dashboard's figures; `visit` marks the page's first visit (the JSON API only reads). */
export async function buildDashboard(userId: string, firstName: string, now = new Date(), prefetched?: PrefetchedLearner, visit = false) {
  // The dashboard shows no history: on PostgreSQL its statement leaves the history parts out.
  const [state, snapshot] = await Promise.all([loadLearnerState(userId, prefetched), readCoreSnapshot(userId, prefetched?.learnerVersion)]);
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
    nextLesson: next ? { id: next.id, title: next.title, pillar: next.pillar, level: next.level, duration: next.duration } : null,
    badges,
    daily,
    firstVisit,
  };
}

export type Dashboard = Awaited<ReturnType<typeof buildDashboard>>;

/** The progress figures kept for the learner's current state and snapshot (see progressFigures). */
async function keptProgress(userId: string, prefetched?: PrefetchedLearner) {
  const [state, snapshot] = await Promise.all([loadLearnerState(userId, prefetched), readSnapshot(userId, prefetched?.learnerVersion)]);
  return { snapshot, kept: progressFigures(state, snapshot) };
}

export async function buildUserProgress(userId: string, email: string, prefetched?: PrefetchedLearner) {
  return { email, ...(await keptProgress(userId, prefetched)).kept.figures };
}

/**
 * The progress screen's island props (buildUserProgress's and buildQuizAnalytics's answers): one
 * object per state, snapshot and e-mail, so the island serializes and renders it once
 * (ReactIsland) while the learner's data is unchanged. Read-only to callers.
 */
export async function progressScreenProps(userId: string, email: string, prefetched?: PrefetchedLearner) {
  const { snapshot, kept } = await keptProgress(userId, prefetched);
  if (kept.screen?.progress.email !== email) kept.screen = { progress: { email, ...kept.figures }, analytics: analyticsOf(snapshot) };
  return kept.screen;
}

/** `GET /api/user/progress`'s body: buildUserProgress's answer as JSON, the figures serialized once per state and snapshot. */
export async function userProgressJson(userId: string, email: string, prefetched?: PrefetchedLearner): Promise<string> {
  const { kept } = await keptProgress(userId, prefetched);
  kept.json ??= JSON.stringify(kept.figures);
  // The same keys in the same order as JSON.stringify(buildUserProgress(...)): the e-mail first
  // (the figures always have keys, so their JSON goes on after a comma).
  return `{"email":${JSON.stringify(email)},${kept.json.slice(1)}`;
}

/**
 * The progress figures depend only on the learner's state and snapshot (as the dashboard's core,
 * above): kept per pair of objects, with their JSON once serialized, so on PGlite a learner's
 * repeat visits neither rebuild nor serialize 30 chart points again. Read-only to callers.
 */
const progressKept = new WeakMap<LearnerState, WeakMap<LearnerSnapshot, KeptProgress>>();

interface KeptProgress {
  figures: ReturnType<typeof makeProgressFigures>;
  json?: string;
  screen?: { progress: { email: string } & ReturnType<typeof makeProgressFigures>; analytics: ReturnType<typeof analyticsOf> };
}

function progressFigures(state: LearnerState, snapshot: LearnerSnapshot) {
  let bySnapshot = progressKept.get(state);
  if (!bySnapshot) progressKept.set(state, (bySnapshot = new WeakMap()));
  let kept = bySnapshot.get(snapshot);
  if (!kept) bySnapshot.set(snapshot, (kept = { figures: makeProgressFigures(state, snapshot) }));
  return kept;
}

function makeProgressFigures(state: LearnerState, snapshot: LearnerSnapshot) {
  const { totals, pillars: pillarTotals, recent, halves } = snapshot;
  const toRecord = (a: Assessment | null) => a && toAssessmentRecord(a);
  const assessments = { count: snapshot.assessments.count, first: toRecord(snapshot.assessments.first), newest: toRecord(snapshot.assessments.newest) };
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
      first: first && { savingScore: first.savingScore, creditScore: first.creditScore, investingScore: first.investingScore, date: first.createdAt, version: first.version },
      newest: newest && { savingScore: newest.savingScore, creditScore: newest.creditScore, investingScore: newest.investingScore, date: newest.createdAt, version: newest.version },
    },
    badges,
  };
}

export type UserProgress = Awaited<ReturnType<typeof buildUserProgress>>;

export async function buildQuizAnalytics(userId: string) {
  return analyticsOf(await readAnalyticsParts(userId));
}

/** `GET /api/user/quiz-analytics`'s body, serialized once per snapshot (see progressFigures). */
export async function quizAnalyticsJson(userId: string, prefetched?: PrefetchedLearner): Promise<string> {
  const parts = await readAnalyticsParts(userId, prefetched?.learnerVersion);
  let json = analyticsJson.get(parts);
  if (json === undefined) analyticsJson.set(parts, (json = JSON.stringify(analyticsOf(parts))));
  return json;
}

const analyticsJson = new WeakMap<AnalyticsParts, string>();

function analyticsOf({ totals, levels, mostMissed }: AnalyticsParts) {
  const byPillarLevel = PILLARS.flatMap((pillar) =>
    LEVELS.map((level) => {
      const here = levels.find((l) => l.pillar === pillar && l.level === level);
      const total = here?.questions ?? 0;
      const correct = here?.correct ?? 0;
      return { pillar, level, attempts: here?.attempts ?? 0, correct, total, accuracy: total ? Math.round((correct / total) * 100) : null };
    }),
  );
  return { totalAttempts: totals.attempts, byPillarLevel, mostMissed };
}

export type QuizAnalytics = Awaited<ReturnType<typeof buildQuizAnalytics>>;
