// The process entry: our own node:http server around Astro's handler, so that every response
// (static files and the kept landing page included) gets the security headers, and so
// start-up (migrations, content) and shutdown are ours. See DESIGN.md, "Contract details".
import './production-env.ts';
import http from 'node:http';
import { Buffer } from 'node:buffer';
import { randomUUID } from 'node:crypto';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../db/client.ts';
import { EnvError, getEnv, type Env } from './lib/server/platform/env.ts';
import { setDatabaseHandle } from './lib/server/platform/db.ts';
import { enableCaches } from './lib/server/platform/change-cache.ts';
import { describeError, log } from './lib/server/platform/log.ts';
import { securityHeadersFor } from './lib/server/platform/security-headers.ts';
import { loadContent } from './lib/server/content/curriculum-loader.ts';
import { ADMIN_BODY_LIMIT, BODY_LIMIT } from './lib/server/platform/http.ts';
import { startOutboxWorker } from './lib/server/mail/outbox.ts';
import { REMINDER_INTERVAL_MS, startReminderJob } from './lib/server/learning/reminders.ts';
import { deleteExpiredSessions, sessionCookieName, type ValidatedSession } from './lib/server/auth/session.ts';
import { SAFE_METHODS, rawSessionToken, startSessionCheck, type EarlySessionCheck } from './lib/server/auth/early-check.ts';
import { composeRequestedEmail, deleteStaleUnverifiedAccounts } from './lib/server/auth/credentials.ts';
import { pruneLimits } from './lib/server/platform/rate-limit.ts';
import { pruneQuizChecks } from './lib/server/learning/quiz-checks.ts';
import { StaticFiles } from './lib/server/platform/static-files.ts';
import { readBodyAhead } from './lib/server/platform/request-body.ts';
import { fileURLToPath } from 'node:url';

let env: Env;
try {
  env = getEnv();
} catch (error) {
  if (error instanceof EnvError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';
const { handler } = (await import(new URL('../dist/server/entry.mjs', import.meta.url).href)) as {
  handler: (req: http.IncomingMessage, res: http.ServerResponse, next?: undefined, locals?: { sessionCheck: EarlySessionCheck<ValidatedSession | null> }) => void;
};

const securityHeaders = securityHeadersFor(env);
const staticFiles = new StaticFiles(fileURLToPath(new URL('../dist', import.meta.url)), securityHeaders);

const handle: DatabaseHandle = await openDatabase({ url: env.DATABASE_URL, dataDir: env.DATA_DIR });
setDatabaseHandle(handle);

let ready = false;
async function prepareDatabase(): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await migrateDatabase(handle, env.DATABASE_URL);
      const loaded = await loadContent(handle.db);
      const cached = await enableCaches(handle);
      // The landing page, the busiest answer, is kept before the server says it is ready.
      await keepShared('/');
      ready = true;
      log('info', 'database ready', { kind: handle.kind, cached, ...loaded });
      outbox = startOutboxWorker(async () => handle.db, composeRequestedEmail);
      // Tests (APP_ENV=test) look for reminders every 2 s instead of every 5 minutes.
      reminders = startReminderJob(async () => handle.db, { intervalMs: env.APP_ENV === 'test' ? 2000 : REMINDER_INTERVAL_MS });
      cleanup = setInterval(() => void housekeeping(), HOUSEKEEPING_MS);
      void housekeeping();
      return;
    } catch (error) {
      if (shuttingDown) return;
      log('warn', 'database not ready, retrying', { attempt, ...describeError(error), stack: undefined });
      await new Promise((r) => setTimeout(r, Math.min(5000, 500 * attempt)));
    }
  }
}

/**
 * Expired sessions, rate-limit buckets whose window passed, accounts nobody verified in 7 days,
 * and quiz answers checked more than a day ago (an attempt that was never finished).
 */
const HOUSEKEEPING_MS = 10 * 60 * 1000;
async function housekeeping(): Promise<void> {
  for (const [task, run] of [
    ['sessions', () => deleteExpiredSessions()],
    ['rate limits', () => pruneLimits()],
    ['unverified accounts', () => deleteStaleUnverifiedAccounts()],
    ['quiz checks', () => pruneQuizChecks()],
  ] as const) {
    await run().catch((error: unknown) => log('warn', 'housekeeping failed', { task, ...describeError(error), stack: undefined }));
  }
}

const isStaticPath = (path: string) => path === '/' || path.startsWith('/_astro/') || /\.[a-z0-9]+$/i.test(path);

let outbox: { stop(): Promise<void> } | undefined;
let reminders: { stop(): Promise<void> } | undefined;
let cleanup: ReturnType<typeof setInterval> | undefined;
// A visitor carrying a session cookie is never served a page kept for signed-out visitors.
const SESSION_COOKIE = /(?:^|;\s*)(?:__Host-)?session=[^;]/;

const cookieName = sessionCookieName();

let inFlight = 0;
let shuttingDown = false;

const server = http.createServer((req, res) => {
  const started = performance.now();
  const requestId = randomUUID();
  req.headers['x-request-id'] = requestId;
  inFlight++;
  res.on('close', () => {
    inFlight--;
    const path = (req.url ?? '/').split('?')[0];
    log(res.statusCode >= 500 ? 'warn' : 'info', 'request', {
      requestId,
      method: req.method,
      path,
      status: res.statusCode,
      ms: Math.round(performance.now() - started),
    });
  });

  const path = (req.url ?? '/').split('?')[0];
  const limit = path.startsWith('/api/admin/') ? ADMIN_BODY_LIMIT : BODY_LIMIT;
  const tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
  const signedIn = SESSION_COOKIE.test(req.headers.cookie ?? '');
  // A client file, or a page kept for signed-out visitors, answers with headers made once.
  if (!tooLarge && staticFiles.serve(req, res, path, requestId, signedIn)) return;

  res.setHeader('X-Request-Id', requestId);
  // A page's own CSP (the same directives with Astro's hashes) replaces this one when Astro writes its head.
  for (const [name, value] of Object.entries(securityHeaders)) res.setHeader(name, value);
  if (tooLarge) return sendJson(res, 413, { message: 'Request body is too large' }, { Connection: 'close' });
  if (!ready && !isStaticPath(path)) {
    return sendJson(res, 503, { message: 'The service is starting. Please try again in a moment.' }, { 'Retry-After': '2' });
  }
  // A safe request's session is checked first, and the page's code starts with its outcome (early-check.ts).
  const token = SAFE_METHODS.has(req.method ?? '') ? rawSessionToken(req.headers.authorization, req.headers.cookie, cookieName) : undefined;
  const sessionCheck = token === undefined ? undefined : startSessionCheck<ValidatedSession | null>(token);
  const run = () => readBodyAhead(req, res, () => handler(req, res, undefined, sessionCheck && { sessionCheck }));
  if (sessionCheck) sessionCheck.result.then(run, run);
  else run();
});

/** GET `path` from this server as a visitor without cookies (at start-up: once it accepts connections). */
async function fetchOwn(path: string): Promise<Response> {
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST.includes(':') ? `[${env.HOST}]` : env.HOST;
  const url = `http://${host}:${env.PORT}${path}`;
  for (let attempt = 1; ; attempt++) {
    try {
      return await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    } catch (error) {
      if (attempt >= 20) throw error;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
}

/**
 * Renders `path` once as a visitor without cookies and, when the page marks that answer
 * `Cache-Control: public` (the landing page `/`, which itself sends a signed-in visitor home), keeps
 * it beside the client files for every visitor without a session.
 */
async function keepShared(path: string): Promise<void> {
  try {
    const answer = await fetchOwn(path);
    const body = Buffer.from(await answer.arrayBuffer());
    const shared = answer.status === 200 && /\bpublic\b/.test(answer.headers.get('cache-control') ?? '') && !answer.headers.has('set-cookie');
    const own = Object.fromEntries(['Content-Type', 'Content-Security-Policy', 'Cache-Control'].map((name) => [name, answer.headers.get(name) ?? '']));
    if (shared) await staticFiles.shareWithSignedOutVisitors(path, body, own);
  } catch (error) {
    log('warn', 'could not keep a shared page', { path, ...describeError(error), stack: undefined });
  }
}

function sendJson(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

// An idle keep-alive connection stays open 65 s: longer than a load balancer's usual idle timeout
// (60 s), so the balancer, not this server, closes it, and a client never sends a request on a
// connection this server is closing (a reset; a browser retries it, an API client may not: one CI
// run lost a request this way after a 5 s gap). Headers must arrive within a little more.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(env.PORT, env.HOST, () => {
  log('info', 'listening', { url: `http://${env.HOST === '0.0.0.0' ? 'localhost' : env.HOST}:${env.PORT}`, database: handle.kind });
  console.log(`\n  Serving on ${env.PUBLIC_URL}\n`);
});
void prepareDatabase();

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  log('info', 'shutting down', { signal, inFlight });
  server.close();
  server.closeIdleConnections?.();
  const deadline = Date.now() + 10_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  server.closeAllConnections?.();
  clearInterval(cleanup);
  await Promise.all([outbox?.stop(), reminders?.stop()]);
  await handle.close().catch(() => {});
  log('info', 'stopped', { signal });
  process.exit(0);
}
const deno = (globalThis as { Deno?: { addSignalListener(signal: string, fn: () => void): void } }).Deno;
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  if (deno) deno.addSignalListener(signal, () => void shutdown(signal));
  else process.on(signal, () => void shutdown(signal));
}
