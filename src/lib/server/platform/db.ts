import { type Database, type DatabaseHandle, openDatabase } from '../../../../db/client.ts';
import { getEnv } from './env.ts';

// One handle per process: two PGlite instances on one folder would corrupt it.
let handle: Promise<DatabaseHandle> | undefined;

export function getDatabaseHandle(): Promise<DatabaseHandle> {
  if (!handle) {
    const env = getEnv();
    handle = openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
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
