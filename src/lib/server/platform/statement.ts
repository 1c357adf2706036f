// Typed prepared statements: hand-written SQL that Drizzle's builder cannot express as one
// statement (a group of lookups, a group commit's CTE) declares its parameters and its row type
// once, here, so every caller is checked by the compiler. Both drivers prepare the text once and
// keep its plan (db/client.ts).
import { getDatabaseHandle } from './db.ts';

export interface Statement<P extends unknown[], R> {
  readonly text: string;
  run(...params: P): Promise<R[]>;
}

/** A statement that only reads. */
export function readStatement<P extends unknown[], R>(text: string): Statement<P, R> {
  return {
    text,
    run: async (...params) => (await getDatabaseHandle()).queryRows<R>(text, params),
  };
}

/** A statement that writes. */
export function writeStatement<P extends unknown[], R>(text: string): Statement<P, R> {
  return {
    text,
    run: async (...params) => (await getDatabaseHandle()).queryRows<R>(text, params),
  };
}
