// A learner's test-outs (issue 56) as the learner's one read carries them: at most one row per
// pillar and level above beginner, read with the rest of their rows (rows.ts, attempts.ts).
import { sql } from 'drizzle-orm';
import type { Pillar } from '../../../domain.ts';
import type { DrawnQuestion, TestOutLevel, TestOutRecord } from '../../../test-out.ts';

/** A test-out row (issue 56): its newest draw, that draw's result, and the first pass. */
export interface TestOutRow extends TestOutRecord {
  questions: DrawnQuestion[];
  /** The learner's day the newest draw was made on. */
  drawnOn: string;
  submittedAt: Date | null;
  score: number | null;
}

const epoch = (column: string) => sql.raw(`date_part('epoch', ${column}) * 1000`);

/** level_test_outs: pillar, level, passed at, drawn on, submitted at (ms), score, the draw. */
export type TestOutTuple = [Pillar, TestOutLevel, number | null, string, number | null, number | null, DrawnQuestion[]];
export const testOutTuples = sql<TestOutTuple[]>`(select coalesce(json_agg(json_build_array(t.pillar, t.level,
  ${epoch('t.passed_at')}, t.drawn_on, ${epoch('t.submitted_at')}, t.score, t.questions)), '[]'::json)
  from level_test_outs t where t.user_id = ${sql.placeholder('userId')})`;
const date = (ms: number | null) => (ms === null ? null : new Date(ms));
export const testOutsOf = (tuples: TestOutTuple[]): TestOutRow[] =>
  tuples.map(([pillar, level, passedAt, drawnOn, submittedAt, score, questions]) => ({
    pillar,
    level,
    passedAt: date(passedAt),
    drawnOn,
    submittedAt: date(submittedAt),
    score,
    questions,
  }));
