// PGlite's query() parses and plans its SQL on every call (an unnamed statement); PostgreSQL's driver
// names each statement once and only binds it after. This gives PGlite the same: a statement sent a
// second time is parsed once under a name and from then on only bound and executed, through
// PGlite's public wire-protocol API (execProtocolStream, protocol.serialize, parse.parseResults).
import { parse, type PGlite, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';

type BackendMessage = Awaited<ReturnType<PGlite['execProtocolStream']>>[number];

interface Named {
  name: string;
  /** The parameters' type ids, as the parse described them. */
  paramTypes: number[];
  /** The statement's RowDescription (none for a statement that returns no rows). */
  rowDescription: BackendMessage[];
}

/** Statements named per process at most; past it, the rest stay unnamed (the SQL the app sends is finite). */
const MOST_NAMED = 500;
/** Texts remembered as sent once; forgotten together past this, so one-off SQL never grows memory. */
const MOST_SEEN = 5000;

/** The client with named statements for what it is sent outside a transaction (a transaction's own queries are unchanged). */
export function withNamedStatements(client: PGlite): PGlite {
  const named = new Map<string, Named | Promise<Named>>();
  const seen = new Set<string>();
  let count = 0;
  const { serialize } = protocol;
  const send = (message: Uint8Array) => client.execProtocolStream(message, { syncToFs: false });

  async function prepare(text: string, options?: QueryOptions): Promise<Named> {
    const name = `s${count++}`;
    const messages: BackendMessage[] = [];
    try {
      messages.push(...await send(serialize.parse({ name, text, types: options?.paramTypes })));
      messages.push(...await send(serialize.describe({ type: 'S', name })));
    } finally {
      messages.push(...await send(serialize.sync()));
    }
    return {
      name,
      paramTypes: parse.parseDescribeStatementResults(messages),
      rowDescription: messages.filter((m) => m.name === 'rowDescription'),
    };
  }

  async function run(text: string, params: unknown[], options?: QueryOptions): Promise<Results> {
    // PGlite's own mutex for a transaction keeps every other statement out while this one runs.
    return await client.transaction(async () => {
      let statement = named.get(text);
      if (!statement) {
        statement = prepare(text, options);
        named.set(text, statement);
        statement.catch(() => named.delete(text));
      }
      const { name, paramTypes, rowDescription } = await statement;
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = options?.serializers?.[paramTypes[i]] ?? client.serializers[paramTypes[i]];
        return serializer ? serializer(value) : String(value);
      });
      const messages: BackendMessage[] = [...rowDescription];
      try {
        messages.push(...await send(serialize.bind({ statement: name, values: values as string[] })));
        messages.push(...await send(serialize.execute({})));
      } finally {
        messages.push(...await send(serialize.sync()));
      }
      return parse.parseResults(messages, client.parsers, options)[0];
    }) as Results;
  }

  return new Proxy(client, {
    get(target, property) {
      if (property !== 'query') {
        const value = Reflect.get(target, property, target);
        return typeof value === 'function' ? value.bind(target) : value;
      }
      return (text: string, params: unknown[] = [], options?: QueryOptions) => {
        if (named.has(text)) return run(text, params, options);
        if (seen.has(text) && named.size < MOST_NAMED) return run(text, params, options);
        if (seen.size >= MOST_SEEN) seen.clear();
        seen.add(text);
        return target.query(text, params, options);
      };
    },
  });
}
