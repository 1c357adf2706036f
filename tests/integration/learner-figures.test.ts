// learner_figures (docs/decisions/0003-progress-screen-growth-on-pglite.md), on PGlite and
// PostgreSQL: the lesson-progress rows, badges and pillar and level totals every learner page reads
// from it equal the rows themselves after every kind of write, the app's and anyone else's: a
// completion, the assessment's badge, the aggregates' rebuild, rows inserted, changed and deleted
// by hand, a deleted account, two transactions writing one learner at once, and the migration that
// fills it for learners who already have rows.
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createDatabaseOnServer, createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { assertFiguresMatchRows } from '../helpers/learner-figures.ts';
import { migrateTo, migrationsBefore, migrationsFolder } from '../helpers/migrations.ts';
import { waitFor } from '../helpers/wait.ts';
import { rowsOf, setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { recordQuizAttempt } from '../../src/lib/server/learning/learner-store/attempts.ts';
import { readLearnerRows } from '../../src/lib/server/learning/learner-store/rows.ts';
import { rebuildLearnerAggregates } from '../../src/lib/server/learning/learner-store/aggregates.ts';
import { recordAssessment } from '../../src/lib/server/learning/assessment.ts';
import { buildUserProgress, listBadges } from '../../src/lib/server/learning/progress.ts';
import { buildQuizAnalytics } from '../../src/lib/server/learning/analytics.ts';
import { lessons, users } from '../../db/schema.ts';
import { openDatabase } from '../../db/client.ts';
import { rmSync } from 'node:fs';

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: the figures every learner page reads follow every writer of their rows`, async () => {
    const test = await createTestDatabase(kind);
    setDatabaseHandle(test.handle);
    const db = test.handle.db;
    try {
      await loadContent(db);
      const [learner, other] = await db.insert(users).values([
        { email: 'f1@example.com', firstName: 'F', lastName: 'One' },
        { email: 'f2@example.com', firstName: 'F', lastName: 'Two' },
      ]).returning();
      const all = await db.select().from(lessons).orderBy(lessons.id);
      const [first, second, third] = all;

      // A new learner has no figures yet and reads empty ones.
      assertEquals((await readLearnerRows(learner.id)).progress, []);
      await assertFiguresMatchRows(db, 'before any write');

      // The app's writers: a completion (progress, totals, the first lesson's badge) and the assessment's badge.
      const right = first.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer }));
      await recordQuizAttempt(learner.id, first, { attemptId: crypto.randomUUID(), quizResponses: right });
      await recordAssessment(learner.id, { savingScore: 40, creditScore: 60, investingScore: 80 }, {});
      await recordQuizAttempt(other.id, second, {
        attemptId: crypto.randomUUID(),
        quizResponses: second.questions.map((q) => ({ questionId: q.id, userAnswer: (q.correctAnswer + 1) % 4 })),
      });
      await assertFiguresMatchRows(db, 'after completions and an assessment');
      const progress = await buildUserProgress(learner.id, 'f1@example.com');
      assertEquals(progress.metrics.totalQuizzes, 1);
      assertEquals(
        progress.pillars.find((p) => p.pillar === first.pillar)?.completedLessons,
        1,
        'the passed lesson counts on the progress screen',
      );
      assertEquals((await listBadges(learner.id)).map((b) => b.key).sort(), [
        'assessment-complete',
        'first-lesson',
        'perfect-quiz',
      ]);

      // Rows written by hand (an operator's SQL, a test's setup): the pages see them at once.
      await db.execute(sql`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score,
        total_questions, attempts, completed_at) values (${learner.id}, ${second.id}, true, 3, 3, 3, 1, now()),
        (${learner.id}, ${third.id}, false, 1, 1, 3, 1, null)`);
      assertEquals(
        (await readLearnerRows(learner.id)).progress.map((p) => [p.lessonId, p.completed]).sort(),
        [[first.id, true], [second.id, true], [third.id, false]],
      );
      await db.execute(sql`update lesson_progress set completed = true, best_score = 3, completed_at = now()
        where user_id = ${learner.id} and lesson_id = ${third.id}`);
      await db.execute(sql`delete from lesson_progress where user_id = ${learner.id} and lesson_id = ${second.id}`);
      await db.execute(sql`delete from user_badges where user_id = ${learner.id} and badge = 'first-lesson'`);
      await db.execute(sql`update learner_level_stats set attempts = attempts + 4 where user_id = ${other.id}`);
      await assertFiguresMatchRows(db, 'after rows written by hand');
      assertEquals(
        (await readLearnerRows(learner.id)).progress.map((p) => [p.lessonId, p.completed]).sort(),
        [[first.id, true], [third.id, true]],
      );
      assertEquals((await listBadges(learner.id)).map((b) => b.key).sort(), ['assessment-complete', 'perfect-quiz']);
      const analytics = await buildQuizAnalytics(other.id);
      assertEquals(analytics.byPillarLevel.reduce((n, c) => n + c.attempts, 0), 5, 'the level totals as changed');

      // The aggregates' rebuild deletes and writes the totals again; the badges it finds come back.
      await rebuildLearnerAggregates();
      await assertFiguresMatchRows(db, 'after the rebuild');
      assertEquals((await buildQuizAnalytics(other.id)).byPillarLevel.reduce((n, c) => n + c.attempts, 0), 1);

      // A deleted account takes its figures with it; the other learner's stay.
      await db.delete(users).where(sql`${users.id} = ${learner.id}`);
      const left = rowsOf<{ user_id: string }>(await db.execute(sql`select user_id from learner_figures`));
      assertEquals(left.map((r) => r.user_id), [other.id]);
      await assertFiguresMatchRows(db, 'after an account was deleted');
    } finally {
      await test.drop();
    }
  });

  Deno.test(`${kind}: the migration fills the figures of learners who already have rows`, async () => {
    const server = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
    const handle = await openDatabase(server ? { url: server.url, max: 2 } : { dataDir: 'memory://' });
    const folder = migrationsBefore('0040');
    try {
      await migrateTo(handle, folder);
      const db = handle.db;
      const [user] = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into users (email, first_name, last_name) values ('m@example.com', 'M', 'L') returning id`,
        ),
      );
      await db.execute(sql`insert into users (email, first_name, last_name) values ('none@example.com', 'N', 'L')`);
      const ids: number[] = [];
      for (const [i, pillar] of ['saving', 'credit'].entries()) {
        const [l] = rowsOf<{ id: number }>(
          await db.execute(
            sql`insert into lessons (slug, title, pillar, level, order_index) values (${`m${i}`}, ${`M${i}`}, ${pillar}, 'beginner', ${
              i + 1
            }) returning id`,
          ),
        );
        ids.push(l.id);
      }
      await db.execute(sql`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score,
        total_questions, attempts, completed_at) values (${user.id}, ${
        ids[0]
      }, true, 3, 2, 3, 2, '2026-03-01T10:00:00.123Z'),
        (${user.id}, ${ids[1]}, false, 1, 1, 3, 1, null)`);
      await db.execute(
        sql`insert into user_badges (user_id, badge, earned_at) values (${user.id}, 'first-lesson', '2026-03-01T10:00:00.123Z')`,
      );
      await db.execute(sql`insert into learner_pillar_stats (user_id, pillar, attempts, passes, correct, questions,
        accuracy_units, pass_run, best_run) values (${user.id}, 'saving', 2, 1, 5, 6, 1800, 1, 1)`);
      await db.execute(sql`insert into learner_level_stats (user_id, pillar, level, attempts, correct, questions)
        values (${user.id}, 'saving', 'beginner', 2, 5, 6)`);
      await migrateTo(handle, migrationsFolder);
      await assertFiguresMatchRows(db, 'filled by the migration');
      const filled = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from learner_figures`));
      assertEquals(filled[0].n, 1, 'only learners with rows get a row');
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await handle.close();
      await server?.drop();
    }
  });
}

if (databaseKinds().includes('postgres')) {
  Deno.test('postgres: two transactions writing one learner at once both reach the figures', async () => {
    const test = await createTestDatabase('postgres');
    const one = postgres(test.url!, { max: 1, onnotice: () => {} });
    const two = postgres(test.url!, { max: 1, onnotice: () => {} });
    try {
      const db = test.handle.db;
      await loadContent(db);
      const [learner] = await db.insert(users).values({ email: 'c@example.com', firstName: 'C', lastName: 'L' })
        .returning();
      const [a, b, c] = await db.select().from(lessons).orderBy(lessons.id).limit(3);
      const insert = (tx: postgres.Sql | postgres.TransactionSql, lessonId: number) =>
        tx`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts)
          values (${learner.id}, ${lessonId}, false, 1, 1, 3, 1)`;
      await insert(two, c.id); // the learner has figures already: the writers meet on their row
      let secondDone = false;
      let releaseFirst!: () => void;
      const firstHolds = new Promise<void>((resolve) => (releaseFirst = resolve));
      let firstWrote!: () => void;
      const wrote = new Promise<void>((resolve) => (firstWrote = resolve));
      const first = one.begin(async (tx) => {
        await insert(tx, a.id);
        firstWrote();
        await firstHolds; // commits only after the second transaction has written its row
      });
      await wrote;
      const second = two.begin(async (tx) => {
        await insert(tx, b.id);
      }).then(() => (secondDone = true));
      // The second waits for the first's lock on the learner's figures, whatever the timing.
      await waitFor(async () => {
        const [{ waiting }] = rowsOf<{ waiting: number }>(
          await db.execute(sql`select count(*)::int as waiting from pg_stat_activity
            where datname = current_database() and wait_event_type = 'Lock'`),
        );
        return waiting > 0;
      }, { message: 'the second transaction to wait for the lock' });
      assert(!secondDone);
      releaseFirst();
      await Promise.all([first, second]);
      await assertFiguresMatchRows(db, 'after two concurrent writers');
      setDatabaseHandle(test.handle);
      assertEquals((await readLearnerRows(learner.id)).progress.map((p) => p.lessonId).sort((x, y) => x - y), [
        a.id,
        b.id,
        c.id,
      ]);
    } finally {
      await one.end();
      await two.end();
      await test.drop();
    }
  });
}
