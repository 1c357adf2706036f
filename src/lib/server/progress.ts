// The dashboard, the progress screen and badges, all from the learner's own records.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { lessons, questionSets, quizAttempts, userBadges, users } from '../../../db/schema.ts';
import { getDb } from './db.ts';
import { answeredResponses, countsFor, isUnlockedFor, loadLearnerState, type LearnerState, type PrefetchedLearner } from './lessons.ts';
import { listAssessments } from './assessment.ts';
import { buildCoach, summarizeQuizzes } from './coach.ts';
import { countDue } from './review.ts';
import { dailyStatus } from './streaks.ts';
import { colourForScore, messageForScore, scoreOf, levelForScore, type ScoreColour } from '../assessment.ts';
import { LEVELS, PILLARS, type Level, type Pillar } from '../domain.ts';
import { nextLesson } from '../lessons.ts';
import { badgeTitle, computeBadges, type Badge } from '../badges.ts';
import {
  averageScore,
  averageTimeMs,
  bestStreak,
  improvementRate,
  isHighlightedAverage,
  overallProgress,
  passRate,
  priorityPillar,
  type PillarNumbers,
} from '../progress.ts';

export interface AttemptRow {
  attemptId: string;
  lessonId: number;
  lessonTitle: string;
  pillar: Pillar;
  level: Level;
  score: number;
  totalQuestions: number;
  passed: boolean;
  durationMs: number | null;
  createdAt: string;
  responses: Array<{ questionId: number; isCorrect: boolean; question: string; explanation: string }>;
}

/** Every attempt of the learner in time order (deleted lessons included: history stays readable). */
export async function loadAttempts(userId: string): Promise<AttemptRow[]> {
  const db = await getDb();
  const rows = await db
    .select({ attempt: quizAttempts, questions: questionSets.questions, title: lessons.title, pillar: lessons.pillar, level: lessons.level })
    .from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .innerJoin(questionSets, eq(questionSets.id, quizAttempts.questionSetId))
    .where(eq(quizAttempts.userId, userId))
    .orderBy(asc(quizAttempts.createdAt), asc(quizAttempts.id));
  return rows.map(({ attempt, questions, title, pillar, level }) => ({
    attemptId: attempt.attemptId,
    lessonId: attempt.lessonId,
    lessonTitle: title,
    pillar,
    level,
    score: attempt.score,
    totalQuestions: attempt.totalQuestions,
    passed: attempt.passed,
    durationMs: attempt.durationMs,
    createdAt: attempt.createdAt.toISOString(),
    responses: answeredResponses(attempt.responses, questions),
  }));
}

/** Awards the badges the learner has earned (stored once, so they never disappear). */
export async function awardBadges(userId: string, state?: LearnerState, attempts?: AttemptRow[]): Promise<Badge[]> {
  return (await awardBadgesNoting(userId, state, attempts)).all;
}

/** As awardBadges, also telling which badges this call stored (earned just now). */
export async function awardBadgesNoting(userId: string, state?: LearnerState, attempts?: AttemptRow[]): Promise<{ all: Badge[]; earnedNow: Badge[] }> {
  const db = await getDb();
  const [s, a, assessments] = await Promise.all([
    state ?? loadLearnerState(userId),
    attempts ?? loadAttempts(userId),
    listAssessments(userId),
  ]);
  const completedAt = new Map<number, string>();
  for (const [id, p] of s.progress) if (p.completed && p.completedAt) completedAt.set(id, p.completedAt.toISOString());
  const computed = computeBadges({
    firstAssessmentAt: assessments[0]?.createdAt ?? null,
    attempts: a,
    levels: PILLARS.flatMap((pillar) =>
      LEVELS.map((level) => ({ pillar, level, lessonIds: s.lessons.filter((l) => l.pillar === pillar && l.level === level).map((l) => l.id) })),
    ),
    completedAt,
  });
  const inserted = computed.length
    ? await db
        .insert(userBadges)
        .values(computed.map((b) => ({ userId, badge: b.key, earnedAt: new Date(b.earnedAt) })))
        .onConflictDoNothing()
        .returning({ badge: userBadges.badge })
    : [];
  const stored = await db.select().from(userBadges).where(eq(userBadges.userId, userId)).orderBy(asc(userBadges.earnedAt));
  const all = stored.map((b) => ({ key: b.badge, earnedAt: b.earnedAt.toISOString(), ...badgeTitle(b.badge) }));
  const fresh = new Set(inserted.map((b) => b.badge));
  return { all, earnedNow: all.filter((b) => fresh.has(b.key)) };
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

export async function buildDashboard(userId: string, firstName: string, now = new Date(), prefetched?: PrefetchedLearner) {
  const state = await loadLearnerState(userId, prefetched);
  const [latest] = (await listAssessments(userId)).slice(-1);
  const attempts = await loadAttempts(userId);
  const counts = countsFor(state);
  const pillars: DashboardPillar[] = PILLARS.map((pillar) => {
    const score = latest ? scoreOf(latest, pillar) : null;
    const c = counts[pillar];
    return {
      pillar,
      assessment: score === null ? null : { score, colour: colourForScore(score), message: messageForScore(score), level: levelForScore(score) },
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
  return {
    coach: buildCoach(state, summarizeQuizzes(attempts), latest ?? null, priority, weighted, next?.id ?? null),
    reviewDue: await countDue(userId, now),
    firstName,
    hasAssessment: Boolean(latest),
    assessmentTakenAt: latest?.createdAt ?? null,
    overall: overallProgress(numbers),
    priority,
    pillars,
    nextLesson: next ? { id: next.id, title: next.title, pillar: next.pillar, level: next.level, duration: next.duration } : null,
    badges: await awardBadges(userId, state, attempts),
    daily: await dailyStatus(userId, now),
  };
}

export type Dashboard = Awaited<ReturnType<typeof buildDashboard>>;

export async function buildUserProgress(userId: string, email: string, prefetched?: PrefetchedLearner) {
  const state = await loadLearnerState(userId, prefetched);
  const attempts = await loadAttempts(userId);
  const counts = countsFor(state);
  const assessments = await listAssessments(userId);
  const pillars = PILLARS.map((pillar) => {
    const inPillar = attempts.filter((a) => a.pillar === pillar);
    const c = counts[pillar];
    const average = averageScore(inPillar);
    return {
      pillar,
      completedLessons: LEVELS.reduce((n, l) => n + c[l].completed, 0),
      totalLessons: LEVELS.reduce((n, l) => n + c[l].total, 0),
      averageScore: average,
      highlighted: isHighlightedAverage(average),
      bestStreak: bestStreak(inPillar),
      levels: Object.fromEntries(LEVELS.map((l) => [l, c[l]])) as Record<Level, { total: number; completed: number }>,
      weightedProgress: c.weightedProgress,
    };
  });
  const correct = attempts.reduce((n, a) => n + a.score, 0);
  const answered = attempts.reduce((n, a) => n + a.totalQuestions, 0);
  const first = assessments[0] ?? null;
  const newest = assessments.at(-1) ?? null;
  return {
    email,
    pillars,
    accuracy: { correct, incorrect: answered - correct },
    scoreProgression: attempts.map((a, i) => ({
      attempt: i + 1,
      score: Math.round((a.totalQuestions ? (a.score / a.totalQuestions) * 3 : 0) * 100) / 100,
      lessonTitle: a.lessonTitle,
      pillar: a.pillar,
      passed: a.passed,
      date: a.createdAt,
    })),
    metrics: {
      improvementRate: improvementRate(attempts),
      passRate: passRate(attempts),
      avgTimePerQuizMs: averageTimeMs(attempts),
      totalQuizzes: attempts.length,
    },
    assessments: {
      count: assessments.length,
      first: first && { savingScore: first.savingScore, creditScore: first.creditScore, investingScore: first.investingScore, date: first.createdAt, version: first.version },
      newest: newest && { savingScore: newest.savingScore, creditScore: newest.creditScore, investingScore: newest.investingScore, date: newest.createdAt, version: newest.version },
    },
    badges: await awardBadges(userId, state, attempts),
  };
}

export type UserProgress = Awaited<ReturnType<typeof buildUserProgress>>;

export async function buildQuizAnalytics(userId: string) {
  const attempts = await loadAttempts(userId);
  const byPillarLevel = PILLARS.flatMap((pillar) =>
    LEVELS.map((level) => {
      const here = attempts.filter((a) => a.pillar === pillar && a.level === level);
      const total = here.reduce((n, a) => n + a.totalQuestions, 0);
      const correct = here.reduce((n, a) => n + a.score, 0);
      return { pillar, level, attempts: here.length, correct, total, accuracy: total ? Math.round((correct / total) * 100) : null };
    }),
  );
  const missed = new Map<string, { lessonId: number; lessonTitle: string; pillar: Pillar; questionId: number; question: string; explanation: string; missed: number; asked: number }>();
  for (const a of attempts) {
    for (const r of a.responses) {
      const key = `${a.lessonId}:${r.questionId}`;
      const entry = missed.get(key) ?? { lessonId: a.lessonId, lessonTitle: a.lessonTitle, pillar: a.pillar, questionId: r.questionId, question: r.question, explanation: r.explanation, missed: 0, asked: 0 };
      entry.asked++;
      if (!r.isCorrect) entry.missed++;
      // The newest wording of the question wins.
      entry.question = r.question;
      entry.explanation = r.explanation;
      missed.set(key, entry);
    }
  }
  const mostMissed = [...missed.values()]
    .filter((m) => m.missed > 0)
    .sort((a, b) => b.missed - a.missed || b.missed / b.asked - a.missed / a.asked || a.lessonId - b.lessonId)
    .slice(0, 10);
  return { totalAttempts: attempts.length, byPillarLevel, mostMissed };
}

export type QuizAnalytics = Awaited<ReturnType<typeof buildQuizAnalytics>>;
