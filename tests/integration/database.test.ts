import { sql } from 'drizzle-orm';
import { assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { migrateDatabase, pingDatabase } from '../../db/client.ts';
import { rowsOf } from '../../src/lib/server/platform/db.ts';

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: migrations apply to a fresh database and a second run changes nothing`, async () => {
    const db = await createTestDatabase(kind);
    try {
      assertEquals(await pingDatabase(db.handle.db), true);
      await migrateDatabase(db.handle);
      const rows = await db.handle.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const tables = rowsOf<{ table_name: string }>(rows).map((r) => r.table_name);
      for (const table of ['users', 'sessions', 'email_outbox', 'rate_limit_buckets']) {
        assertEquals(tables.includes(table), true, `${table} exists`);
      }
    } finally {
      await db.drop();
    }
  });
}
