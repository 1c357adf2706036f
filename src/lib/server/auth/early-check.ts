// The session check of a safe request, made before the page's code starts. The server wrapper
// (src/serve.ts) sees a request first, but the session code it could import is a copy of its own,
// not the one the Astro bundle runs (the copy whose lookups are grouped and whose learner rows
// are kept): so the middleware registers the bundle's check here, through globalThis; the wrapper
// starts it for each GET, HEAD or OPTIONS request that carries a session token, waits for it, and
// only then hands the request to Astro, with the check in its locals for the middleware to use.
//
// Why: on PostgreSQL a signed-in request waits one round trip for its session (it must see every
// write made before it arrived, so it never shares a lookup already sent), and a request suspended
// inside the framework costs the server more than one suspended before it.

/** Methods that change nothing: the middleware's CSRF check passes them, and the wrapper checks their session early. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** What the middleware finds in `locals.sessionCheck`: the token checked and the check's outcome. */
export interface EarlySessionCheck<R> {
  token: string;
  result: Promise<R>;
}

// Shared through globalThis: the middleware registers in the bundle's copy of this module, the
// server wrapper reads in its own.
const key = Symbol.for('finance-app.session-check');

type Check = (token: string) => Promise<unknown>;

/** The middleware's module registers the bundle's session check. */
export function registerSessionCheck(check: Check): void {
  (globalThis as { [key]?: Check })[key] = check;
}

/**
 * The session token of a request as the middleware will read it (readSessionToken: a bearer token
 * first, else the session cookie), from the raw headers; undefined when there is none.
 */
export function rawSessionToken(authorization: string | undefined, cookieHeader: string | undefined, cookieName: string): string | undefined {
  // Trimmed as a Request's headers are (an empty bearer token leaves the cookie to count).
  const header = authorization?.trim();
  if (header?.toLowerCase().startsWith('bearer ')) return header.slice(7).trim() || undefined;
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === cookieName) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

/**
 * Starts the registered check of `token`. The check's failure is left for the middleware to
 * handle (a database outage answers 503 there); a request that never reaches the middleware (a
 * prerendered page) must not leave it unhandled.
 */
export function startSessionCheck<R>(token: string): EarlySessionCheck<R> | undefined {
  const check = (globalThis as { [key]?: Check })[key];
  if (!check) return undefined;
  const result = check(token) as Promise<R>;
  result.catch(() => {});
  return { token, result };
}
