// Named prepared statements for PGlite. PGlite's own `query` sends parse, describe, bind,
// describe, execute and sync as six calls into the WebAssembly Postgres and plans the statement
// every time. A statement prepared once and then bound and executed in one call costs a fraction.
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';

interface Statement {
  name: string;
  paramTypes: number[];
}

/**
 * What this module uses of PGlite beyond its documented surface (declared in its types): the two
 * locks its own `query` takes. The public `runExclusive` takes only the query lock, so a statement
 * could run inside another caller's open transaction. package.json pins PGlite to the exact
 * version checked against this; tests/integration/pglite-prepared.test.ts fails when they move.
 */
interface PGliteInternals {
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
}
const INTERNALS = ['_runExclusiveTransaction', '_runExclusiveQuery'] as const;

/** Throws, naming what moved, when this PGlite lacks an internal the prepared statements need. */
export function checkPGliteInternals(client: PGlite): PGliteInternals {
  const missing = INTERNALS.filter((name) => typeof (client as unknown as Record<string, unknown>)[name] !== 'function');
  if (missing.length > 0) {
    throw new Error(
      `@electric-sql/pglite no longer has ${missing.join(' and ')}, which db/pglite-prepared.ts takes as PGlite's query does; ` +
        'go back to the version package.json pins, or adapt PreparedStatements to the new release.',
    );
  }
  return client as unknown as PGliteInternals;
}

// Postgres drops a prepared statement's plan when the tables under it change; these two errors
// mean the statement must be prepared again (a result type changed, or the name is gone).
const REPREPARE_CODES = new Set(['0A000', '26000']);

// Text-like parameters go in binary format: their UTF-8 bytes (jsonb: after its version byte 1).
// PGlite's serializer measures a text parameter's UTF-8 length in a JavaScript loop, twice; for a
// group of quiz attempts (~20 KB of JSON) that loop was 7% of the server's time.
const TEXT_TYPES = new Set([25, 1043, 114]);
const JSONB = 3802;
const encoder = new TextEncoder();

function binaryText(type: number, text: string): Uint8Array | string {
  if (TEXT_TYPES.has(type)) return encoder.encode(text);
  if (type !== JSONB) return text;
  const bytes = new Uint8Array(text.length * 3 + 1);
  bytes[0] = 1;
  const { written } = encoder.encodeInto(text, bytes.subarray(1));
  return bytes.subarray(0, written + 1);
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export class PreparedStatements {
  readonly #client: PGlite;
  readonly #internals: PGliteInternals;
  readonly #limit: number;
  /** By SQL text, least recently used first. */
  readonly #statements = new Map<string, Statement>();
  #counter = 0;

  constructor(client: PGlite, limit = 256) {
    this.#client = client;
    this.#internals = checkPGliteInternals(client);
    this.#limit = limit;
  }

  /**
   * Runs `text` with `params` as PGlite's `query` does (same locks, so never inside another
   * caller's transaction; same parsing of results and options; notifications delivered before it
   * returns), through a statement prepared on first use.
   */
  query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
    return this.#internals._runExclusiveTransaction(() =>
      this.#internals._runExclusiveQuery(async () => {
        try {
          return await this.#run<T>(text, params, options);
        } catch (error) {
          if (!REPREPARE_CODES.has((error as { code?: string }).code ?? '')) throw error;
          await this.#forget(text);
          return await this.#run<T>(text, params, options);
        }
      }),
    );
  }

  async #run<T>(text: string, params: unknown[], options?: QueryOptions): Promise<Results<T>> {
    const statement = await this.#statement(text, options);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const type = statement.paramTypes[i];
      const serializer = options?.serializers?.[type] ?? this.#client.serializers[type];
      const text = serializer ? serializer(value) : String(value);
      return typeof text === 'string' ? binaryText(type, text) : text;
    });
    const { serialize } = protocol;
    const messages = await this.#client.execProtocolStream(
      concat([serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
      { syncToFs: false },
    );
    const [result] = parse.parseResults(messages, this.#client.parsers, options) as Results<T>[];
    await this.#client.syncToFs();
    return result;
  }

  async #statement(text: string, options?: QueryOptions): Promise<Statement> {
    const known = this.#statements.get(text);
    if (known) {
      this.#statements.delete(text);
      this.#statements.set(text, known);
      return known;
    }
    if (this.#statements.size >= this.#limit) await this.#forget(this.#statements.keys().next().value!);
    const name = `pglite_prepared_${++this.#counter}`;
    const { serialize } = protocol;
    const messages = await this.#client.execProtocolStream(
      concat([serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false },
    );
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(messages) };
    this.#statements.set(text, statement);
    return statement;
  }

  async #forget(text: string): Promise<void> {
    const statement = this.#statements.get(text);
    if (!statement) return;
    this.#statements.delete(text);
    const { serialize } = protocol;
    await this.#client.execProtocolStream(concat([serialize.close({ type: 'S', name: statement.name }), serialize.sync()]), { syncToFs: false });
  }

  /** How many statements are prepared now (tests). */
  get size(): number {
    return this.#statements.size;
  }
}
