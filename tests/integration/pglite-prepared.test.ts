// PGlite's prepared statements (db/pglite-prepared.ts): the same answers as PGlite's own query,
// the same locks, notifications before the call returns, and recovery from errors and DDL.
import { PGlite } from '@electric-sql/pglite';
import { assert, assertEquals, assertMatch, assertRejects, assertThrows } from '../helpers/assert.ts';
import { readFileSync } from 'node:fs';
import { checkPGliteInternals, PreparedStatements } from '../../db/pglite-prepared.ts';

async function open() {
  const client = await PGlite.create('memory://');
  await client.exec(`create table t (id uuid primary key default gen_random_uuid(), n int unique, at timestamptz, doc jsonb, tags int[], ok boolean, label text)`);
  return { client, prepared: new PreparedStatements(client, 3) };
}

Deno.test('PGlite is pinned to one version and still has the internal locks the prepared statements take', async () => {
  const manifest = (file: string) => JSON.parse(readFileSync(new URL(file, import.meta.url), 'utf8'));
  const pinned = manifest('../../package.json').dependencies['@electric-sql/pglite'];
  const installed = manifest('../../node_modules/@electric-sql/pglite/package.json').version;
  assertEquals(pinned, installed, 'package.json pins @electric-sql/pglite to the exact version installed (db/pglite-prepared.ts uses its internals)');
  const client = await PGlite.create('memory://');
  try {
    checkPGliteInternals(client);
  } finally {
    await client.close();
  }
  const moved = assertThrows(() => checkPGliteInternals({ _runExclusiveQuery() {} } as unknown as PGlite), Error);
  assertMatch(moved.message, /pglite no longer has _runExclusiveTransaction, which db\/pglite-prepared.ts/);
});

Deno.test('a prepared statement answers exactly what PGlite query answers, types and nulls included', async () => {
  const { client, prepared } = await open();
  try {
    const insert = `insert into t (n, at, doc, tags, ok, label) values ($1, $2, $3, $4, $5, $6) returning *`;
    const at = new Date('2026-01-02T03:04:05.678Z');
    const doc = { a: [1, 'x'], s: 'café € 😀 "quoted" \\ back' };
    const mine = await prepared.query(insert, [1, at, doc, [3, 4], true, 'Grüße ✓ 😀']);
    const theirs = await client.query(insert, [2, null, null, null, null, null]);
    assertEquals(mine.fields, theirs.fields);
    const [row] = mine.rows as Array<Record<string, unknown>>;
    assertEquals([row.n, (row.at as Date).toISOString(), row.doc, row.tags, row.ok, row.label], [1, at.toISOString(), doc, [3, 4], true, 'Grüße ✓ 😀']);
    // A JSON text parameter (as our queries send a group of attempts) arrives intact too.
    const json = JSON.stringify([{ k: 1, s: 'naïve ☕' }]);
    assertEquals((await prepared.query(`select x.s from jsonb_to_recordset($1::jsonb) as x(k int, s text)`, [json])).rows, [{ s: 'naïve ☕' }]);
    const select = `select * from t order by n`;
    assertEquals((await prepared.query(select)).rows, (await client.query(select)).rows);
    // Drizzle's options: rows as arrays, its own parsers.
    const options = { rowMode: 'array' as const, parsers: { 1184: (v: string) => `raw:${v}` } };
    assertEquals((await prepared.query(select, [], options)).rows, (await client.query(select, [], options)).rows);
    assertEquals(mine.affectedRows, 1);
  } finally {
    await client.close();
  }
});

Deno.test('statements are reused, the least recently used is closed past the limit, and each still answers', async () => {
  const { client, prepared } = await open();
  try {
    const count = async () => (await client.query<{ n: number }>(`select count(*)::int as n from pg_prepared_statements`)).rows[0].n;
    for (let round = 0; round < 2; round++) {
      for (let k = 1; k <= 5; k++) assertEquals((await prepared.query<{ k: number }>(`select $1::int + ${k} as k`, [10])).rows, [{ k: 10 + k }]);
    }
    assertEquals(prepared.size, 3);
    assertEquals(await count(), 3, 'the evicted statements were closed in the database too');
    await prepared.query(`select $1::int + 5 as k`, [1]);
    assertEquals(prepared.size, 3, 'a known statement is not prepared again');
  } finally {
    await client.close();
  }
});

Deno.test("a notification raised by a statement reaches the listener before the statement's promise resolves", async () => {
  const { client, prepared } = await open();
  try {
    await client.exec(`create function tell() returns trigger language plpgsql as $$ begin perform pg_notify('ch', NEW.n::text); return null; end $$;
      create trigger t_tell after insert on t for each row execute function tell();`);
    const heard: string[] = [];
    await client.listen('ch', (payload) => heard.push(payload));
    await prepared.query(`insert into t (n) values ($1)`, [7]);
    assertEquals(heard, ['7']);
  } finally {
    await client.close();
  }
});

Deno.test("a statement never runs inside another caller's transaction: it waits for the commit", async () => {
  const { client, prepared } = await open();
  try {
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let inserted!: () => void;
    const insertedInTx = new Promise<void>((r) => (inserted = r));
    const tx = client.transaction(async (t) => {
      await t.query(`insert into t (n) values (1)`);
      inserted();
      await held;
    });
    await insertedInTx;
    let answered = false;
    const read = prepared.query<{ c: number }>(`select count(*)::int as c from t`).then((r) => {
      answered = true;
      return r.rows[0].c;
    });
    // Checks that the read does not answer, so there is no condition to wait for: 50 ms is
    // ample for an in-memory query that would not wait.
    await new Promise((r) => setTimeout(r, 50));
    assertEquals(answered, false, 'waits while the transaction is open');
    release();
    await tx;
    assertEquals(await read, 1, 'and then sees the committed row');
  } finally {
    await client.close();
  }
});

Deno.test('an error carries its SQLSTATE and leaves the connection usable; a changed table is prepared again', async () => {
  const { client, prepared } = await open();
  try {
    await prepared.query(`insert into t (n) values ($1)`, [1]);
    const error = await assertRejects(() => prepared.query(`insert into t (n) values ($1)`, [1]));
    assertEquals((error as { code?: string }).code, '23505');
    await assertRejects(() => prepared.query(`select nope from t`));
    assertEquals((await prepared.query<{ n: number }>(`select n from t`)).rows, [{ n: 1 }]);
    const all = `select * from t`;
    assertEquals(Object.keys((await prepared.query<Record<string, unknown>>(all)).rows[0]).length, 7);
    await client.exec(`alter table t add column extra text default 'x'`);
    const after = (await prepared.query<Record<string, unknown>>(all)).rows[0];
    assert('extra' in after, 'the statement was prepared again for the new columns');
  } finally {
    await client.close();
  }
});
