// Migration 0010 moves each attempt's copy of its questions into question_sets: attempts made
// before it read back exactly as they did, and identical copies become one set.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { assertEquals } from '../helpers/assert.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { openDatabase } from '../../db/client.ts';
import { migrateTo, migrationsBefore, migrationStatements } from '../helpers/migrations.ts';
import { questionSets } from '../../db/schema.ts';
import { answeredResponses } from '../../src/lib/server/learning/learner-store/figures.ts';
import { rowsOf } from '../../src/lib/server/platform/db.ts';

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: migration 0010 keeps every earlier attempt's questions, one set per distinct copy`, async () => {
    const server = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
    const handle = await openDatabase(server ? { url: server.url, max: 2 } : { dataDir: 'memory://' });
    const folder = migrationsBefore('0010');
    try {
      await migrateTo(handle, folder);
      const db = handle.db;
      // Raw SQL: the schema of today has columns that a database before 0010 does not.
      const [user] = rowsOf<{ id: string }>(
        await db.execute(
          sql`insert into users (email, first_name, last_name) values ('old@example.com', 'Old', 'Learner') returning id`,
        ),
      );
      const [lesson] = rowsOf<{ id: number }>(
        await db.execute(
          sql`insert into lessons (slug, title, pillar, level, order_index) values ('l', 'L', 'saving', 'beginner', 1) returning id`,
        ),
      );
      const asked = (explanation: string) => [
        {
          questionId: 1,
          userAnswer: 2,
          isCorrect: true,
          correctAnswer: 2,
          question: 'How much is 2 × 3?',
          options: ['5', '7', '6', '8'],
          explanation,
        },
        {
          questionId: 2,
          userAnswer: 0,
          isCorrect: false,
          correctAnswer: 1,
          question: 'Save first?',
          options: ['No', 'Yes', 'Later', 'Never'],
          explanation: 'Pay yourself first.',
        },
      ];
      const before = [asked('Six.'), asked('Six.'), asked('Two threes: six.')];
      for (const responses of before) {
        await db.execute(
          sql`insert into quiz_attempts (user_id, lesson_id, attempt_id, responses, score, total_questions, passed)
          values (${user.id}, ${lesson.id}, ${crypto.randomUUID()}, ${JSON.stringify(responses)}::jsonb, 1, 2, false)`,
        );
      }
      const statements = migrationStatements('0010_question_sets.sql');
      for (const statement of statements) await db.execute(sql.raw(statement));

      const sets = await db.select().from(questionSets);
      assertEquals(sets.length, 2, 'two distinct copies');
      const attempts = rowsOf<{ responses: unknown; question_set_id: number }>(
        await db.execute(sql`select responses, question_set_id from quiz_attempts`),
      );
      const read = attempts.map((a) => {
        const set = sets.find((s) => s.id === a.question_set_id)!;
        const stored = (typeof a.responses === 'string' ? JSON.parse(a.responses) : a.responses) as Parameters<
          typeof answeredResponses
        >[0];
        assertEquals(stored.map((r) => Object.keys(r).sort()), [['isCorrect', 'questionId', 'userAnswer'], [
          'isCorrect',
          'questionId',
          'userAnswer',
        ]]);
        return answeredResponses(stored, set.questions);
      });
      const sorted = <T extends Array<{ explanation: string }>>(list: T[]) =>
        [...list].sort((a, b) => a[0].explanation.localeCompare(b[0].explanation));
      assertEquals(sorted(read), sorted(before), 'each attempt reads back as it was stored');
      assertEquals(rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from quiz_attempts`))[0].n, 3);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await handle.close();
      await server?.drop();
    }
  });
}
