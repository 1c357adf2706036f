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
  /**
   * LISTEN on `channel`: `onNotify` for each NOTIFY, `onSubscribed` each time the subscription is
   * (re)made, after a lost connection too (what was notified meanwhile is unknown then).
   */
  listen(channel: string, onNotify: (payload: string) => void, onSubscribed: () => void): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres:// URL; when absent, embedded PGlite is used. */
  url?: string;
  /** PGlite folder; `memory://` keeps it in memory. */
  dataDir?: string;
  /** Connections in the postgres.js pool. */
  max?: number;
  /** Called with the text of every statement the app builds (tests read what a module asks). */
  onQuery?: (text: string) => void;
  /**
   * Called once for every statement sent to the database, BEGIN and COMMIT included (the statement
   * budgets of docs/DESIGN.md are counted with it).
   */
  onStatement?: () => void;
}

// Read from the working folder (the repository), as the content is: the built bundle runs from dist/.
const migrationsFolder = path.resolve(process.cwd(), 'db/migrations');

// Each statement is planned once per connection (on PGlite too): our statements look rows up by a
// user's or a lesson's id, whose best plan never depends on the value, and PostgreSQL's default keeps
// re-planning a statement whose generic plan it estimates dearer than a custom one.
const PLAN_ONCE = 'force_generic_plan';
const POSTGRES_CONNECTION = { application_name: 'finance-app', plan_cache_mode: PLAN_ONCE };

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
      // postgres.js calls `debug` as it sends each statement, its transactions' BEGIN and COMMIT too.
      ...(options.onStatement ? { debug: () => options.onStatement!() } : {}),
    });
    return {
      db: drizzlePostgres(client, { schema, logger: queryLogger(options) }),
      kind: 'postgres',
      close: () => client.end({ timeout: 5 }),
      listen: async (channel, onNotify, onSubscribed) => {
        await client.listen(channel, (payload) => onNotify(payload), onSubscribed);
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
  // pg_trgm: the library search's typo tolerance (issue 53), as on PostgreSQL.
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const client = await PGlite.create(target, {
    extensions: { pg_trgm },
    // PostgreSQL fills its shared buffers at every start, slowly in WebAssembly: 32 MB (not the
    // default 128) holds this app's working set and opens sooner (issue 53, figures in bench/RESULTS.md).
    startParams: [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB', '-c', `plan_cache_mode=${PLAN_ONCE}`],
  });
  const { withNamedStatements } = await import('./pglite-statements.ts');
  const named = withNamedStatements(client);
  return {
    db: drizzlePglite({
      client: options.onStatement ? countingPglite(named, options.onStatement) : named,
      schema,
      logger: queryLogger(options),
    }) as unknown as Database,
    kind: 'pglite',
    close: () => client.close(),
    listen: async (channel, onNotify, onSubscribed) => {
      await client.listen(channel, onNotify);
      onSubscribed();
    },
  };
}

type Pglite = import('@electric-sql/pglite').PGlite;

/**
 * The PGlite client as drizzle uses it (query, and transaction with BEGIN and COMMIT), calling
 * `count` for each statement: the one place PGlite's statements can be counted.
 */
function countingPglite(client: Pglite, count: () => void): Pglite {
  const countQueries = <T extends object>(target: T): T =>
    new Proxy(target, {
      get(object, property) {
        const value = Reflect.get(object, property, object);
        if (typeof value !== 'function') return value;
        if (property === 'query' || property === 'exec') {
          return (...args: unknown[]) => {
            count();
            return value.apply(object, args);
          };
        }
        if (property === 'transaction') {
          return (fn: (tx: object) => Promise<unknown>) =>
            value.call(object, async (tx: object) => {
              count(); // BEGIN
              const result = await fn(countQueries(tx));
              count(); // COMMIT
              return result;
            });
        }
        return value.bind(object);
      },
    });
  return countQueries(client);
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
