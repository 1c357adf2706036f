// learner_figures against the rows it copies: what every learner page reads must equal what the
// four tables hold, whoever wrote them (db/migrations/0040_learner_figures.sql).
import { sql } from 'drizzle-orm';
import { assertEquals } from './assert.ts';
import { rowsOf } from '../../src/lib/server/platform/db.ts';
import type { DatabaseHandle } from '../../db/client.ts';

type Db = DatabaseHandle['db'];
type Row = Record<string, unknown>;
type Parts = { progress: unknown[]; badges: unknown[]; pillars: unknown[]; levels: unknown[] };

const ms = (v: unknown) => (v === null ? null : new Date(v as string | Date).getTime());
const num = (v: unknown) => Number(v);
const read = async (db: Db, text: string) => rowsOf<Row>(await db.execute(sql.raw(text)));

/** Each learner's four parts as the tables hold them, in the order the figures keep them. */
async function fromRows(db: Db): Promise<Map<string, Parts>> {
  const out = new Map<string, Parts>();
  const of = (userId: unknown) => {
    const key = String(userId);
    if (!out.has(key)) out.set(key, { progress: [], badges: [], pillars: [], levels: [] });
    return out.get(key)!;
  };
  for (const r of await read(db, 'select * from lesson_progress order by user_id, lesson_id')) {
    of(r.user_id).progress.push([
      r.lesson_id,
      r.completed,
      r.best_score,
      r.last_score,
      r.total_questions,
      r.attempts,
      ms(r.completed_at),
      ms(r.updated_at),
    ]);
  }
  for (const r of await read(db, 'select * from user_badges order by user_id, earned_at, badge')) {
    of(r.user_id).badges.push([r.badge, ms(r.earned_at)]);
  }
  for (const r of await read(db, 'select * from learner_pillar_stats order by user_id, pillar')) {
    of(r.user_id).pillars.push([
      r.pillar,
      r.attempts,
      r.passes,
      r.correct,
      r.questions,
      num(r.accuracy_units),
      r.pass_run,
      r.best_run,
    ]);
  }
  for (const r of await read(db, 'select * from learner_level_stats order by user_id, pillar, level')) {
    of(r.user_id).levels.push([r.pillar, r.level, r.attempts, r.correct, r.questions]);
  }
  return out;
}

/** Asserts that every learner's learner_figures row holds exactly their rows (none: empty parts). */
export async function assertFiguresMatchRows(db: Db, message = 'learner_figures'): Promise<void> {
  const expected = await fromRows(db);
  const kept = new Map<string, Parts>();
  for (
    const r of await read(
      db,
      'select user_id, progress::text, badges::text, pillars::text, levels::text from learner_figures',
    )
  ) {
    const parse = (text: unknown) =>
      (JSON.parse(String(text)) as unknown[][]).map((tuple) =>
        tuple.map((v, i) =>
          // Times are kept as float epoch milliseconds: read as the pages read them (new Date).
          typeof v === 'number' && !Number.isInteger(v) && i > 0 ? new Date(v).getTime() : v
        )
      );
    const parts = {
      progress: parse(r.progress),
      badges: parse(r.badges),
      pillars: parse(r.pillars),
      levels: parse(r.levels),
    };
    if (Object.values(parts).some((p) => p.length > 0)) kept.set(String(r.user_id), parts);
  }
  const sorted = (m: Map<string, Parts>) => [...m.entries()].sort(([a], [b]) => a.localeCompare(b));
  assertEquals(sorted(kept), sorted(expected), message);
}
