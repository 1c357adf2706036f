// Whether a database's learner aggregates match its attempts: the aggregate rows as stored,
// against those a rebuild computes from the attempts (inside a transaction rolled back after).
import postgres from 'postgres';
import { AGGREGATE_TABLES, rebuildStatements } from '../../src/lib/server/learning/learner-store/aggregates.ts';

async function aggregateRows(sql: postgres.Sql | postgres.TransactionSql): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of AGGREGATE_TABLES) {
    const rows = await sql.unsafe(`select * from "${table}"`);
    out[table] = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === 'bigint' ? Number(v) : v))).sort();
  }
  const running = await sql.unsafe(`select user_id, seq, accuracy_cum from quiz_attempts`);
  out.running = running.map((r) => `${r.user_id}:${r.seq}:${r.accuracy_cum}`).sort();
  return out;
}

/** The stored aggregates and the rebuilt ones, to compare with assertEquals. */
export async function storedAndRebuiltAggregates(url: string): Promise<{ stored: Record<string, string[]>; rebuilt: Record<string, string[]> }> {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    const stored = await aggregateRows(sql);
    let rebuilt: Record<string, string[]> = {};
    await sql
      .begin(async (tx) => {
        for (const text of rebuildStatements('')) await tx.unsafe(text);
        rebuilt = await aggregateRows(tx);
        throw new Error('rollback');
      })
      .catch((error: unknown) => {
        if (!(error instanceof Error && error.message === 'rollback')) throw error;
      });
    return { stored, rebuilt };
  } finally {
    await sql.end();
  }
}
