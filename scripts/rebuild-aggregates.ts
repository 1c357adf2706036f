// `npm run rebuild-aggregates [-- --user <id>]`: recomputes the learner aggregates (learner_stats
// and the per-pillar, per-level and per-question figures) from the quiz attempts, for every
// learner or one, in one transaction, on the database the server uses (DATABASE_URL, else the
// PGlite folder DATA_DIR; stop the server first when it is PGlite, which allows one process).
// The app keeps the aggregates itself; this is for repairs and for data loaded around the app.
import process from 'node:process';
import { getDatabaseHandle } from '../src/lib/server/platform/db.ts';
import { migrateDatabase } from '../db/client.ts';
import { rebuildLearnerAggregates } from '../src/lib/server/learning/learner-store/aggregates.ts';

const at = process.argv.indexOf('--user');
const userId = at >= 0 ? process.argv[at + 1] : undefined;
if (at >= 0 && !/^[0-9a-f-]{36}$/i.test(userId ?? '')) {
  console.error('usage: rebuild-aggregates [--user <uuid>]');
  process.exit(2);
}
const started = performance.now();
const handle = await getDatabaseHandle();
await migrateDatabase(handle);
await rebuildLearnerAggregates(userId);
console.log(
  `aggregates rebuilt for ${userId ? `learner ${userId}` : 'every learner'} in ${
    Math.round(performance.now() - started)
  } ms`,
);
await handle.close();
