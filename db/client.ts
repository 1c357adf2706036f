import path from 'node:path';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import * as schema from './schema.ts';

export type Database = PostgresJsDatabase<typeof schema>;
/** A database or an open transaction: both run the same queries. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite folder; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Connections in the postgres.js pool. */
  max?: number;
  /** Called with the text of every statement the app sends (tests count the work a request does). */
  onQuery?: (text: string) => void;
}

// Read from the working folder (the repository), as the content is: the built bundle runs from dist/.
const migrationsFolder = path.resolve(process.cwd(), 'db/migrations');

const POSTGRES_CONNECTION = { application_name: 'finance-app' };

const queryLogger = (
  options: DatabaseOptions,
) => (options.onQuery ? { logQuery: (text: string) => options.onQuery!(text) } : undefined);

/** Opens the database the options name: Postgres when a URL is given, otherwise PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const client = postgres(url, {
      max: options.max ?? 10,
      idle_timeout: 30,
      connect_timeout: 5,
      // Reconnect within a second once the database is back: the default backoff grows to 20 s
      // after the failed attempts of even a short outage, and queries wait through it.
      backoff: (retries: number) => Math.min(0.05 * 2 ** retries, 1),
      onnotice: () => {},
      connection: POSTGRES_CONNECTION,
    });
    return {
      db: drizzlePostgres(client, { schema, logger: queryLogger(options) }),
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle: drizzlePglite } = await import('drizzle-orm/pglite');
  const dataDir = options.dataDir ?? './data';
  let target = dataDir;
  if (!dataDir.startsWith('memory://')) {
    target = path.resolve(dataDir, 'pglite');
    mkdirSync(target, { recursive: true });
  }
  const client = await PGlite.create(target);
  return {
    db: drizzlePglite({ client, schema, logger: queryLogger(options) }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
  };
}

/** Applies the drizzle-kit migrations in db/migrations. */
export async function migrateDatabase(handle: DatabaseHandle, url?: string): Promise<void> {
  if (handle.kind === 'postgres') {
    if (!url) {
      await migratePostgres(handle.db, { migrationsFolder });
      return;
    }
    // One connection holding an advisory lock, so several instances starting at once migrate in turn.
    const client = postgres(url, { max: 1, onnotice: () => {}, connect_timeout: 5 });
    try {
      await client`select pg_advisory_lock(727072026)`;
      await migratePostgres(drizzlePostgres(client), { migrationsFolder });
      await client`select pg_advisory_unlock(727072026)`;
    } finally {
      await client.end({ timeout: 5 });
    }
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    // deno-lint-ignore no-explicit-any
    await migrate(handle.db as any, { migrationsFolder });
  }
}

export async function pingDatabase(db: Database): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}

const unavailableCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  'CONNECT_TIMEOUT',
  '57P01', // admin_shutdown (pg_terminate_backend)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up)
  '53300', // too_many_connections
  '55000', // database not accepting connections (ALLOW_CONNECTIONS false)
]);

/** True when an error (or its cause) means the database cannot be reached right now. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && (unavailableCodes.has(code) || code.startsWith('08'))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

export { schema };
