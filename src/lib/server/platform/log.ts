type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

// The one place that keeps secrets out of the log (docs/DESIGN.md): never these keys, at any depth,
// whatever a caller passes in: passwords and their hashes, tokens, cookies and authorization
// headers, SQL parameters, request and e-mail bodies, a money plan's figures.
const secretKeys =
  /pass(word)?|token|secret|authorization|cookie|hash|^params$|parameters|^body$|^html$|^text$|^detail$|^input$|^summary$|^debts$/i;
const MAX_DEPTH = 4;

function redactValue(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return typeof value === 'string' ? redactText(value) : value;
  if (depth >= MAX_DEPTH) return '[nested]';
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1));
  if (value instanceof Date) return value;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = secretKeys.test(k) ? '[redacted]' : redactValue(v, depth + 1);
  return out;
}

/**
 * Text that may quote a failed query (drizzle: "Failed query: … params: …"), an argon2 hash or a
 * session or reset token loses those parts.
 */
export function redactText(text: string): string {
  return text
    .replace(/\bparams:[^\n]*/gi, 'params: [redacted]')
    .replace(/\$argon2(id|i|d)\$[^\s"']+/g, '[redacted hash]')
    .replace(/([?&#](?:token|access_token|refresh_token)=)[^&\s"']+/gi, '$1[redacted]')
    .replace(/\b[a-z2-7]{24}\.[a-z2-7]{32}\b/g, '[redacted token]');
}

export function redact(fields: Record<string, unknown>): Record<string, unknown> {
  return redactValue(fields, 0) as Record<string, unknown>;
}

function threshold(): number {
  const level = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent';
  return order[level] ?? order.info;
}

/** One JSON line per event on stdout (stderr for errors). */
export function log(level: Level, msg: string, fields: Record<string, unknown> = {}): void {
  if (order[level] < threshold()) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...redact(fields) });
  if (level === 'error' || level === 'warn') console.error(line);
  else console.log(line);
}

/**
 * What to log about an error: its message, code and stack. A failed database query is described
 * by its cause (the database's own message), not by the query text and parameters drizzle puts in
 * its message.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    // drizzle wraps the database's error in one whose message quotes the query and its parameters;
    // the database's own message (its cause) names what went wrong without them.
    const wrapsQuery = /^Failed query:/.test(error.message) || ('params' in error && cause !== undefined);
    const message = wrapsQuery
      ? `database query failed: ${redactText(String(cause?.message ?? 'unknown cause'))}`
      : redactText(error.message);
    const frames = (error.stack ?? '').split('\n').filter((line) => /^\s+at /.test(line));
    return {
      error: message,
      code: (error as { code?: unknown }).code ?? cause?.code,
      stack: [`${error.name}: ${message}`, ...frames].join('\n'),
    };
  }
  return { error: String(error) };
}
