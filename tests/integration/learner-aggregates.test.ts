// The learner aggregates (issue 24) on PGlite and PostgreSQL: after a random run of attempts
// (retries of one attempt id, concurrent completions of one learner and of several) the figures
// kept one attempt at a time equal those rebuilt from the attempts; the screens' figures equal
// the pure rules applied to the whole history; and a dashboard, progress or analytics read makes
// the same statements, of the same size, at 1 attempt and at 300.
import { asc, eq, sql } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { rowsOf, setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { readBadges, readReviewItems } from '../../src/lib/server/learning/learner-store/snapshot.ts';
import { recordQuizAttempt } from '../../src/lib/server/learning/learner-store/attempts.ts';
import { readLearner, readLearnerFigures } from '../../src/lib/server/learning/learner-store/rows.ts';
import { readLearnerHistory } from '../../src/lib/server/learning/learner-store/history.ts';
import { answerReview, listReview } from '../../src/lib/server/learning/review.ts';
import { recordAssessment } from '../../src/lib/server/learning/assessment.ts';
import {
  buildDashboard,
  buildUserProgress,
  listBadges,
  progressScreenProps,
} from '../../src/lib/server/learning/progress.ts';
import { buildQuizAnalytics } from '../../src/lib/server/learning/analytics.ts';
import { AGGREGATE_TABLES, rebuildLearnerAggregates } from '../../src/lib/server/learning/learner-store/aggregates.ts';
import { readAttemptPage, RECENT_ATTEMPTS } from '../../src/lib/server/learning/learner-store/figures.ts';
import { averageScore, averageTimeMs, bestStreak, improvementRate, passRate } from '../../src/lib/progress.ts';
import { type Lesson, lessons, quizAttempts, userBadges, users } from '../../db/schema.ts';
import { PILLARS } from '../../src/lib/domain.ts';
import { openDatabase } from '../../db/client.ts';
import { createDatabaseOnServer } from '../helpers/database.ts';
import { assertFiguresMatchRows } from '../helpers/learner-figures.ts';
import { migrateTo, migrationsBefore, migrationsFolder } from '../helpers/migrations.ts';
import { rmSync } from 'node:fs';

type Db = TestDatabase['handle']['db'];

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Every aggregate row, in a stable order, to compare kept and rebuilt figures. */
async function snapshot(db: Db) {
  const out: Record<string, unknown[]> = {};
  for (const table of AGGREGATE_TABLES) {
    out[table] = rowsOf<Record<string, unknown>>(await db.execute(sql.raw(`select * from "${table}"`)))
      .map((r) =>
        JSON.stringify(
          Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === 'bigint' ? Number(v) : v])).valueOf(),
        )
      )
      .sort();
  }
  out.running = rowsOf<{ user_id: string; seq: number; accuracy_cum: unknown }>(
    await db.execute(sql`select user_id, seq, accuracy_cum from quiz_attempts`),
  )
    .map((r) => `${r.user_id}:${r.seq}:${Number(r.accuracy_cum)}`)
    .sort();
  out.badges = rowsOf<{ user_id: string; badge: string }>(await db.execute(sql`select user_id, badge from user_badges`))
    .map((r) => `${r.user_id}:${r.badge}`)
    .sort();
  return out;
}

async function withDatabase(
  kind: TestDatabase['kind'],
  fn: (db: Db, learners: string[], all: Lesson[]) => Promise<void>,
  onQuery?: (text: string) => void,
) {
  const test = await createTestDatabase(kind, { onQuery });
  setDatabaseHandle(test.handle);
  try {
    await loadContent(test.handle.db);
    const learners = await test.handle.db
      .insert(users)
      .values(
        Array.from(
          { length: 3 },
          (_, i) => ({ email: `agg${i}@example.com`, firstName: `A${i}`, lastName: 'Learner' }),
        ),
      )
      .returning({ id: users.id });
    const all = await test.handle.db.select().from(lessons).orderBy(
      asc(lessons.pillar),
      asc(lessons.level),
      asc(lessons.orderIndex),
    );
    await fn(test.handle.db, learners.map((l) => l.id), all);
  } finally {
    await test.drop();
  }
}

const answersFor = (lesson: Lesson, next: () => number, rightShare: number) =>
  lesson.questions.map((q) => ({
    questionId: q.id,
    userAnswer: next() < rightShare ? q.correctAnswer : (q.correctAnswer + 1 + Math.floor(next() * 3)) % 4,
  }));

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: figures kept attempt by attempt equal those rebuilt from the attempts, retries and concurrent completions included`, async () => {
    await withDatabase(kind, async (db, learners, all) => {
      const next = random(2411);
      await recordAssessment(learners[0], { savingScore: 40, creditScore: 60, investingScore: 80 }, {});
      const used: Array<
        { userId: string; lesson: Lesson; attemptId: string; responses: ReturnType<typeof answersFor> }
      > = [];
      for (let round = 0; round < 12; round++) {
        // A burst: each learner completes a few quizzes at once (one of them twice at the same time),
        // and sometimes an attempt id is sent again (a retry after a lost answer).
        const burst = learners.flatMap((userId) =>
          Array.from({ length: 1 + Math.floor(next() * 3) }, () => {
            const lesson = all[Math.floor(next() * all.length)];
            const attempt = {
              userId,
              lesson,
              attemptId: crypto.randomUUID(),
              responses: answersFor(lesson, next, 0.75),
            };
            used.push(attempt);
            return attempt;
          })
        );
        const retries = used.filter(() => next() < 0.1);
        await Promise.all(
          [...burst, ...retries].map((a) =>
            recordQuizAttempt(a.userId, a.lesson, {
              attemptId: a.attemptId,
              quizResponses: a.responses,
              durationMs: next() < 0.8 ? Math.floor(next() * 90_000) : undefined,
            })
          ),
        );
      }
      const attempts = await db.select().from(quizAttempts);
      assertEquals(attempts.length, used.length, 'each attempt id once, however often it was sent');
      for (const userId of learners) {
        const seqs = attempts.filter((a) => a.userId === userId).map((a) => a.seq).sort((a, b) => a - b);
        assertEquals(seqs, seqs.map((_, i) => i + 1), "each learner's attempts numbered 1, 2, 3... without a gap");
      }
      // Two days on, some missed questions answered in review, right and wrong: the latest answers
      // (mastery's) take them, and the rebuild finds them again.
      const later = new Date(Date.now() + 2 * 86_400_000);
      let reviewed = 0;
      for (const userId of learners) {
        for (const [i, item] of (await listReview(userId, later)).due.slice(0, 3).entries()) {
          const key = all.find((l) => l.id === item.lessonId)!.questions.find((q) => q.id === item.questionId)!;
          const result = await answerReview(userId, item.id, (key.correctAnswer + i) % 4, later);
          assertEquals(result.correct, i === 0);
          reviewed++;
        }
      }
      assert(reviewed > 3);
      const kept = await snapshot(db);
      assert((kept.learner_question_stats as unknown[]).length > 10);
      await assertFiguresMatchRows(db, 'the figures the pages read, after concurrent completions');
      await rebuildLearnerAggregates();
      assertEquals(await snapshot(db), kept, 'rebuilt for everyone');
      await rebuildLearnerAggregates(learners[1]);
      assertEquals(await snapshot(db), kept, 'rebuilt for one learner');
      await assertFiguresMatchRows(db, 'the figures the pages read, after the rebuilds');

      // The screens' figures are the pure rules over the whole history.
      for (const userId of learners) {
        const history = await readAttemptPage(userId, { limit: 100 });
        assertEquals(history.length, attempts.filter((a) => a.userId === userId).length);
        const progress = await buildUserProgress(userId, 'x@example.com');
        for (const pillar of PILLARS) {
          const mine = history.filter((a) => a.pillar === pillar);
          const shown = progress.pillars.find((p) => p.pillar === pillar)!;
          assertEquals([shown.averageScore, shown.bestStreak], [averageScore(mine), bestStreak(mine)], pillar);
        }
        assertEquals(progress.metrics, {
          improvementRate: improvementRate(history),
          passRate: passRate(history),
          avgTimePerQuizMs: averageTimeMs(history),
          totalQuizzes: history.length,
        });
        const correct = history.reduce((n, a) => n + a.score, 0);
        assertEquals(progress.accuracy, {
          correct,
          incorrect: history.reduce((n, a) => n + a.totalQuestions, 0) - correct,
        });
        assertEquals(
          progress.scoreProgression.map((p) => p.attempt),
          history.slice(-RECENT_ATTEMPTS).map((a) => a.seq),
        );
        const analytics = await buildQuizAnalytics(userId);
        for (const cell of analytics.byPillarLevel) {
          const here = history.filter((a) => a.pillar === cell.pillar && a.level === cell.level);
          assertEquals([cell.attempts, cell.correct, cell.total], [
            here.length,
            here.reduce((n, a) => n + a.score, 0),
            here.reduce((n, a) => n + a.totalQuestions, 0),
          ]);
        }
        const misses = new Map<string, { missed: number; asked: number }>();
        for (const a of history) {
          for (const r of a.responses) {
            const key = `${a.lessonId}:${r.questionId}`;
            const m = misses.get(key) ?? { missed: 0, asked: 0 };
            m.asked++;
            if (!r.isCorrect) m.missed++;
            misses.set(key, m);
          }
        }
        for (const m of analytics.mostMissed) {
          assertEquals(misses.get(`${m.lessonId}:${m.questionId}`), { missed: m.missed, asked: m.asked });
        }
        const worst = Math.max(0, ...[...misses.values()].map((m) => m.missed));
        if (worst > 0) assertEquals(analytics.mostMissed[0].missed, worst);
      }
      // Badges came with the attempts that earned them; reading never stores one.
      const before = await db.select().from(userBadges);
      assert(before.some((b) => b.badge === 'first-lesson'));
      assert(before.some((b) => b.userId === learners[0] && b.badge === 'assessment-complete'));
      await buildDashboard(learners[2], 'A2');
      await buildUserProgress(learners[2], 'x@example.com');
      assertEquals((await db.select().from(userBadges)).length, before.length);
    });
  });

  Deno.test(`${kind}: every learner read gives a badge's time to the millisecond, as the badges read does`, async () => {
    await withDatabase(kind, async (db, [learner]) => {
      // Whole milliseconds, as the app writes them, at many fractions of a second.
      const start = Date.UTC(2026, 0, 1);
      await db.insert(userBadges).values(
        Array.from(
          { length: 400 },
          (_, i) => ({ userId: learner, badge: `b${i}`, earnedAt: new Date(start + i * 7_919_013) }),
        ),
      );
      const badges = await readBadges(learner);
      assertEquals(badges.length, 400);
      assertEquals((await readLearner(learner)).core.badges, badges);
      assertEquals((await readLearnerFigures(learner)).core.badges, badges);
      assertEquals((await readLearnerHistory(learner)).core.badges, badges);
    });
  });

  Deno.test(`${kind}: a dashboard, progress, analytics, badges or review read makes the same statements at 1 attempt and at 300, and its answer does not grow`, async () => {
    const statements: string[] = [];
    await withDatabase(
      kind,
      async (db, [learner], all) => {
        const next = random(7);
        const lesson = all[0];
        const measure = async () => {
          const counts: number[] = [];
          const sizes: number[] = [];
          for (
            const read of [
              () => buildDashboard(learner, 'A0'),
              () => buildUserProgress(learner, 'x@example.com'),
              () => progressScreenProps(learner, 'x@example.com'),
              () => buildQuizAnalytics(learner),
              () => listBadges(learner),
              () => listReview(learner, new Date()),
            ]
          ) {
            statements.length = 0;
            const answer = await read();
            counts.push(statements.length);
            sizes.push(JSON.stringify(answer).length);
          }
          return { counts, sizes };
        };
        await recordQuizAttempt(learner, lesson, {
          attemptId: crypto.randomUUID(),
          quizResponses: answersFor(lesson, next, 0.5),
        });
        await measure(); // the first read also loads the lesson catalogue, which stays in memory
        const one = await measure();
        // The chart shows the newest RECENT_ATTEMPTS: from there on nothing may grow.
        for (let i = 1; i < RECENT_ATTEMPTS; i++) {
          const l = all[i % all.length];
          await recordQuizAttempt(learner, l, {
            attemptId: crypto.randomUUID(),
            quizResponses: answersFor(l, next, 0.7),
          });
        }
        const thirty = await measure();
        for (let i = RECENT_ATTEMPTS; i < 300; i++) {
          const l = all[i % all.length];
          await recordQuizAttempt(learner, l, {
            attemptId: crypto.randomUUID(),
            quizResponses: answersFor(l, next, 0.7),
            durationMs: 30_000,
          });
        }
        assertEquals((await db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner))).length, 300);
        const many = await measure();
        assertEquals(
          many.counts,
          one.counts,
          `statements per read (dashboard, progress, progress screen, analytics, badges, review): ${one.counts} at 1 attempt`,
        );
        // The badges and review reads read those parts alone: the same rows as the dashboard's read.
        const now = new Date(Date.now() + 30 * 86_400_000);
        const { core } = await readLearner(learner, now);
        assertEquals(await readBadges(learner), core.badges);
        // A month on, every review item not retired is due.
        const key = ([lessonId, questionId]: [number, number]) => `${lessonId}:${questionId}`;
        assertEquals(
          (await readReviewItems(learner)).map((r) => key([r.lessonId, r.questionId])).sort(),
          core.due.map(key).sort(),
        );
        assert(core.due.length > 0 && core.badges.length > 0 && Object.keys(core.totals.latestAnswers).length > 0);
        // The progress figures' and the progress screen's reads hold the dashboard's figures (not what
        // only the dashboard shows), the screen's with the level totals and the history added.
        const figures = ({ totals, pillars, badges, assessments }: typeof core) => ({
          totals,
          pillars,
          badges,
          assessments,
        });
        const full = await readLearnerHistory(learner);
        // The screen's read passes the newest attempts on as the stored JSON text (the browser charts them).
        assertEquals(figures(full.core), figures({ ...core, totals: { ...core.totals, recent: [] } }));
        assertEquals(JSON.parse(full.history.recentJson), core.totals.recent);
        assertEquals(full.core.levels, core.levels);
        assertEquals(figures((await readLearnerFigures(learner)).core), figures(core));
        assert(full.history.missed.length > 0 && core.levels.length > 0);
        assertEquals(JSON.parse(full.history.recentJson).length, RECENT_ATTEMPTS);
        // Sizes vary a little with the figures' digits and which lessons are done, never with the history's length.
        many.sizes.forEach((size, i) =>
          assert(
            size < thirty.sizes[i] * 1.25 + 2000,
            `read ${i}: ${thirty.sizes[i]} bytes at 30 attempts, ${size} at 300`,
          )
        );
      },
      (text) => statements.push(text),
    );
  });
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: migration 0018 numbers earlier attempts in time order and builds their aggregates as the rebuild does`, async () => {
    const server = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
    const handle = await openDatabase(server ? { url: server.url, max: 2 } : { dataDir: 'memory://' });
    const folder = migrationsBefore('0018');
    try {
      await migrateTo(handle, folder);
      const db = handle.db;
      // Raw SQL: today's schema has columns a database before 0018 does not.
      const [user] = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into users (email, first_name, last_name) values ('old@example.com', 'Old', 'Learner') returning id`,
        ),
      );
      const lessonIds: number[] = [];
      for (const [i, pillar] of ['saving', 'credit', 'saving'].entries()) {
        const [l] = rowsOf<{ id: number }>(
          await db.execute(
            sql`insert into lessons (slug, title, pillar, level, order_index) values (${`l${i}`}, ${`L${i}`}, ${pillar}, 'beginner', ${
              i + 1
            }) returning id`,
          ),
        );
        lessonIds.push(l.id);
      }
      const [set] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into question_sets (lesson_id, digest, questions) values (${lessonIds[0]}, 'd', ${
            JSON.stringify([
              { questionId: 1, question: 'Q1', options: ['a', 'b', 'c', 'd'], correctAnswer: 0, explanation: 'E1' },
              { questionId: 2, question: 'Q2', options: ['a', 'b', 'c', 'd'], correctAnswer: 1, explanation: 'E2' },
              { questionId: 3, question: 'Q3', options: ['a', 'b', 'c', 'd'], correctAnswer: 2, explanation: 'E3' },
            ])
          }::jsonb) returning id`,
        ),
      );
      // Inserted out of time order: the migration numbers them by time.
      const history = [
        { at: '2026-03-05T10:00:00Z', lesson: 1, score: 1 },
        { at: '2026-03-01T10:00:00Z', lesson: 0, score: 3 },
        { at: '2026-03-03T10:00:00Z', lesson: 0, score: 2 },
        { at: '2026-03-02T10:00:00Z', lesson: 2, score: 0 },
        { at: '2026-03-04T10:00:00Z', lesson: 2, score: 3 },
      ];
      for (const h of history) {
        const responses = [1, 2, 3].map((q) => ({ questionId: q, userAnswer: 0, isCorrect: q <= h.score }));
        await db.execute(
          sql`insert into quiz_attempts (user_id, lesson_id, attempt_id, question_set_id, responses, score, total_questions, passed, duration_ms, created_at)
          values (${user.id}, ${lessonIds[h.lesson]}, ${crypto.randomUUID()}, ${set.id}, ${
            JSON.stringify(responses)
          }::jsonb, ${h.score}, 3, ${h.score >= 2}, 1000, ${h.at})`,
        );
      }
      await migrateTo(handle, migrationsFolder);
      const numbered = rowsOf<{ seq: number; created_at: string | Date }>(
        await db.execute(sql`select seq, created_at from quiz_attempts order by seq`),
      );
      assertEquals(numbered.map((r) => new Date(r.created_at).toISOString().slice(0, 10)), [
        '2026-03-01',
        '2026-03-02',
        '2026-03-03',
        '2026-03-04',
        '2026-03-05',
      ]);
      const [stats] = rowsOf<{ attempts: number; passes: number; pass_run: number; last_passed_score: number }>(
        await db.execute(sql`select * from learner_stats`),
      );
      assertEquals([stats.attempts, stats.passes, stats.pass_run, stats.last_passed_score], [5, 3, 0, 3]);
      const pillars = rowsOf<{ pillar: string; best_run: number; pass_run: number }>(
        await db.execute(sql`select pillar, best_run, pass_run from learner_pillar_stats order by pillar`),
      );
      // Saving in time order: pass (3/3), fail (0), pass (2/3), pass (3/3): best run 2, now 2.
      assertEquals(pillars.map((p) => [p.pillar, p.best_run, p.pass_run]), [['credit', 0, 0], ['saving', 2, 2]]);
      // The badges that history earned: a first pass and a perfect score, never three passes in a row.
      const badges = rowsOf<{ badge: string; earned_at: string | Date }>(
        await db.execute(sql`select badge, earned_at from user_badges order by badge`),
      );
      assertEquals(badges.map((b) => [b.badge, new Date(b.earned_at).toISOString().slice(0, 10)]), [[
        'first-lesson',
        '2026-03-01',
      ], ['perfect-quiz', '2026-03-01']]);
      // A rebuild finds the same figures.
      setDatabaseHandle(handle);
      const migrated = await snapshot(db);
      await rebuildLearnerAggregates();
      assertEquals(await snapshot(db), migrated);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await handle.close();
      await server?.drop();
    }
  });
}
