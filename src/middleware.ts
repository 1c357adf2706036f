import type { APIContext, MiddlewareNext } from 'astro';
import { defineMiddleware } from 'astro:middleware';
import { isDatabaseUnavailable } from '../db/client.ts';
import { HttpError, jsonError, withReasonPhrase } from './lib/server/platform/http.ts';
import { compressPage } from './lib/server/platform/compress-page.ts';
import { describeError, log } from './lib/server/platform/log.ts';
import { getEnv } from './lib/server/platform/env.ts';
import { withStatementCount } from './lib/server/platform/statement-count.ts';
import {
  deleteSessionCookie,
  readSessionToken,
  setSessionCookie,
  validateSessionToken,
} from './lib/server/auth/session.ts';
import { isReady, startApp } from './app.ts';
import { mustNotStore, withNoStore } from './lib/server/platform/no-store.ts';
import { staffGate } from './lib/server/auth/factors/staff.ts';

/** Methods that change nothing: no CSRF check. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF: a state-changing browser request must come from our own origin (docs/DESIGN.md): its Origin
 * (or, without one, its Referer) is PUBLIC_URL's origin, or the browser says same-origin. Never
 * compared with the Host header, which a proxy may rewrite. A request without any of them is
 * refused when it carries our cookie (a non-browser client without a cookie has no ambient
 * authority to abuse).
 */
function isCrossSite(request: Request, hasCookie: boolean): boolean {
  const site = request.headers.get('sec-fetch-site');
  if (site === 'same-origin') return false;
  const allowed = getEnv().allowedOrigins;
  const origin = request.headers.get('origin');
  if (origin) return !allowed.has(origin);
  const referer = request.headers.get('referer');
  if (referer) {
    try {
      return !allowed.has(new URL(referer).origin);
    } catch {
      return true;
    }
  }
  if (site && site !== 'none') return true;
  return hasCookie;
}

function wantsJson(request: Request, pathname: string): boolean {
  return pathname.startsWith('/api/') || (request.headers.get('accept') ?? '').includes('application/json');
}

const FAILURE_MESSAGES = {
  500: 'Something went wrong on our side. Please try again.',
  503: 'The service is temporarily unavailable. Please try again in a moment.',
};

function failure(status: 500 | 503, request: Request, pathname: string): Response {
  const message = FAILURE_MESSAGES[status];
  const headers = status === 503 ? { 'Retry-After': '5' } : undefined;
  if (wantsJson(request, pathname)) return jsonError(status, message, undefined, headers);
  return new Response(FAILURE_PAGES[status], {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8', ...headers },
  });
}

/** A document of constant text, not an Astro page: it must render when the database or a page is what failed. */
const failurePage = (title: string, message: string) =>
  `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="viewport" content="width=device-width,initial-scale=1">
    <title>${title}</title>
  </head>
  <body style="font-family:system-ui,sans-serif;max-width:36rem;margin:4rem auto;padding:0 1rem">
    <h1>${title}</h1>
    <p>${message}</p>
    <p><a href="/">Back to the home page</a></p>
  </body>
</html>
`;

const FAILURE_PAGES = {
  500: failurePage('Something went wrong', FAILURE_MESSAGES[500]),
  503: failurePage('Temporarily unavailable', FAILURE_MESSAGES[503]),
};

export const onRequest = defineMiddleware(async (context, next) => {
  const { request, url, locals } = context;
  if (context.isPrerendered) return next();
  startApp();
  const started = performance.now();
  locals.requestId = request.headers.get('x-request-id') ?? crypto.randomUUID();
  locals.user = null;
  locals.session = null;
  const response = getEnv().STATEMENT_COUNTS ? await counted(context, next) : await handle(context, next);
  // One line per request at debug level (a failure's at warn): the access log is a proxy's job.
  log(response.status >= 500 ? 'warn' : 'debug', 'request', {
    requestId: locals.requestId,
    method: request.method,
    path: url.pathname,
    status: response.status,
    ms: Math.round(performance.now() - started),
  });
  return response;
});

/** The response with the number of SQL statements the request sent (docs/DESIGN.md, Performance). */
async function counted(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { result, statements } = await withStatementCount(() => handle(context, next));
  const response = new Response(result.body, result);
  response.headers.set('X-Statements', String(statements));
  return response;
}

async function handle(context: APIContext, next: MiddlewareNext): Promise<Response> {
  const { request, url, locals } = context;
  if (!isReady()) {
    return jsonError(503, 'The service is starting. Please try again in a moment.', undefined, { 'Retry-After': '2' });
  }
  try {
    const found = readSessionToken(request, context.cookies);
    if (!SAFE_METHODS.has(request.method) && !found?.viaBearer && isCrossSite(request, Boolean(found))) {
      log('warn', 'refused cross-site request', {
        requestId: locals.requestId,
        path: url.pathname,
        origin: request.headers.get('origin'),
      });
      return jsonError(403, 'Cross-site requests are not allowed');
    }
    if (found) {
      const result = await validateSessionToken(found.token);
      if (result) {
        locals.user = result.user;
        locals.session = result.session;
        if (result.renewed && !found.viaBearer) setSessionCookie(context.cookies, found.token, result.session);
      } else if (!found.viaBearer) {
        deleteSessionCookie(context.cookies);
      }
    }
    const refused = staffGate(request, url, locals.user, locals.session);
    if (refused) return refused;
    const response = await compressPage(request, withReasonPhrase(await next()));
    return mustNotStore(Boolean(locals.user), url.pathname) ? withNoStore(response) : response;
  } catch (error) {
    if (error instanceof HttpError) return error.toResponse();
    if (isDatabaseUnavailable(error)) {
      log('warn', 'database unavailable', { requestId: locals.requestId, path: url.pathname, ...describeError(error) });
      return failure(503, request, url.pathname);
    }
    log('error', 'unhandled error', { requestId: locals.requestId, path: url.pathname, ...describeError(error) });
    return failure(500, request, url.pathname);
  }
}
