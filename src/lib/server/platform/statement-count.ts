// How many statements a request sends to the database, for the statement budgets of
// docs/DESIGN.md: counted only when STATEMENT_COUNTS is set (tests and `npm run bench`), per
// request through AsyncLocalStorage, so background jobs and other requests are not counted.
import { AsyncLocalStorage } from 'node:async_hooks';

const current = new AsyncLocalStorage<{ statements: number }>();

/** Counts one statement for the request in progress (none outside a request). */
export function countStatement(): void {
  const counter = current.getStore();
  if (counter) counter.statements++;
}

/** Runs a request's work and answers how many statements it sent. */
export async function withStatementCount<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }> {
  const counter = { statements: 0 };
  const result = await current.run(counter, work);
  return { result, statements: counter.statements };
}
