// Migration 0038 keeps each learner's latest answer to each question met on their row (mastery's
// one value): from the newest quiz answer and the newest review answer, the later one, a tie to review.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { assertEquals } from '../helpers/assert.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateTo, migrationsBefore, migrationStatements } from '../helpers/migrations.ts';
import { rowsOf } from '../../src/lib/server/platform/db.ts';

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: migration 0038 keeps the latest of each question's quiz and review answers`, async () => {
    const server = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
    const handle = await openDatabase(server ? { url: server.url, max: 2 } : { dataDir: 'memory://' });
    const folder = migrationsBefore('0038');
    try {
      await migrateTo(handle, folder);
      const db = handle.db;
      // Raw SQL: the schema of today has a column that a database before 0038 does not.
      const learner = async (email: string) =>
        rowsOf<{ id: string }>(
          await db.execute(
            sql`insert into users (email, first_name, last_name) values (${email}, 'A', 'Learner') returning id`,
          ),
        )[0].id;
      const [reviewer, quizOnly, newcomer] = [
        await learner('r@example.com'),
        await learner('q@example.com'),
        await learner('n@example.com'),
      ];
      const [lesson] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into lessons (slug, title, pillar, level, order_index) values ('l', 'L', 'credit', 'beginner', 1) returning id`,
        ),
      );
      for (const id of [reviewer, quizOnly, newcomer]) {
        await db.execute(sql`insert into learner_stats (user_id) values (${id})`);
      }
      const day = (n: number) => new Date(Date.UTC(2026, 0, n)).toISOString();
      const quiz = async (userId: string, questionId: number, correct: boolean, on: number) =>
        await db.execute(sql`insert into learner_question_stats (user_id, lesson_id, question_id, asked, missed,
          last_seq, question_set_id, last_correct, last_at)
          values (${userId}, ${lesson.id}, ${questionId}, 1, ${correct ? 0 : 1}, 1, 1, ${correct}, ${day(on)})`);
      const review = async (userId: string, questionId: number, correct: boolean | null, on: number) =>
        await db.execute(sql`insert into review_items (user_id, lesson_id, question_id, box, due_at, last_reviewed_at,
          last_correct) values (${userId}, ${lesson.id}, ${questionId}, 2, ${day(on + 3)},
          ${correct === null ? null : day(on)}, ${correct})`);
      await quiz(reviewer, 1, false, 1);
      await review(reviewer, 1, true, 2); // a review right after the quiz miss: right
      await quiz(reviewer, 2, false, 5);
      await review(reviewer, 2, true, 3); // a quiz miss after the review: missed
      await quiz(reviewer, 3, false, 4);
      await review(reviewer, 3, true, 4); // the same moment: review follows a quiz
      await quiz(reviewer, 4, false, 4);
      await review(reviewer, 4, null, 0); // in the queue, not answered yet: the quiz's
      await quiz(quizOnly, 1, true, 1);

      for (const statement of migrationStatements('0038_latest_answers.sql')) await db.execute(sql.raw(statement));

      const kept = rowsOf<{ email: string; latest_answers: unknown }>(
        await db.execute(sql`select u.email, s.latest_answers from learner_stats s join users u on u.id = s.user_id
          order by u.email`),
      ).map((r) => [r.email, typeof r.latest_answers === 'string' ? JSON.parse(r.latest_answers) : r.latest_answers]);
      const key = (q: number) => `${lesson.id}:${q}`;
      assertEquals(kept, [
        ['n@example.com', {}],
        ['q@example.com', { [key(1)]: true }],
        ['r@example.com', { [key(1)]: true, [key(2)]: false, [key(3)]: true, [key(4)]: false }],
      ]);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await handle.close();
      await server?.drop();
    }
  });
}
