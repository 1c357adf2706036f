import { openDatabase, type DatabaseHandle, type Database } from '../../../../db/client.ts';
import { getEnv } from './env.ts';
import { disableCaches } from './change-cache.ts';

// One handle per process, shared by the Astro bundle and the server wrapper (both load this
// module): two PGlite instances on one folder would corrupt it.
const key = Symbol.for('finance-app.db');
type Holder = { [key]?: Promise<DatabaseHandle> };

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  const holder = globalThis as Holder;
  if (!holder[key]) {
    const env = getEnv();
    holder[key] = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
  }
  return holder[key];
}

/** Installs an already-open handle (tests, the server wrapper). */
export function setDatabaseHandle(handle: DatabaseHandle): void {
  disableCaches();
  (globalThis as Holder)[key] = Promise.resolve(handle);
}

export async function getDb(): Promise<Database> {
  return (await getDatabaseHandle()).db;
}
