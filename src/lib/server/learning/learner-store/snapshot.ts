// A learner's figures in one statement: the aggregates, badges, assessments (first, newest,
// count), review due dates, daily-streak rows, the newest attempts and the most-missed
// questions. Every part is a few rows found by the learner's key, so the statement costs the same
// at any history. The dashboard reads the core parts, the analytics their own parts.
import type { Assessment } from '../../../../../db/schema.ts';
import type { Level, Pillar } from '../../../domain.ts';
import { readStatement } from '../../platform/statement.ts';
import type { LearnerTotals, LevelTotals, MissedQuestion, PillarTotals, RecentAttempt, StoredBadge } from './figures.ts';
import { MOST_MISSED, RECENT_ATTEMPTS } from './figures.ts';

export interface StreakRow {
  current: number;
  longest: number;
  lastDay: string | null;
  freezes: number;
  frozenDays: string[];
}

/** The learner's streak row as JSON (a StreakRow), for the learner whose id is `userId` (an SQL expression). */
export function streakJson(userId: string): string {
  return `(select json_build_object('current', k.current, 'longest', k.longest, 'lastDay', k.last_day, 'freezes', k.freezes, 'frozenDays', k.frozen_days)
    from learner_streaks k where k.user_id = ${userId})`;
}

export interface LearnerSnapshot {
  totals: LearnerTotals;
  pillars: PillarTotals[];
  levels: LevelTotals[];
  badges: StoredBadge[];
  assessments: { count: number; first: Assessment | null; newest: Assessment | null };
  /** The learner's review items not yet retired (their lesson and question are checked by the reader). */
  review: Array<{ id: string; lessonId: number; questionId: number; box: number; dueAt: Date }>;
  settings: { timeZone: string | null; dailyGoal: number; firstVisitAt: Date | null };
  streak: StreakRow | null;
  /** The newest three days with activity (today's is among them when there is one). */
  days: Array<{ day: string; lessons: number; reviews: number }>;
  /** The newest RECENT_ATTEMPTS attempts, oldest of them first. */
  recent: RecentAttempt[];
  /** Running accuracy totals at the improvement rate's half marks. */
  halves: { first: number; last: number; half: number };
  mostMissed: MissedQuestion[];
}

/** The parts every reader needs: aggregates, badges, assessments, review, settings, streak, days. */
const CORE_PARTS = `  (select row_to_json(s) from learner_stats s where s.user_id = $1) as totals,
  coalesce((select json_agg(p) from learner_pillar_stats p where p.user_id = $1), '[]') as pillars,
  coalesce((select json_agg(l) from learner_level_stats l where l.user_id = $1), '[]') as levels,
  coalesce((select json_agg(json_build_object('badge', b.badge, 'earnedAt', b.earned_at) order by b.earned_at, b.badge)
    from user_badges b where b.user_id = $1), '[]') as badges,
  (select count(*)::int from assessments a where a.user_id = $1) as assessment_count,
  (select row_to_json(a) from (select * from assessments where user_id = $1 order by created_at asc limit 1) a) as first_assessment,
  (select row_to_json(a) from (select * from assessments where user_id = $1 order by created_at desc limit 1) a) as newest_assessment,
  coalesce((select json_agg(json_build_object('id', r.id, 'lessonId', r.lesson_id, 'questionId', r.question_id, 'box', r.box, 'dueAt', r.due_at))
    from review_items r where r.user_id = $1 and r.retired_at is null), '[]') as review,
  (select json_build_object('timeZone', u.time_zone, 'dailyGoal', u.daily_goal, 'firstVisitAt', u.first_visit_at) from users u where u.id = $1) as settings,
  ${streakJson('$1')} as streak,
  coalesce((select json_agg(d) from (select day, lessons, reviews from learner_days where user_id = $1 order by day desc limit 3) d), '[]') as days`;

/** The most-missed questions with their text as the learner was asked them. */
const MISSED_PART = `coalesce((select json_agg(m) from (
    select s.lesson_id, s.question_id, s.asked, s.missed, l.title as lesson_title, l.pillar,
      (select json_build_object('question', q->'question', 'explanation', q->'explanation')
        from jsonb_array_elements(qs.questions) q where (q->>'questionId')::int = s.question_id limit 1) as asked_question
    from (select * from learner_question_stats where user_id = $1 and missed > 0
      order by missed desc, missed::float8 / asked desc, lesson_id, question_id limit ${MOST_MISSED}) s
    join lessons l on l.id = s.lesson_id join question_sets qs on qs.id = s.question_set_id
    order by s.missed desc, s.missed::float8 / s.asked desc, s.lesson_id, s.question_id) m), '[]')`;

/** The history parts the progress screen and analytics add: newest attempts, half marks, most missed. */
const HISTORY_PARTS = `  coalesce((select json_agg(x order by x.seq) from (
    select q.seq, q.lesson_id, l.title, q.pillar, q.level, q.score, q.total_questions, q.passed, q.created_at
    from quiz_attempts q join lessons l on l.id = q.lesson_id where q.user_id = $1 order by q.seq desc limit ${RECENT_ATTEMPTS}) x), '[]') as recent,
  coalesce((select json_agg(json_build_object('seq', q.seq, 'cum', q.accuracy_cum)) from quiz_attempts q, learner_stats s
    where s.user_id = $1 and q.user_id = $1 and q.seq in (s.attempts / 2, s.attempts - s.attempts / 2)), '[]') as halves,
  ${MISSED_PART} as missed`;

const SNAPSHOT_SQL = `select
${CORE_PARTS},
${HISTORY_PARTS}`;
const CORE_SQL = `select
${CORE_PARTS}`;

type Json = unknown;
interface SnapshotRow {
  totals: Json;
  pillars: Json;
  levels: Json;
  badges: Json;
  assessment_count: number;
  first_assessment: Json;
  newest_assessment: Json;
  review: Json;
  settings: Json;
  streak: Json;
  days: Json;
  recent: Json;
  halves: Json;
  missed: Json;
}

/** What the quiz analytics show: the totals, the levels' figures and the most-missed questions. */
const ANALYTICS_SQL = `select
  (select row_to_json(s) from learner_stats s where s.user_id = $1) as totals,
  coalesce((select json_agg(l) from learner_level_stats l where l.user_id = $1), '[]') as levels,
  ${MISSED_PART} as missed`;

const readSnapshotRow = readStatement<[userId: string], SnapshotRow>(SNAPSHOT_SQL);
const readAnalyticsRow = readStatement<[userId: string], Pick<SnapshotRow, 'totals' | 'levels' | 'missed'>>(ANALYTICS_SQL);
const readCoreRow = readStatement<[userId: string], Omit<SnapshotRow, 'recent' | 'halves' | 'missed'>>(CORE_SQL);

/** A JSON column as the driver returns it: parsed (postgres.js) or text (PGlite's json). */
function parse<T>(value: Json): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

type Row = Record<string, unknown>;
const num = (v: unknown) => Number(v ?? 0);
const date = (v: unknown) => new Date(v as string);

function toTotals(userId: string, r: Row | null): LearnerTotals {
  return {
    userId,
    attempts: num(r?.attempts),
    passes: num(r?.passes),
    correct: num(r?.correct),
    questions: num(r?.questions),
    durationSum: num(r?.duration_sum),
    durationCount: num(r?.duration_count),
    accuracyUnits: num(r?.accuracy_units),
    passRun: num(r?.pass_run),
    lastPassedLessonId: (r?.last_passed_lesson_id as number | null) ?? null,
    lastPassedScore: (r?.last_passed_score as number | null) ?? null,
    lastPassedTotal: (r?.last_passed_total as number | null) ?? null,
  };
}

function toAssessment(r: Row | null): Assessment | null {
  if (!r) return null;
  return {
    id: r.id as string,
    userId: r.user_id as string,
    savingScore: num(r.saving_score),
    creditScore: num(r.credit_score),
    investingScore: num(r.investing_score),
    answers: parse<Assessment['answers']>(r.answers),
    version: num(r.version),
    createdAt: date(r.created_at),
  } as Assessment;
}

function toSnapshot(userId: string, row: SnapshotRow): LearnerSnapshot {
  const totals = toTotals(userId, parse<Row | null>(row.totals));
  const cums = parse<Array<{ seq: number; cum: number }>>(row.halves);
  const half = Math.floor(totals.attempts / 2);
  const cumAt = (seq: number) => num(cums.find((c) => c.seq === seq)?.cum);
  const settings = parse<Row | null>(row.settings);
  const streak = parse<Row | null>(row.streak);
  return {
    totals,
    pillars: parse<Row[]>(row.pillars).map((p) => ({
      userId,
      pillar: p.pillar as Pillar,
      attempts: num(p.attempts),
      passes: num(p.passes),
      correct: num(p.correct),
      questions: num(p.questions),
      accuracyUnits: num(p.accuracy_units),
      passRun: num(p.pass_run),
      bestRun: num(p.best_run),
    })),
    levels: parse<Row[]>(row.levels).map((l) => ({
      userId,
      pillar: l.pillar as Pillar,
      level: l.level as Level,
      attempts: num(l.attempts),
      correct: num(l.correct),
      questions: num(l.questions),
    })),
    badges: parse<Array<{ badge: string; earnedAt: string }>>(row.badges).map((b) => ({ badge: b.badge, earnedAt: date(b.earnedAt) })),
    assessments: {
      count: num(row.assessment_count),
      first: toAssessment(parse<Row | null>(row.first_assessment)),
      newest: toAssessment(parse<Row | null>(row.newest_assessment)),
    },
    review: parse<Array<{ id: string; lessonId: number; questionId: number; box: number; dueAt: string }>>(row.review).map((r) => ({ ...r, box: num(r.box), dueAt: date(r.dueAt) })),
    settings: {
      timeZone: (settings?.timeZone as string | null) ?? null,
      dailyGoal: num(settings?.dailyGoal) || 1,
      firstVisitAt: settings?.firstVisitAt ? date(settings.firstVisitAt) : null,
    },
    streak: streak
      ? {
          current: num(streak.current),
          longest: num(streak.longest),
          lastDay: (streak.lastDay as string | null) ?? null,
          freezes: num(streak.freezes),
          frozenDays: parse<string[] | null>(streak.frozenDays) ?? [],
        }
      : null,
    days: parse<Array<{ day: string; lessons: number; reviews: number }>>(row.days),
    recent: parse<Row[]>(row.recent).map((a) => ({
      seq: num(a.seq),
      lessonId: num(a.lesson_id),
      lessonTitle: a.title as string,
      pillar: a.pillar as Pillar,
      level: a.level as Level,
      score: num(a.score),
      totalQuestions: num(a.total_questions),
      passed: Boolean(a.passed),
      createdAt: date(a.created_at),
    })),
    halves: { first: cumAt(half), last: totals.accuracyUnits - cumAt(totals.attempts - half), half },
    mostMissed: parse<Row[]>(row.missed).map((m) => {
      const q = parse<Row | null>(m.asked_question);
      return {
        lessonId: num(m.lesson_id),
        lessonTitle: m.lesson_title as string,
        pillar: m.pillar as Pillar,
        questionId: num(m.question_id),
        question: (q?.question as string) ?? '',
        explanation: (q?.explanation as string) ?? '',
        missed: num(m.missed),
        asked: num(m.asked),
      };
    }),
  };
}

/** The learner's whole snapshot (the progress screen), in one statement. */
export async function readSnapshot(userId: string): Promise<LearnerSnapshot> {
  const [row] = await readSnapshotRow.run(userId);
  return toSnapshot(userId, row);
}

/** A snapshot without the history parts (the dashboard's needs). */
export type CoreSnapshot = Omit<LearnerSnapshot, 'recent' | 'halves' | 'mostMissed'>;

/** The learner's snapshot without the newest attempts, the half marks and the most-missed questions. */
export async function readCoreSnapshot(userId: string): Promise<CoreSnapshot> {
  const [row] = await readCoreRow.run(userId);
  const { recent: _r, halves: _h, mostMissed: _m, ...core } = toSnapshot(userId, { ...EMPTY_PARTS, ...row });
  return core;
}

/** The snapshot's parts the quiz analytics show. */
export type AnalyticsParts = Pick<LearnerSnapshot, 'totals' | 'levels' | 'mostMissed'>;

/** The analytics' parts alone (no attempts, badges or review queue), in one statement. */
export async function readAnalyticsParts(userId: string): Promise<AnalyticsParts> {
  const [row] = await readAnalyticsRow.run(userId);
  const { totals, levels, mostMissed } = toSnapshot(userId, { ...EMPTY_PARTS, ...row });
  return { totals, levels, mostMissed };
}

/** A snapshot row with every part empty: the narrow reads fill in the parts they read. */
const EMPTY_PARTS: SnapshotRow = {
  totals: null,
  pillars: '[]',
  levels: '[]',
  badges: '[]',
  assessment_count: 0,
  first_assessment: null,
  newest_assessment: null,
  review: '[]',
  settings: null,
  streak: null,
  days: '[]',
  recent: '[]',
  halves: '[]',
  missed: '[]',
};

// A screen that needs one part reads that part alone: the badges, or the review queue. Same rows,
// same order as the snapshot's.
const badgesOf = readStatement<[userId: string], { badge: string; earned_at: string | Date }>(
  `select badge, earned_at from user_badges where user_id = $1 order by earned_at, badge`,
);
const reviewOf = readStatement<[userId: string], { id: string; lesson_id: number; question_id: number; box: number; due_at: string | Date }>(
  `select id, lesson_id, question_id, box, due_at from review_items where user_id = $1 and retired_at is null`,
);

/** The learner's badges as the snapshot holds them. */
export async function readBadges(userId: string): Promise<LearnerSnapshot['badges']> {
  return (await badgesOf.run(userId)).map((b) => ({ badge: b.badge, earnedAt: date(b.earned_at) }));
}

/** The learner's review items not yet retired, as the snapshot holds them. */
export async function readReviewItems(userId: string): Promise<LearnerSnapshot['review']> {
  return (await reviewOf.run(userId)).map((r) => ({ id: r.id, lessonId: r.lesson_id, questionId: r.question_id, box: num(r.box), dueAt: date(r.due_at) }));
}
