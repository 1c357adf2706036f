// Fresh databases for integration tests: PGlite in memory always, and a new database on the
// Postgres in DATABASE_URL when it is set (dropped afterwards).
import postgres from 'postgres';
import { type DatabaseHandle, migrateDatabase, openDatabase } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';

export type Kind = 'pglite' | 'postgres';

export interface TestDatabase {
  handle: DatabaseHandle;
  kind: Kind;
  /** Connection URL for Postgres databases. */
  url?: string;
  name?: string;
  drop(): Promise<void>;
}

export const postgresUrl = process.env.DATABASE_URL || undefined;

export function databaseKinds(): Kind[] {
  return postgresUrl ? ['pglite', 'postgres'] : ['pglite'];
}

export async function createDatabaseOnServer(): Promise<{ url: string; name: string; drop(): Promise<void> }> {
  if (!postgresUrl) throw new Error('DATABASE_URL is not set');
  const name = `test_${crypto.randomUUID().replaceAll('-', '').slice(0, 16)}`;
  const admin = postgres(postgresUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database "${name}"`);
  await admin.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    name,
    async drop() {
      const sql = postgres(postgresUrl, { max: 1, onnotice: () => {} });
      await sql.unsafe(`drop database if exists "${name}" with (force)`);
      await sql.end();
    },
  };
}

export async function createTestDatabase(
  kind: Kind,
  options: { onQuery?: (text: string) => void } = {},
): Promise<TestDatabase> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ dataDir: 'memory://', onQuery: options.onQuery });
    await migrateDatabase(handle);
    return { handle, kind, drop: () => handle.close() };
  }
  const created = await createDatabaseOnServer();
  const handle = await openDatabase({ url: created.url, max: 5, onQuery: options.onQuery });
  await migrateDatabase(handle);
  return {
    handle,
    kind,
    url: created.url,
    name: created.name,
    async drop() {
      await handle.close();
      await created.drop();
    },
  };
}

/**
 * A fresh database of `kind` as the app's, holding the curriculum, an admin and a learner (their
 * ids to `fn`); dropped afterwards.
 */
export async function withCurriculum(
  kind: Kind,
  fn: (db: DatabaseHandle['db'], people: { admin: string; learner: string }) => Promise<void>,
) {
  const test = await createTestDatabase(kind);
  setDatabaseHandle(test.handle);
  try {
    await loadContent(test.handle.db);
    const [admin] = await test.handle.db.insert(users).values({
      email: 'admin@example.com',
      firstName: 'A',
      lastName: 'Admin',
      role: 'admin',
    }).returning();
    const [learner] = await test.handle.db.insert(users).values({
      email: 'learner@example.com',
      firstName: 'L',
      lastName: 'Learner',
    }).returning();
    await fn(test.handle.db, { admin: admin.id, learner: learner.id });
  } finally {
    await test.drop();
  }
}
