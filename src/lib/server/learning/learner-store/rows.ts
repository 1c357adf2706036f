// A learner's rows, each page's in one prepared statement (Drizzle's relational query over the
// learner's key): what a lesson page or list needs (readLearnerRows), what the dashboard shows
// (readLearner); history.ts adds the progress screen's. They read only summary
// rows that the completion's own statement keeps (attempts.ts), never the attempts themselves, so
// no page grows with a learner's history.
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  type Assessment,
  assessments,
  learnerDays,
  type LessonProgress,
  lessonReports,
  users,
} from '../../../../../db/schema.ts';
import type { Answers, PillarScores } from '../../../assessment.ts';
import {
  badgesOf,
  badgeTuples,
  dueTuples,
  levelTotalsOf,
  levelTuples,
  pillarTotalsOf,
  pillarTuples,
  progressOf,
  type ProgressTuple,
  progressTuples,
} from './tuples.ts';
import { DEFAULT_DAILY_GOAL } from '../../../streak.ts';
import type { Database } from '../../../../../db/client.ts';
import { prepared } from '../../platform/db.ts';
import { type TestOutRow, testOutsOf, type TestOutTuple, testOutTuples } from './test-out-rows.ts';
import { NEWEST_PLAN, type PlanRowRead, savedPlanOf } from './plan-rows.ts';
import type { SavedPlan } from '../../../money-plan/saved.ts';
import {
  type LearnerTotals,
  type LevelTotals,
  noTotals,
  type PillarTotals,
  SHOWN_REPLIES,
  type StoredBadge,
} from './figures.ts';

export interface LearnerRows {
  progress: LessonProgress[];
  /** The newest result, with its answers and version (placement reads them). */
  assessment: NewestResult | null;
  /** The learner's settings and streak row: what a completion needs to count today's activity (streaks.ts), and /account. */
  daily: LearnerDaily;
  /** The learner's test-outs (at most one per pillar and level above beginner). */
  testOuts: TestOutRow[];
  /** The newest saved money plan (its step is the next-step rule's first clause); null without one. */
  plan: SavedPlan | null;
}

export type NewestResult = PillarScores & { answers: Answers; version: number };

export interface StreakRow {
  current: number;
  longest: number;
  lastDay: string | null;
  freezes: number;
  frozenDays: string[];
}

export interface LearnerDaily {
  /** The stored zone (null until a browser has told us). */
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  /** The streak row, null before the learner's first activity. */
  streak: StreakRow | null;
}

/** A review item as the dashboard, review and mastery read it. */
export interface ReviewRow {
  id: string;
  lessonId: number;
  questionId: number;
  box: number;
  dueAt: Date;
  retiredAt: Date | null;
  lastReviewedAt: Date | null;
  lastCorrect: boolean | null;
}

/** A question the learner met: how often asked and missed, and their newest quiz answer to it. */
export interface QuestionRow {
  lessonId: number;
  questionId: number;
  asked: number;
  missed: number;
  lastCorrect: boolean | null;
  lastAt: Date | null;
}

/** A reply to one of the learner's reports, not dismissed yet. */
export interface ReplyRow {
  id: number;
  lessonId: number;
  questionId: number | null;
  step: number | null;
  status: 'open' | 'fixed' | 'wont_fix';
  reply: string | null;
  repliedAt: Date | null;
  lesson: { title: string } | null;
}

/** The figures every learner screen starts from (the dashboard's needs). */
export interface CoreSnapshot {
  totals: LearnerTotals;
  pillars: PillarTotals[];
  levels: LevelTotals[];
  badges: StoredBadge[];
  assessments: { count: number; first: Assessment | null; newest: Assessment | null };
  /** The questions due for review at the time read, not retired: [lesson id, question id]. */
  due: Array<[number, number]>;
  replies: ReplyRow[];
  settings: { timeZone: string | null; dailyGoal: number; firstVisitAt: Date | null };
  streak: StreakRow | null;
  /** The newest three days with activity (today's is among them when there is one). */
  days: Array<{ day: string; lessons: number; reviews: number }>;
}

export const SETTINGS = {
  timeZone: true,
  dailyGoal: true,
  remindReview: true,
  remindStreak: true,
  firstVisitAt: true,
} as const;
const STREAK = { columns: { current: true, longest: true, lastDay: true, freezes: true, frozenDays: true } } as const;

type UserRows = {
  id: string;
  timeZone: string | null;
  dailyGoal: number;
  remindReview: boolean;
  remindStreak: boolean;
  progress: ProgressTuple[];
  assessments: Assessment[];
  streak?: StreakRow | null;
  test_outs?: TestOutTuple[];
  moneyPlans?: PlanRowRead[];
};

/** The rows the unlocking rules and settings need, from a user read with them (or none). */
export function rowsOf(user: UserRows | undefined): LearnerRows {
  const newest = user?.assessments[0] ?? null;
  const daily: LearnerDaily = user
    ? {
      timeZone: user.timeZone,
      dailyGoal: user.dailyGoal,
      remindReview: user.remindReview,
      remindStreak: user.remindStreak,
      streak: user.streak ?? null,
    }
    : { timeZone: null, dailyGoal: DEFAULT_DAILY_GOAL, remindReview: false, remindStreak: false, streak: null };
  return {
    progress: user ? progressOf(user.id, user.progress) : [],
    assessment: newest &&
      {
        savingScore: newest.savingScore,
        creditScore: newest.creditScore,
        investingScore: newest.investingScore,
        answers: newest.answers,
        version: newest.version,
      },
    daily,
    testOuts: testOutsOf(user?.test_outs ?? []),
    plan: savedPlanOf(user?.moneyPlans),
  };
}

export const userKey = sql.placeholder('userId');

const learnerRowsStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, userKey),
    columns: { id: true, ...SETTINGS },
    with: {
      assessments: { orderBy: [desc(assessments.createdAt)], limit: 1 },
      streak: STREAK,
      moneyPlans: NEWEST_PLAN,
    },
    extras: { progress: progressTuples.as('progress'), test_outs: testOutTuples.as('test_outs') },
  }).prepare('learner_rows')
);

/** What a lesson page or list needs, in one statement: progress, the newest assessment, settings and streak. */
export async function readLearnerRows(userId: string): Promise<LearnerRows> {
  return rowsOf(await (await learnerRowsStatement()).execute({ userId }));
}

type UsersWith = NonNullable<NonNullable<Parameters<Database['query']['users']['findFirst']>[0]>['with']>;
/** A learner's relations to read, with their literal types kept (Drizzle infers the result from them). */
export const relationsToRead = <T extends UsersWith>(relations: T): T => relations;

/** The relations the progress figures read: the learner's results and totals (figuresExtras: per pillar, badges). */
export const figuresWith = relationsToRead({
  // A learner takes the assessment a few times at most: every result, newest first.
  assessments: { orderBy: [desc(assessments.createdAt)] },
  stats: true,
  moneyPlans: NEWEST_PLAN,
});

export const figuresExtras = {
  progress: progressTuples.as('progress'),
  test_outs: testOutTuples.as('test_outs'),
  pillar_stats: pillarTuples.as('pillar_stats'),
  badges: badgeTuples.as('badges'),
};

/** The dashboard's relations: the figures' and what only it shows (replies, streak, days, level totals). */
export const coreWith = relationsToRead({
  ...figuresWith,
  reports: {
    columns: { id: true, lessonId: true, questionId: true, step: true, status: true, reply: true, repliedAt: true },
    where: and(isNotNull(lessonReports.reply), isNull(lessonReports.replyReadAt)),
    orderBy: [desc(lessonReports.repliedAt)],
    limit: SHOWN_REPLIES,
    with: { lesson: { columns: { title: true } } },
  },
  streak: STREAK,
  days: { columns: { day: true, lessons: true, reviews: true }, orderBy: [desc(learnerDays.day)], limit: 3 },
});

export const coreExtras = { ...figuresExtras, level_stats: levelTuples.as('level_stats'), due: dueTuples.as('due') };

const learnerStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, userKey),
    columns: { id: true, ...SETTINGS },
    with: coreWith,
    extras: coreExtras,
  }).prepare('learner_core')
);

export type CoreUser = NonNullable<Awaited<ReturnType<Awaited<ReturnType<typeof learnerStatement>>['execute']>>>;
type DashboardOnly = 'level_stats' | 'reports' | 'streak' | 'days' | 'due';
/** A learner read with the dashboard's rows, or with fewer (the progress figures' read). */
export type CoreRead = Omit<CoreUser, DashboardOnly> & Partial<Pick<CoreUser, DashboardOnly>>;

export function coreOf(userId: string, user: CoreRead | undefined): CoreSnapshot {
  return {
    totals: user?.stats ?? noTotals(userId),
    pillars: pillarTotalsOf(userId, user?.pillar_stats ?? []),
    levels: levelTotalsOf(userId, user?.level_stats ?? []),
    badges: badgesOf(user?.badges ?? []),
    assessments: {
      count: user?.assessments.length ?? 0,
      first: user?.assessments.at(-1) ?? null,
      newest: user?.assessments[0] ?? null,
    },
    due: user?.due ?? [],
    replies: user?.reports ?? [],
    settings: {
      timeZone: user?.timeZone ?? null,
      dailyGoal: user?.dailyGoal || 1,
      firstVisitAt: user?.firstVisitAt ?? null,
    },
    streak: user?.streak ?? null,
    days: user?.days ?? [],
  };
}

const figuresStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, userKey),
    columns: { id: true, ...SETTINGS },
    with: figuresWith,
    extras: figuresExtras,
  }).prepare('learner_figures')
);

/** What the progress figures show of a learner (the dashboard's read without what only it shows), in one statement. */
export async function readLearnerFigures(userId: string): Promise<{ rows: LearnerRows; core: CoreSnapshot }> {
  const user = await (await figuresStatement()).execute({ userId });
  return { rows: rowsOf(user), core: coreOf(userId, user) };
}

/** Everything the dashboard shows of a learner, in one statement. */
export async function readLearner(
  userId: string,
  now = new Date(),
): Promise<{ rows: LearnerRows; core: CoreSnapshot }> {
  const user = await (await learnerStatement()).execute({ userId, now: now.toISOString() });
  return { rows: rowsOf(user), core: coreOf(userId, user) };
}
