import { type Database, type DatabaseHandle, openDatabase } from '../../../../db/client.ts';
import { getEnv } from './env.ts';
import { countStatement } from './statement-count.ts';

// One handle per process: two PGlite instances on one folder would corrupt it.
let handle: Promise<DatabaseHandle> | undefined;

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!handle) {
    const env = getEnv();
    handle = openDatabase({
      url: env.DATABASE_URL,
      dataDir: env.DATA_DIR,
      onStatement: env.STATEMENT_COUNTS ? countStatement : undefined,
    });
  }
  return handle;
}

/** Installs an already-open handle (tests). */
export function setDatabaseHandle(opened: DatabaseHandle): void {
  handle = Promise.resolve(opened);
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}

/**
 * A prepared statement, built once for the process's database on first use (PGlite's handle does
 * not exist when modules load) and again only when tests install another database.
 */
export function prepared<T>(build: (db: Database) => T): () => Promise<T> {
  let made: { db: Database; statement: T } | undefined;
  return async () => {
    const db = await getDb();
    if (made?.db !== db) made = { db, statement: build(db) };
    return made.statement;
  };
}

/** The rows of a raw statement (db.execute): postgres.js answers an array, PGlite an object holding one. */
export function rowsOf<T>(result: unknown): T[] {
  return (Array.isArray(result) ? result : (result as { rows: T[] }).rows) as T[];
}
