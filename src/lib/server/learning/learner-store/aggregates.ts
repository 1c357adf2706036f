// The learner aggregates: per-learner, per-pillar, per-level and per-question figures that
// recording an attempt keeps up to date (attempts.ts), so reading them is a few row reads
// whatever the learner's history. The rebuild replays the attempts through the same rules
// (src/lib/completion.ts): used by `scripts/rebuild-aggregates.ts`, the bench's seeding, and a
// test that compares rebuilt and running figures.
import { and, asc, eq, inArray, min, sql } from 'drizzle-orm';
import {
  assessments,
  learnerLevelStats,
  learnerPillarStats,
  learnerQuestionStats,
  learnerStats,
  lessonProgress,
  lessons,
  quizAttempts,
  userBadges,
} from '../../../../../db/schema.ts';
import type { Executor } from '../../../../../db/client.ts';
import { isLevelComplete, replayAttempts } from '../../../completion.ts';
import { LEVELS, PILLARS } from '../../../domain.ts';
import { getDb } from '../../platform/db.ts';
import { readLessonsIn } from '../../content/catalogue.ts';

/** The aggregate tables. */
export const AGGREGATE_TABLES = [
  'learner_stats',
  'learner_pillar_stats',
  'learner_level_stats',
  'learner_question_stats',
] as const;

const CHUNK = 1000;
async function insertInChunks<T>(rows: T[], insert: (chunk: T[]) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < rows.length; i += CHUNK) await insert(rows.slice(i, i + CHUNK));
}

/**
 * Recomputes the aggregates of a learner (or of every learner) from their attempts, in the
 * caller's transaction, and adds the badges their history earned (never taking one away).
 */
export async function rebuildAggregates(tx: Executor, userId?: string): Promise<void> {
  await tx.delete(learnerStats).where(userId ? eq(learnerStats.userId, userId) : undefined);
  await tx.delete(learnerPillarStats).where(userId ? eq(learnerPillarStats.userId, userId) : undefined);
  await tx.delete(learnerLevelStats).where(userId ? eq(learnerLevelStats.userId, userId) : undefined);
  await tx.delete(learnerQuestionStats).where(userId ? eq(learnerQuestionStats.userId, userId) : undefined);
  // Each attempt's running accuracy total, recomputed (a sum, kept on the attempt for the half marks).
  await tx.execute(sql`with running as (
      select id, sum(accuracy_units) over (partition by user_id order by seq rows between unbounded preceding and current row) as cum
      from quiz_attempts ${userId ? sql`where user_id = ${userId}` : sql``})
    update quiz_attempts a set accuracy_cum = r.cum from running r where a.id = r.id and a.accuracy_cum <> r.cum`);

  const rows = await tx.select({ attempt: quizAttempts, lessonTitle: lessons.title }).from(quizAttempts)
    .innerJoin(lessons, eq(lessons.id, quizAttempts.lessonId))
    .where(userId ? eq(quizAttempts.userId, userId) : undefined)
    .orderBy(asc(quizAttempts.userId), asc(quizAttempts.seq));
  const byLearner = new Map<string, Array<typeof rows[number]['attempt'] & { lessonTitle: string }>>();
  for (const { attempt: a, lessonTitle } of rows) {
    const list = byLearner.get(a.userId) ?? [];
    list.push({ ...a, lessonTitle });
    byLearner.set(a.userId, list);
  }
  const stats: Array<typeof learnerStats.$inferInsert> = [];
  const pillars: Array<typeof learnerPillarStats.$inferInsert> = [];
  const levels: Array<typeof learnerLevelStats.$inferInsert> = [];
  const questions: Array<typeof learnerQuestionStats.$inferInsert> = [];
  const badges: Array<typeof userBadges.$inferInsert> = [];
  for (const [learner, history] of byLearner) {
    const replay = replayAttempts(
      history.map((a) => ({ ...a, total: a.totalQuestions, units: a.accuracyUnits, responses: a.responses })),
    );
    stats.push({ userId: learner, ...replay.stats });
    pillars.push(...replay.pillars.map((p) => ({ userId: learner, ...p })));
    levels.push(...replay.levels.map((l) => ({ userId: learner, ...l })));
    questions.push(...replay.questions.map((q) => ({ userId: learner, ...q })));
    badges.push(...[...replay.badges].map(([badge, earnedAt]) => ({ userId: learner, badge, earnedAt })));
  }
  await insertInChunks(stats, (rows) => tx.insert(learnerStats).values(rows));
  await insertInChunks(pillars, (rows) => tx.insert(learnerPillarStats).values(rows));
  await insertInChunks(levels, (rows) => tx.insert(learnerLevelStats).values(rows));
  await insertInChunks(questions, (rows) => tx.insert(learnerQuestionStats).values(rows));
  await rebuildLatestAnswers(tx, userId);
  // Not push(...rows): with every learner (a rebuild of 100,000) the arguments would overflow the stack.
  for (const row of [...(await assessmentBadges(tx, userId)), ...(await levelBadges(tx, userId))]) badges.push(row);
  await insertInChunks(badges, (rows) => tx.insert(userBadges).values(rows).onConflictDoNothing());
}

/**
 * Each learner's latest answer to each question met, quiz or review (a tie goes to review, which
 * follows a quiz), from the question stats just rebuilt and the review queue (migration 0038 too).
 */
async function rebuildLatestAnswers(tx: Executor, userId?: string): Promise<void> {
  const mine = userId ? sql`and user_id = ${userId}` : sql``;
  await tx.execute(sql`update learner_stats s set latest_answers = m.answers from (
      select user_id, jsonb_object_agg(lesson_id || ':' || question_id, correct) as answers from (
        select distinct on (user_id, lesson_id, question_id) user_id, lesson_id, question_id, correct from (
          select user_id, lesson_id, question_id, coalesce(last_correct, false) as correct, last_at as at, 0 as src
          from learner_question_stats where last_at is not null ${mine}
          union all
          select user_id, lesson_id, question_id, last_correct, last_reviewed_at, 1
          from review_items where last_correct is not null and last_reviewed_at is not null ${mine}
        ) a order by user_id, lesson_id, question_id, at desc, src desc
      ) latest group by user_id
    ) m where s.user_id = m.user_id`);
}

/** The snapshot badge, earned when the learner's first assessment was taken. */
async function assessmentBadges(tx: Executor, userId?: string) {
  const rows = await tx
    .select({ userId: assessments.userId, earnedAt: min(assessments.createdAt) })
    .from(assessments)
    .where(userId ? eq(assessments.userId, userId) : undefined)
    .groupBy(assessments.userId);
  return rows.map((r) => ({ userId: r.userId, badge: 'assessment-complete', earnedAt: r.earnedAt! }));
}

/** A level badge for every level whose active lessons the learner has all completed, earned at the last completion. */
async function levelBadges(tx: Executor, userId?: string) {
  const active = await readLessonsIn(tx, ['published']);
  const done = await tx
    .select({
      userId: lessonProgress.userId,
      lessonId: lessonProgress.lessonId,
      completedAt: lessonProgress.completedAt,
      updatedAt: lessonProgress.updatedAt,
    })
    .from(lessonProgress)
    .where(
      and(
        eq(lessonProgress.completed, true),
        userId ? eq(lessonProgress.userId, userId) : undefined,
        inArray(lessonProgress.lessonId, active.map((l) => l.id).concat(-1)),
      ),
    );
  const byLearner = new Map<string, typeof done>();
  for (const row of done) byLearner.set(row.userId, [...(byLearner.get(row.userId) ?? []), row]);
  const out: Array<typeof userBadges.$inferInsert> = [];
  for (const [learner, rows] of byLearner) {
    const completed = new Set(rows.map((r) => r.lessonId));
    for (const pillar of PILLARS) {
      for (const level of LEVELS) {
        const inLevel = active.filter((l) => l.pillar === pillar && l.level === level);
        if (inLevel.length === 0 || !isLevelComplete(active, completed, pillar, level)) continue;
        const times = rows.filter((r) => inLevel.some((l) => l.id === r.lessonId)).map((r) =>
          (r.completedAt ?? r.updatedAt).getTime()
        );
        out.push({ userId: learner, badge: `level:${pillar}:${level}`, earnedAt: new Date(Math.max(...times)) });
      }
    }
  }
  return out;
}

/**
 * Recomputes a learner's aggregates (or every learner's) in one transaction. Safe while the app
 * runs: the whole rebuild locks learner_stats against writers, a learner's own rebuild deletes
 * (locks) that learner's row first.
 */
export async function rebuildLearnerAggregates(userId?: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    if (!userId) await tx.execute(sql`lock table learner_stats in share row exclusive mode`);
    await rebuildAggregates(tx, userId);
  });
}
