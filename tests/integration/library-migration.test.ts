// Migration 0024 on a database that already holds lessons: each gets its search document at once
// (the backfill), and the trigger keeps it with every later write of the lesson's words.
import { rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { assertEquals } from '../helpers/assert.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { migrateTo, migrationsBefore, migrationsFolder } from '../helpers/migrations.ts';
import { openDatabase } from '../../db/client.ts';
import { rowsOf } from '../../src/lib/server/platform/db.ts';

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: migration 0024 indexes the lessons already stored, and the trigger follows each edit`, async () => {
    const server = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
    const handle = await openDatabase(server ? { url: server.url, max: 2 } : { dataDir: 'memory://' });
    const folder = migrationsBefore('0024');
    try {
      await migrateTo(handle, folder);
      const db = handle.db;
      await db.execute(sql`insert into lessons (slug, title, pillar, level, order_index, sections) values
        ('old-one', 'Budgets that hold', 'saving', 'beginner', 1, '[{"content":"A **zero-based** plan. [[calculator:budget]]"}]')`);
      await migrateTo(handle, migrationsFolder);
      const match = (q: string) =>
        db.execute(sql`select l.slug, s.body from lesson_search s join lessons l on l.id = s.lesson_id
          where s.document @@ websearch_to_tsquery('english', ${q})`).then((r) =>
          rowsOf<{ slug: string; body: string }>(r)
        );
      const [found] = await match('zero-based budgets');
      assertEquals(found.slug, 'old-one');
      assertEquals(found.body.includes('**') || found.body.includes('[[calculator'), false, 'the quoted text is plain');
      await db.execute(sql`update lessons set sections = '[{"content":"Envelopes instead."}]' where slug = 'old-one'`);
      assertEquals((await match('zero-based')).length, 0);
      assertEquals((await match('envelopes')).map((r) => r.slug), ['old-one']);
      await db.execute(sql`update lessons set title = 'Renamed' where slug = 'old-one'`);
      assertEquals((await match('renamed')).length, 1);
    } finally {
      rmSync(folder, { recursive: true, force: true });
      await handle.close();
      await server?.drop();
    }
  });
}
