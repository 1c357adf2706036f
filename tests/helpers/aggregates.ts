// Whether a database's learner aggregates match its attempts: the aggregate rows as stored,
// against those a rebuild computes from the attempts (inside a transaction rolled back after).
import { sql } from 'drizzle-orm';
import { type Executor, openDatabase } from '../../db/client.ts';
import { AGGREGATE_TABLES, rebuildAggregates } from '../../src/lib/server/learning/learner-store/aggregates.ts';

async function aggregateRows(db: Executor): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of AGGREGATE_TABLES) {
    const rows = await db.execute(sql.raw(`select * from "${table}"`));
    out[table] = [...rows].map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))).sort();
  }
  const running = await db.execute<{ user_id: string; seq: number; accuracy_cum: number }>(
    sql`select user_id, seq, accuracy_cum from quiz_attempts`,
  );
  out.running = [...running].map((r) => `${r.user_id}:${r.seq}:${r.accuracy_cum}`).sort();
  return out;
}

/** The stored aggregates and the rebuilt ones, to compare with assertEquals. */
export async function storedAndRebuiltAggregates(
  url: string,
): Promise<{ stored: Record<string, string[]>; rebuilt: Record<string, string[]> }> {
  const handle = await openDatabase({ url, max: 1 });
  try {
    const stored = await aggregateRows(handle.db);
    let rebuilt: Record<string, string[]> = {};
    await handle.db
      .transaction(async (tx) => {
        await rebuildAggregates(tx);
        rebuilt = await aggregateRows(tx);
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rollback')) throw error;
      });
    return { stored, rebuilt };
  } finally {
    await handle.close();
  }
}
