// The process entry: a node:http server around the built Astro app. It serves the client files
// from dist/client (compressed as they stream), hands every other request to the app, and puts
// the security headers on every answer (one policy, naming the hashes the build listed). It loads only the bundle, which starts the app (src/app.ts); on SIGTERM it
// stops taking requests, lets those in flight finish, then asks the app to stop.
import './production-env.ts';
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { securityHeadersFor } from './lib/server/platform/security-headers.ts';
import { readCspHashes } from './lib/server/platform/csp-hashes.ts';
import { clientFiles } from './lib/server/platform/static-files.ts';
import { bodyLimitFor } from './lib/body-limits.ts';

// Astro's node adapter in middleware mode: its handler renders pages and endpoints only.
process.env.ASTRO_NODE_AUTOSTART = 'disabled';
process.env.ASTRO_NODE_LOGGING = 'disabled';
type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
const { handler } = (await import(new URL('../dist/server/entry.mjs', import.meta.url).href)) as { handler: Handler };

const STOP_EVENT = 'finance-app:stop'; // src/app.ts
const port = Number(process.env.PORT ?? 4321);
const host = process.env.HOST ?? '127.0.0.1';
const serveClientFile = clientFiles(fileURLToPath(new URL('../dist/client/', import.meta.url)));
const appEnv = { APP_ENV: process.env.APP_ENV ?? 'development' };
const documentHeaders = securityHeadersFor(appEnv, readCspHashes(fileURLToPath(new URL('../dist/', import.meta.url))));
const fileHeaders = securityHeadersFor(appEnv);
/** A page's script, stylesheet, image or font, as the browser names it (Sec-Fetch-Dest): never a document. */
const SUBRESOURCES = new Set(['script', 'style', 'image', 'font', 'manifest']);
const isSubresource = (req: http.IncomingMessage) => SUBRESOURCES.has(String(req.headers['sec-fetch-dest']));

/** The methods the app answers; any other gets a 405 here. */
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

let inFlight = 0;
let shuttingDown = false;

const server = http.createServer(async (req, res) => {
  const requestId = randomUUID();
  req.headers['x-request-id'] = requestId;
  inFlight++;
  res.on('close', () => inFlight--);
  // A body the app answered without reading is read to its end, so the connection stays usable.
  res.on('finish', () => {
    if (!req.complete) req.resume();
  });
  res.setHeader('X-Request-Id', requestId);
  for (const [name, value] of Object.entries(isSubresource(req) ? fileHeaders : documentHeaders)) {
    res.setHeader(name, value);
  }
  // F7 (issue 50): TRACE, CONNECT and any other method never reach the framework.
  if (!ALLOWED_METHODS.has(req.method ?? '')) {
    res.writeHead(405, { 'Content-Type': 'application/json', Allow: [...ALLOWED_METHODS].join(', ') });
    res.end(JSON.stringify({ message: 'Method not allowed' }));
    return;
  }
  if (Number(req.headers['content-length'] ?? 0) > bodyLimitFor((req.url ?? '/').split('?')[0])) {
    res.writeHead(413, { 'Content-Type': 'application/json', Connection: 'close' });
    res.end(JSON.stringify({ message: 'Request body is too large' }));
    return;
  }
  try {
    if (serveClientFile(req, res)) return;
    await handler(req, res);
  } catch {
    if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ message: 'Something went wrong on our side. Please try again.' }));
  }
});

// CONNECT never reaches the request handler in node:http (it would close the socket unanswered):
// the same 405, with the security headers, written on the socket.
server.on('connect', (_req: http.IncomingMessage, socket: Duplex) => {
  const body = JSON.stringify({ message: 'Method not allowed' });
  const headers = {
    ...fileHeaders,
    'Content-Type': 'application/json',
    Allow: [...ALLOWED_METHODS].join(', '),
    'Content-Length': String(Buffer.byteLength(body)),
    Connection: 'close',
  };
  const lines = Object.entries(headers).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 405 Method Not Allowed\r\n${lines.join('\r\n')}\r\n\r\n${body}`);
});

// An idle keep-alive connection stays open 65 s: longer than a load balancer's usual idle timeout
// (60 s), so the balancer, not this server, closes it and never sends on a closing connection.
server.keepAliveTimeout = 65_000;
server.headersTimeout = 66_000;
server.listen(port, host, () => {
  // The first request loads the app's modules, which start it (migrations, jobs) at once; "Serving on"
  // is printed only once /healthz answers 200, with the database ready (issue 53).
  const local = `http://${host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host}:${port}`;
  const announce = async () => {
    for (;;) {
      const ok = await fetch(`${local}/healthz`).then(async (r) => {
        await r.body?.cancel();
        return r.status === 200;
      }, () => false);
      if (ok) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    console.log(`\n  Serving on ${process.env.PUBLIC_URL ?? `http://${host}:${port}`}\n`);
  };
  void announce();
});

/** A log line in the app's format (src/lib/server/platform/log.ts). */
const logLine = (msg: string, fields: Record<string, unknown>) =>
  console.log(JSON.stringify({ time: new Date().toISOString(), level: 'info', msg, ...fields }));

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  logLine('shutting down', { signal, inFlight });
  server.close();
  server.closeIdleConnections();
  const deadline = Date.now() + 10_000;
  while (inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
  server.closeAllConnections();
  const exit = () => {
    logLine('stopped', { signal });
    process.exit(0);
  };
  const emit = process.emit as (event: string, ...args: unknown[]) => boolean;
  if (!emit.call(process, STOP_EVENT, exit)) exit();
}
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.on(signal, () => void shutdown(signal));
