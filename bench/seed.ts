// Seeds the benchmark's learners straight into a database, before the server starts (deno run -A
// bench/seed.ts <postgres url | PGlite folder> [options]). Every learner gets a known session
// (bench/tokens.mjs: the token's index is the group's base plus its number) and an assessment.
//   --learners N   fresh learners bench{i} (no history), tokens 0..N-1
//   --history H    learners bench-h{i} with 300 attempts (200 passed, 100 failed) and the review
//                  queue 200 answers leave (bench/history.ts), tokens 10000+i
//   --admins A     A fresh admins (tokens 20000+i) and A admins with the same history (30000+i)
//   --volume V     V more learners without sessions (the data-volume run), each with
//                  --volume-attempts P attempts (default 30), written with generate_series
// The lessons are loaded from db/content first (as the server does at start), so the history has
// lessons to refer to. Prints the seed time.
import { sql } from 'drizzle-orm';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { assessments, sessions, users } from '../db/schema.ts';
import { hashToken } from '../src/lib/server/platform/tokens.ts';
import { rowsOf } from '../src/lib/server/platform/db.ts';
import { loadContent } from '../src/lib/server/content/curriculum-loader.ts';
import { benchSession } from './tokens.mjs';
import { type HistoryOptions, seedHistory } from './history.ts';

// Session token bases of the groups (bench/run.mjs has the same).
const GROUPS = { fresh: 0, history: 10000, admin: 20000, historyAdmin: 30000 } as const;

const { positionals, values } = parseArgs({
  args: Deno.args,
  allowPositionals: true,
  options: {
    learners: { type: 'string', default: '500' },
    history: { type: 'string', default: '0' },
    admins: { type: 'string', default: '0' },
    volume: { type: 'string', default: '0' },
    'volume-attempts': { type: 'string', default: '30' },
  },
});
const target = positionals[0];
const started = performance.now();
const handle = await openDatabase(target.startsWith('postgres') ? { url: target } : { dataDir: target });
await migrateDatabase(handle, target.startsWith('postgres') ? target : undefined);
await loadContent(handle.db);

async function addLearners(prefix: string, base: number, count: number, role: 'learner' | 'admin' = 'learner') {
  const batch = 100;
  for (let start = 0; start < count; start += batch) {
    const ids = Array.from({ length: Math.min(batch, count - start) }, (_, k) => start + k);
    const rows = await handle.db
      .insert(users)
      .values(
        ids.map((i) => ({
          email: `${prefix}${i}@example.com`,
          firstName: `Bench${i}`,
          lastName: 'Learner',
          emailVerifiedAt: new Date(),
          role,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    if (rows.length === 0) continue;
    await handle.db
      .insert(sessions)
      .values(
        rows.map((r) => {
          const i = Number(r.email.match(/(\d+)@/)![1]);
          const { id, secret } = benchSession(base + i);
          return { id, secretHash: hashToken(secret), userId: r.id };
        }),
      )
      .onConflictDoNothing();
    await handle.db.insert(assessments).values(
      rows.map((r) => ({ userId: r.id, savingScore: 40, creditScore: 60, investingScore: 80 })),
    );
  }
}

const n = (k: keyof typeof values) => Number(values[k]);
await addLearners('bench', GROUPS.fresh, n('learners'));
await addLearners('bench-h', GROUPS.history, n('history'));
await addLearners('bench-admin', GROUPS.admin, n('admins'), 'admin');
await addLearners('bench-h-admin', GROUPS.historyAdmin, n('admins'), 'admin');
const history: HistoryOptions[] = [];
// The history learners and admins: 300 attempts, 8 hours apart (100 days), 200 review answers.
if (n('history') + n('admins') > 0) {
  history.push({ learners: `u.email like 'bench-h%'`, perUser: 300, hoursApart: 8, reviewAnswers: 200 });
}
if (n('volume') > 0) {
  await handle.db.execute(sql.raw(`insert into users (email, first_name, last_name, email_verified_at)
    select 'volume' || i || '@example.com', 'Volume' || i, 'Learner', now() from generate_series(1, ${
    n('volume')
  }) i on conflict do nothing`));
  await handle.db.execute(sql.raw(`insert into assessments (user_id, saving_score, credit_score, investing_score)
    select id, 40, 60, 80 from users where email like 'volume%'`));
  // A day apart: 30 attempts are a month of use.
  history.push({ learners: `u.email like 'volume%'`, perUser: n('volume-attempts'), hoursApart: 24 });
}
const historyStarted = performance.now();
await seedHistory(handle.db, history);
const historyMs = Math.round(performance.now() - historyStarted);
/** The rows of a query, through the app's one row adapter. */
async function rows<T>(text: string): Promise<T[]> {
  return rowsOf<T>(await handle.db.execute(sql.raw(text)));
}
// A live database has long been vacuumed and analysed; a freshly bulk-loaded one has not, and on
// PostgreSQL autovacuum would then scan the new tables (gigabytes in the data-volume run) while
// the bench measures. So settle it here, before the server starts: vacuum, analyse, checkpoint.
const settleStarted = performance.now();
await handle.db.execute(sql.raw('vacuum (analyze)'));
await handle.db.execute(sql.raw('checkpoint'));
const settleMs = Math.round(performance.now() - settleStarted);
const [{ attempts }] = await rows<{ attempts: number }>('select count(*)::int as attempts from quiz_attempts');
let size = '';
let bytes = 0;
if (handle.kind === 'postgres') {
  [{ bytes }] = await rows<{ bytes: number }>('select pg_database_size(current_database())::bigint as bytes');
  size = ` database ${(Number(bytes) / 2 ** 20).toFixed(0)} MiB;`;
}
await handle.close();
console.log(
  `seed: ${n('learners')} fresh, ${n('history')} with history, ${n('admins')}+${n('admins')} admins, ${
    n('volume')
  } volume learners; ` +
    `${attempts} attempts;${size} history SQL and rebuild ${historyMs} ms; vacuum, analyse and checkpoint ${settleMs} ms; seed total ${
      Math.round(performance.now() - started)
    } ms`,
);
console.log(
  `SEED_RESULT ${
    JSON.stringify({
      attempts,
      bytes: Number(bytes),
      historyMs,
      settleMs,
      totalMs: Math.round(performance.now() - started),
    })
  }`,
);
