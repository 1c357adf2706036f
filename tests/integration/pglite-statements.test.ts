// PGlite's statements are prepared once and then only bound (db/pglite-statements.ts): the same
// answers as an unnamed statement, errors as before, and nothing read inside another's transaction.
import { eq, sql } from 'drizzle-orm';
import { assertEquals, assertRejects } from '../helpers/assert.ts';
import { createTestDatabase } from '../helpers/database.ts';
import { users } from '../../db/schema.ts';
import { rowsOf } from '../../src/lib/server/platform/db.ts';

const byEmail = (email: string) => ({ email, passwordHash: 'x', firstName: 'Ana', lastName: 'Lee' });

Deno.test('pglite: a statement sent twice is prepared once under a name and answers the same', async () => {
  const db = await createTestDatabase('pglite');
  try {
    const { db: d } = db.handle;
    await d.insert(users).values([byEmail('a@example.com'), byEmail('b@example.com')]);
    const read = (email: string) =>
      d.select({ email: users.email, created: users.createdAt, settings: sql<unknown>`json_build_object('n', 1)` })
        .from(users).where(eq(users.email, email));
    const first = await read('a@example.com');
    const second = await read('a@example.com');
    const other = await read('b@example.com');
    assertEquals(second, first);
    assertEquals(other.map((r) => r.email), ['b@example.com']);
    assertEquals(typeof second[0].created, typeof first[0].created);
    assertEquals(second[0].settings, { n: 1 });
    const prepared = rowsOf<{ statement: string }>(
      await d.execute(sql`select statement from pg_prepared_statements`),
    );
    assertEquals(prepared.some((p) => p.statement.includes('"users"."email" = $1')), true, 'named once');
    assertEquals(prepared.filter((p) => p.statement.includes('"users"."email" = $1')).length, 1);
  } finally {
    await db.drop();
  }
});

Deno.test('pglite: a named statement is planned once, whatever the values it is sent', async () => {
  const db = await createTestDatabase('pglite');
  try {
    const { db: d } = db.handle;
    await d.insert(users).values([byEmail('p@example.com'), byEmail('q@example.com')]);
    const read = (email: string) =>
      d.select({ email: users.email }).from(users).where(eq(users.email, email)).orderBy(users.createdAt);
    for (const email of ['p@example.com', 'q@example.com', 'p@example.com', 'r@example.com']) await read(email);
    const [plans] = rowsOf<{ generic: number; custom: number }>(
      await d.execute(sql`select generic_plans::int as generic, custom_plans::int as custom
        from pg_prepared_statements where statement like '%order by "users"."created_at"%'`),
    );
    assertEquals(plans.custom, 0, 'never planned again for a value');
    assertEquals(plans.generic > 0, true);
  } finally {
    await db.drop();
  }
});

Deno.test('pglite: a named statement fails as an unnamed one does, and the next one works', async () => {
  const db = await createTestDatabase('pglite');
  try {
    const { db: d } = db.handle;
    const insert = (email: string) => d.insert(users).values(byEmail(email));
    await insert('c@example.com');
    await insert('d@example.com'); // the second send names it
    const error = await assertRejects(() => insert('c@example.com'));
    const codes: unknown[] = [];
    for (let e = error as { code?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
      codes.push(e.code);
    }
    assertEquals(codes.includes('23505'), true, 'a unique violation keeps its code');
    await insert('e@example.com');
    assertEquals((await d.select().from(users)).length, 3);
  } finally {
    await db.drop();
  }
});

Deno.test("pglite: a read waits for another's open transaction and never sees its rolled-back row", async () => {
  const db = await createTestDatabase('pglite');
  try {
    const { db: d } = db.handle;
    const count = () => d.select({ n: sql<number>`count(*)::int` }).from(users);
    await count();
    await count();
    let reading: Promise<Array<{ n: number }>> | undefined;
    await assertRejects(() =>
      d.transaction(async (tx) => {
        await tx.insert(users).values(byEmail('f@example.com'));
        reading = count();
        throw new Error('roll back');
      })
    );
    assertEquals(await reading!, [{ n: 0 }]);
  } finally {
    await db.drop();
  }
});
