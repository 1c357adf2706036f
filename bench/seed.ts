// Seeds many learners straight into a database for the benchmarks: each gets a known session
// token (bench/tokens.mjs) and an assessment. Run with deno before the server starts.
import { migrateDatabase, openDatabase } from '../db/client.ts';
import { assessments, sessions, users } from '../db/schema.ts';
import { hashToken } from '../src/lib/server/platform/tokens.ts';
import { benchSession } from './tokens.mjs';

const [target, countArg] = Deno.args;
const count = Number(countArg ?? 500);
const handle = await openDatabase(target.startsWith('postgres') ? { url: target } : { dataDir: target });
await migrateDatabase(handle, target.startsWith('postgres') ? target : undefined);
const batch = 100;
for (let start = 0; start < count; start += batch) {
  const ids = Array.from({ length: Math.min(batch, count - start) }, (_, k) => start + k);
  const rows = await handle.db
    .insert(users)
    .values(ids.map((i) => ({ email: `bench${i}@example.com`, firstName: `Bench${i}`, lastName: 'Learner', emailVerifiedAt: new Date() })))
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  await handle.db.insert(sessions).values(
    rows.map((r) => {
      const i = Number(r.email.match(/\d+/)![0]);
      const { id, secret } = benchSession(i);
      return { id, secretHash: hashToken(secret), userId: r.id };
    }),
  ).onConflictDoNothing();
  await handle.db.insert(assessments).values(rows.map((r) => ({ userId: r.id, savingScore: 40, creditScore: 60, investingScore: 80 })));
}
await handle.close();
console.log(`seeded ${count} learners`);
