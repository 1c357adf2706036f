type Level = 'debug' | 'info' | 'warn' | 'error';
const order: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

// Never log these, whatever a caller passes in.
const secretKeys = /pass(word)?|token|secret|authorization|cookie|hash/i;

function redact(fields: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) out[k] = secretKeys.test(k) ? '[redacted]' : v;
  return out;
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

export function describeError(error: unknown): Record<string, unknown> {
  if (error instanceof Error) {
    const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
    return { error: error.message, code: (error as { code?: unknown }).code ?? cause?.code, stack: error.stack };
  }
  return { error: String(error) };
}
