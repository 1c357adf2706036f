// The session check the server wrapper starts before Astro (early-check.ts): the token it reads
// from the raw headers is the one the middleware reads through Astro (so the check is used, not
// made twice), and the registry hands the bundle's check to the wrapper.
import { EventEmitter } from 'node:events';
import type { IncomingMessage } from 'node:http';
import { createRequestFromNodeRequest } from 'astro/app/node';
// Not among astro's package exports: the middleware's cookies are this class.
import { AstroCookies } from '../../node_modules/astro/dist/core/cookies/index.js';
import { assertEquals } from '../helpers/assert.ts';
import { waitFor } from '../helpers/wait.ts';
import { rawSessionToken, registerSessionCheck, startSessionCheck } from '../../src/lib/server/auth/early-check.ts';
import { readSessionToken } from '../../src/lib/server/auth/session.ts';

const TOKEN = 'abcdefghijklmnop.qrstuvwxyz234567';

/** What the middleware reads from these node headers, through the Request Astro builds. */
function middlewareToken(headers: Record<string, string>): string | undefined {
  const req = Object.assign(new EventEmitter(), {
    method: 'GET',
    url: '/dashboard',
    headers: { host: 'localhost', ...headers },
    socket: { remoteAddress: '127.0.0.1', encrypted: false },
  }) as unknown as IncomingMessage;
  const request = createRequestFromNodeRequest(req, { bodySizeLimit: 1024 });
  return readSessionToken(request, new AstroCookies(request, console))?.token;
}

const cases: Array<[string, Record<string, string>]> = [
  ['the session cookie alone', { cookie: `session=${TOKEN}` }],
  ['among other cookies', { cookie: `theme=dark; session=${TOKEN}; lang=en` }],
  ['without spaces', { cookie: `a=1;session=${TOKEN};b=2` }],
  ['a cookie whose name ends in session', { cookie: `xsession=other.token; session=${TOKEN}` }],
  ['twice (the first counts)', { cookie: `session=${TOKEN}; session=second.token` }],
  ['empty', { cookie: 'session=' }],
  ['no session cookie', { cookie: 'theme=dark' }],
  ['no headers', {}],
  ['a bearer token', { authorization: `Bearer ${TOKEN}` }],
  ['a bearer token in other case, before a cookie', { authorization: `bEaReR ${TOKEN}`, cookie: 'session=cookie.token' }],
  ['an empty bearer token beside a cookie', { authorization: 'Bearer   ', cookie: `session=${TOKEN}` }],
  ['another scheme beside a cookie (the cookie counts)', { authorization: 'Basic dXNlcjpwYXNz', cookie: `session=${TOKEN}` }],
];

for (const [name, headers] of cases) {
  Deno.test(`the wrapper reads the token the middleware reads: ${name}`, () => {
    assertEquals(rawSessionToken(headers.authorization, headers.cookie, 'session'), middlewareToken(headers));
  });
}

Deno.test('the production cookie name is read, the development one is not', () => {
  assertEquals(rawSessionToken(undefined, `session=a.b; __Host-session=${TOKEN}`, '__Host-session'), TOKEN);
  assertEquals(rawSessionToken(undefined, 'session=a.b', '__Host-session'), undefined);
});

Deno.test('the registered check is started with the token, and its failure is left to the awaiting code', async () => {
  const seen: string[] = [];
  registerSessionCheck(async (token) => {
    seen.push(token);
    if (token === 'bad.token') throw new Error('database unavailable');
    return { user: token };
  });
  const ok = startSessionCheck<{ user: string }>(TOKEN);
  assertEquals(ok?.token, TOKEN);
  assertEquals(await ok?.result, { user: TOKEN });
  // Never awaited (a prerendered page): not reported as unhandled. A control rejection, left
  // unhandled on purpose, shows when the runtime has looked for unhandled ones.
  const reported: unknown[] = [];
  const listener = (event: PromiseRejectionEvent) => {
    reported.push(event.reason);
    event.preventDefault();
  };
  globalThis.addEventListener('unhandledrejection', listener);
  const control = new Error('control');
  let failed;
  try {
    failed = startSessionCheck('bad.token');
    void Promise.reject(control);
    await waitFor(() => reported.includes(control), { timeout: 5000, interval: 5, message: 'the control rejection is reported' });
  } finally {
    globalThis.removeEventListener('unhandledrejection', listener);
  }
  assertEquals(reported, [control], 'only the control is unhandled');
  // Awaited (the middleware): it still rejects there, where a database outage becomes a 503.
  const error = await failed?.result.then(() => null, (e: Error) => e.message);
  assertEquals([seen, error], [[TOKEN, 'bad.token'], 'database unavailable']);
});
