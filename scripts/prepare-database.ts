// `npm start` runs this beside a build, on PGlite only: creating a new data folder and loading the
// curriculum then overlaps the build instead of following it (issue 53: a first start within 15 s).
import { getEnv } from '../src/lib/server/platform/env.ts';
import { getDatabaseHandle } from '../src/lib/server/platform/db.ts';
import { prepareDatabase } from '../src/prepare-database.ts';

if (!getEnv().DATABASE_URL) {
  const handle = await getDatabaseHandle();
  try {
    await prepareDatabase(handle);
  } finally {
    await handle.close();
  }
}
