import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mkdirSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePostgres, type PostgresJsDatabase } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import type { QueryOptions, Transaction } from '@electric-sql/pglite';
import * as schema from './schema.ts';
import { PreparedStatements } from './pglite-prepared.ts';

export type Database = PostgresJsDatabase<typeof schema>;
/** A database or an open transaction: both run the same queries. */
export type Executor = Pick<Database, 'select' | 'insert' | 'update' | 'delete' | 'execute' | 'selectDistinct'>;

export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /**
   * Runs a fixed SQL text with `$n` parameters and returns its rows, as a named prepared statement
   * (parsed and planned once per connection on Postgres, once per process on PGlite). For the
   * short statements every request makes; on Postgres they share two pipelined connections.
   */
  queryRows<T>(text: string, params: unknown[]): Promise<T[]>;
  /** As `queryRows`, for a longer statement that writes (on Postgres, on two connections of their own). */
  writeRows<T>(text: string, params: unknown[]): Promise<T[]>;
  /** PGlite only: calls `onMessage` with each notification's payload on `channel`. */
  listen?(channel: string, onMessage: (payload: string) => void): Promise<void>;
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

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Startup settings of the app's PostgreSQL connections. Nothing caches across requests on
 * PostgreSQL, so nothing listens for the change notifications PGlite's caches use: the triggers
 * skip them (migration 0011).
 */
const POSTGRES_CONNECTION = { application_name: 'finance-app', 'app.cache_notify': 'off' };

const queryLogger = (options: DatabaseOptions) => (options.onQuery ? { logQuery: (text: string) => options.onQuery!(text) } : undefined);

/** Opens the database the options name: Postgres when a URL is given, otherwise PGlite. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.url) {
    const url = options.url;
    const pool = (max: number, settings: Record<string, string> = {}) =>
      postgres(url, { max, idle_timeout: 30, connect_timeout: 5, onnotice: () => {}, connection: { ...POSTGRES_CONNECTION, ...settings } });
    const client = pool(options.max ?? 10);
    // The statements every request makes (a session lookup, a learner's rows) go over two
    // connections of their own: postgres.js pipelines them and sends each connection's queries of
    // one tick in one write, so a burst of requests wakes PostgreSQL a few times instead of once per
    // query. The fixed
    // group writes (quiz attempts, question sets) have two more, so they never wait behind the
    // main pool's work nor hold up a pipelined read.
    //
    // Those statements are written so that one plan suits every parameter (primary-key lookups),
    // and PostgreSQL is told to keep it: otherwise it plans a statement whose parameter is a list
    // anew at every call, and the planning cost more than the lookups themselves. Their JSON
    // parameters are declared text in the statements: these connections have no drizzle serializers.
    const kept = { plan_cache_mode: 'force_generic_plan' };
    const hot = pool(2, kept);
    const writes = pool(2, kept);
    // deno-lint-ignore no-explicit-any
    const run = (sql: postgres.Sql) => async <T>(text: string, params: unknown[]) => {
      options.onQuery?.(text);
      return (await sql.unsafe(text, params as any[], { prepare: true })) as unknown as T[];
    };
    return {
      db: drizzlePostgres(client, { schema, logger: queryLogger(options) }),
      kind: 'postgres',
      queryRows: run(hot),
      writeRows: run(writes),
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), hot.end({ timeout: 5 }), writes.end({ timeout: 5 })]);
      },
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
  const prepared = new PreparedStatements(client);
  // Drizzle's queries outside transactions run as prepared statements too; a transaction gets
  // PGlite's own transaction object, as before.
  const facade = {
    query: <T>(text: string, params?: unknown[], options?: QueryOptions) => prepared.query<T>(text, params, options),
    transaction: <T>(fn: (tx: Transaction) => Promise<T>) => client.transaction(fn),
  };
  const rows = async <T>(text: string, params: unknown[]) => {
    options.onQuery?.(text);
    return (await prepared.query<T>(text, params)).rows;
  };
  return {
    // deno-lint-ignore no-explicit-any
    db: drizzlePglite({ client: facade as any, schema, logger: queryLogger(options) }) as unknown as Database,
    kind: 'pglite',
    queryRows: rows,
    writeRows: rows,
    listen: async (channel, onMessage) => {
      await client.listen(channel, onMessage);
    },
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
