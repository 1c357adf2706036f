import http from 'node:http';
import zlib from 'node:zlib';
import postgres from 'postgres';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { createDatabaseOnServer, postgresUrl } from '../helpers/database.ts';
import { openDatabase } from '../../db/client.ts';
import { sessions, users } from '../../db/schema.ts';
import { hashToken } from '../../src/lib/server/platform/tokens.ts';
import { it } from '../helpers/bdd.ts';
import { waitFor } from '../helpers/wait.ts';

it('the server answers with security headers everywhere, a 404 landing page and JSON limits', async () => {
  const server = await startServer();
  try {
    for (const path of ['/', '/favicon.svg', '/healthz', '/no-such-page', '/robots.txt']) {
      const res = await fetch(server.url + path);
      await res.arrayBuffer();
      assertEquals(res.headers.get('x-content-type-options'), 'nosniff', path);
      assertMatch(res.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
      assert(res.headers.get('referrer-policy'), path);
      assert(res.headers.get('x-request-id'), path);
      assertEquals(res.headers.get('access-control-allow-origin'), null, path);
    }
    const landing = await fetch(server.url + '/');
    assertMatch(landing.headers.get('content-security-policy') ?? '', /script-src 'self' 'sha256-/);
    await landing.arrayBuffer();

    const missing = await fetch(server.url + '/no-such-page');
    assertEquals(missing.status, 404);
    assertMatch(await missing.text(), /Get Your Wealth Snapshot/);

    const health = await fetch(server.url + '/healthz');
    assertEquals(await health.json(), { status: 'ok', database: 'up' });

    const big = await fetch(server.url + '/api/anything', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(70 * 1024) }),
    });
    assertEquals(big.status, 413);
    assertEquals((await big.json()).message, 'Request body is too large');
  } finally {
    await server.stop();
  }
});

it('postgres: the server starts before its database exists, answers 503, and is ready once it does', {
  ignore: !postgresUrl,
}, async () => {
  const name = `late_${crypto.randomUUID().replaceAll('-', '').slice(0, 12)}`;
  const url = new URL(postgresUrl!);
  url.pathname = `/${name}`;
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  // Ready means serving its static files; the database is not there yet.
  const server = await startServer({ env: { DATABASE_URL: url.href }, readyPath: '/favicon.svg' });
  try {
    const early = await fetch(`${server.url}/api/lessons/counts`);
    assertEquals(early.status, 503);
    assertMatch((await early.json()).message, /try again/i);
    await admin.unsafe(`create database "${name}"`);
    await waitFor(async () => {
      const res = await fetch(`${server.url}/healthz`);
      await res.body?.cancel();
      return res.status === 200;
    }, { timeout: 20_000, interval: 200, message: 'ready once the database exists, without a restart' });
    const counts = await fetch(`${server.url}/api/lessons/counts`, { headers: { authorization: 'Bearer no.session' } });
    assertEquals(counts.status, 401, 'serving real answers (migrated, curriculum loaded)');
    await counts.body?.cancel();
  } finally {
    await server.stop();
    await admin.unsafe(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
});

it(
  'postgres: an unexpected error answers a generic 500 without details, and logs them',
  { ignore: !postgresUrl },
  async () => {
    const database = await createDatabaseOnServer();
    const server = await startServer({ env: { DATABASE_URL: database.url, LOG_LEVEL: 'info' } });
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const session =
        await sql`insert into users (email, first_name, last_name) values ('e@example.com', 'E', 'R') returning id`;
      await sql`insert into sessions (id, secret_hash, user_id) values ('broken', ${hashToken('secret')}, ${
        session[0].id
      })`;
      // Schema drift an operator might cause: a table the learner's state needs is gone.
      await sql`drop table learner_figures cascade`;
      const api = await fetch(`${server.url}/api/lessons/counts`, {
        headers: { authorization: 'Bearer broken.secret' },
      });
      assertEquals(api.status, 500);
      const text = await api.text();
      assertEquals(JSON.parse(text), { message: 'Something went wrong on our side. Please try again.' });
      const page = await fetch(`${server.url}/lessons`, { headers: { cookie: 'session=broken.secret' } });
      assertEquals(page.status, 500);
      const html = await page.text();
      assertMatch(html, /Something went wrong/);
      for (const leak of [text, html]) {
        assertEquals(
          /learner_figures|relation|stack|\bat \S+:\d+/.test(leak),
          false,
          leak.slice(0, 200),
        );
      }
      assertMatch(server.logs(), /"msg":"unhandled error".*learner_figures/);
    } finally {
      await sql.end();
      await server.stop();
      await database.drop();
    }
  },
);

it(
  'postgres: a signed-in GET, checked before the page runs, sees a change and a sign-out made on another server just before it',
  { ignore: !postgresUrl },
  async () => {
    const database = await createDatabaseOnServer();
    const [a, b] = [
      await startServer({ env: { DATABASE_URL: database.url } }),
      await startServer({ env: { DATABASE_URL: database.url } }),
    ];
    const sql = postgres(database.url, { max: 1, onnotice: () => {} });
    try {
      const [user] =
        await sql`insert into users (email, first_name, last_name, email_verified_at) values ('two@example.com', 'Before', 'R', now()) returning id`;
      await sql`insert into sessions (id, secret_hash, user_id) values ('early', ${hashToken('secret')}, ${user.id})`;
      const byCookie = { cookie: 'session=early.secret' };
      const byBearer = { authorization: 'Bearer early.secret' };
      const me = async (headers: Record<string, string>) => {
        const res = await fetch(`${b.url}/api/auth/user`, { headers });
        if (res.status === 200) return (await res.json()).firstName;
        await res.body?.cancel();
        return res.status;
      };
      // A burst on one session (the lookups it shares), then each change, then at once a request.
      const burst = await Promise.all(Array.from({ length: 30 }, (_, i) => me(i % 2 ? byCookie : byBearer)));
      assertEquals(new Set(burst), new Set(['Before']));
      await sql`update users set first_name = 'After' where id = ${user.id}`;
      assertEquals([await me(byCookie), await me(byBearer)], ['After', 'After']);
      const logout = await fetch(`${a.url}/api/auth/logout`, {
        method: 'POST',
        headers: { ...byCookie, 'sec-fetch-site': 'same-origin' },
      });
      assertEquals(logout.status < 400, true, `logout answered ${logout.status}`);
      await logout.body?.cancel();
      assertEquals([await me(byCookie), await me(byBearer)], [401, 401]);
      const page = await fetch(`${b.url}/dashboard`, { headers: byCookie, redirect: 'manual' });
      await page.body?.cancel();
      assertEquals(
        [page.status, page.headers.get('location')],
        [302, '/?next=%2Fdashboard'],
        'signed out: sent to sign in',
      );
    } finally {
      await sql.end();
      await Promise.all([a.stop(), b.stop()]);
      await database.drop();
    }
  },
);

const outsideAddress = Deno.networkInterfaces().find((i) => i.family === 'IPv4' && !i.address.startsWith('127.'))
  ?.address;

it('the dev mailbox answers this machine only, never another address', { ignore: !outsideAddress }, async () => {
  const server = await startServer({ env: { HOST: '0.0.0.0' } });
  try {
    const local = await fetch(`http://127.0.0.1:${server.port}/dev/mailbox`);
    assertEquals(local.status, 200);
    await local.body?.cancel();
    const remote = await fetch(`http://${outsideAddress}:${server.port}/dev/mailbox`);
    assertEquals(remote.status, 404);
    await remote.body?.cancel();
  } finally {
    await server.stop();
  }
});

it('SIGTERM lets a request in flight finish, then stops', async () => {
  const server = await startServer({ env: { LOG_LEVEL: 'info' } });
  const encoder = new TextEncoder();
  let finish!: () => void;
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode('{"email":"slow@example.com",'));
      await new Promise<void>((r) => (finish = r));
      controller.enqueue(encoder.encode('"password":"Slow-Request-1"}'));
      controller.close();
    },
  });
  const answer = fetch(`${server.url}/api/login-email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body,
  });
  // The one fixed wait left: the server counts a request in flight once it has parsed its
  // headers and reports nothing then, so there is no condition to wait for. The log checked
  // below ("inFlight":1) fails rather than passes if this was too short.
  await new Promise((r) => setTimeout(r, 500));
  server.child.kill('SIGTERM');
  await waitFor(() => server.logs().includes('"msg":"shutting down"'), {
    message: 'the server to start shutting down',
  });
  assertEquals(server.child.exitCode, null, 'still running while the request is in flight');
  finish();
  const res = await answer;
  assertEquals(res.status, 401);
  assertEquals((await res.json()).message, 'Invalid email or password');
  await server.exited;
  assertMatch(server.logs(), /"msg":"shutting down","signal":"SIGTERM","inFlight":1/);
  assertMatch(server.logs(), /"msg":"stopped","signal":"SIGTERM"/);
  await server.stop();
});

it('the landing page and assets are served brotli or gzip compressed as the client accepts, the same bytes', async () => {
  const server = await startServer();
  try {
    const html = await (await fetch(`${server.url}/`, { headers: { 'accept-encoding': 'identity' } })).text();
    const script = html.match(/\/_astro\/[\w.-]+\.js/)?.[0];
    assert(script, 'the landing page loads a script');
    for (const path of ['/', script]) {
      const plain = new Uint8Array(
        await (await fetch(server.url + path, { headers: { 'accept-encoding': 'identity' } })).arrayBuffer(),
      );
      for (const [accept, encoding, decoder] of [['br, gzip', 'br', 'brotli'], ['gzip', 'gzip', 'gzip']] as const) {
        // Deno's fetch decodes bodies itself; node:http shows the bytes as sent.
        const res = await new Promise<{ encoding?: string; body: Buffer }>((resolve, reject) => {
          http.get(server.url + path, { headers: { 'accept-encoding': accept } }, (r) => {
            const chunks: Buffer[] = [];
            r.on('data', (c) => chunks.push(c));
            r.on('end', () => resolve({ encoding: r.headers['content-encoding'], body: Buffer.concat(chunks) }));
          }).on('error', reject);
        });
        assertEquals(res.encoding, encoding, `${path} with ${accept}`);
        const decoded = decoder === 'brotli' ? zlib.brotliDecompressSync(res.body) : zlib.gunzipSync(res.body);
        assertEquals(new Uint8Array(decoded), plain, `${path} ${encoding} decodes to the same bytes`);
        assert(res.body.byteLength < plain.byteLength, `${path} ${encoding} is smaller`);
      }
    }
  } finally {
    await server.stop();
  }
});

it('client files answer a matching ETag with 304, HEAD without a body, each with the security headers', async () => {
  const server = await startServer();
  try {
    for (const path of ['/', '/favicon.svg']) {
      const full = await fetch(server.url + path);
      const body = new Uint8Array(await full.arrayBuffer());
      const etag = full.headers.get('etag');
      assert(etag, path);
      assertEquals(full.headers.get('vary'), 'Accept-Encoding', path);

      const again = await fetch(server.url + path, { headers: { 'if-none-match': etag } });
      assertEquals(again.status, 304, path);
      assertEquals((await again.arrayBuffer()).byteLength, 0, path);
      assertEquals(again.headers.get('etag'), etag, path);
      assertEquals(again.headers.get('x-content-type-options'), 'nosniff', path);
      assertMatch(again.headers.get('content-security-policy') ?? '', /frame-ancestors 'none'/, path);
      assert(
        again.headers.get('x-request-id') && again.headers.get('x-request-id') !== full.headers.get('x-request-id'),
        `${path}: a request id each`,
      );

      const head = await fetch(server.url + path, { method: 'HEAD', headers: { 'accept-encoding': 'identity' } });
      assertEquals(head.status, 200, path);
      assertEquals(Number(head.headers.get('content-length')), body.byteLength, path);
      assertEquals((await head.arrayBuffer()).byteLength, 0, path);
    }
    // A prerendered page keeps Astro's hashes for its own scripts beside our directives, in a 304 too.
    const landing = await fetch(server.url + '/');
    await landing.arrayBuffer();
    const cached = await fetch(server.url + '/', {
      headers: { 'if-none-match': landing.headers.get('etag')! },
    });
    await cached.arrayBuffer();
    assertEquals(cached.headers.get('content-security-policy'), landing.headers.get('content-security-policy'));
    assertMatch(
      cached.headers.get('content-security-policy') ?? '',
      /frame-ancestors 'none'.*script-src 'self' 'sha256-/,
    );
    // A body over the limit is refused on a client file's path as anywhere else.
    const big = await fetch(server.url + '/favicon.svg', { method: 'POST', body: 'x'.repeat(70 * 1024) });
    assertEquals(big.status, 413);
    assertEquals(big.headers.get('x-content-type-options'), 'nosniff');
    await big.arrayBuffer();
  } finally {
    await server.stop();
  }
});

it('a second start reuses the data folder, and SIGTERM stops the server cleanly', async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    const first = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    const stopped = await first.stop('SIGTERM');
    // Deno's child_process reports a clean exit as code 0 or null; the log proves the graceful path.
    assert(stopped.code === 0 || stopped.code === null, `exit code ${stopped.code}`);
    assertMatch(first.logs(), /"msg":"stopped","signal":"SIGTERM"/);

    // Write a user and a session straight into the folder, then start again on it.
    const handle = await openDatabase({ dataDir });
    const [user] = await handle.db
      .insert(users)
      .values({ email: 'kept@example.com', firstName: 'Kept', lastName: 'Data' })
      .returning();
    await handle.db.insert(sessions).values({ id: 'persisted', secretHash: hashToken('secret'), userId: user.id });
    await handle.close();

    const second = await startServer({ env: { DATA_DIR: dataDir } });
    const me = await fetch(second.url + '/api/auth/user', { headers: { authorization: 'Bearer persisted.secret' } });
    assertEquals(me.status, 200);
    assertEquals((await me.json()).email, 'kept@example.com');
    await second.stop('SIGTERM');
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});

it('a bad environment value stops the server with a message naming the variable', async () => {
  let message = '';
  try {
    await startServer({ env: { ADMIN_EMAILS: 'not-an-email' }, timeoutMs: 20_000 });
  } catch (error) {
    message = String(error);
  }
  assertMatch(message, /ADMIN_EMAILS/);
});

it('postgres: requests during a database outage get 503 JSON, and the server recovers by itself', {
  ignore: !postgresUrl,
}, async () => {
  const database = await createDatabaseOnServer();
  const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
  const server = await startServer({ env: { DATABASE_URL: database.url } });
  try {
    const before = await fetch(server.url + '/healthz');
    assertEquals(before.status, 200);
    await before.body?.cancel();

    await admin.unsafe(`alter database "${database.name}" allow_connections false`);
    await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${database.name}`;

    const during = await fetch(server.url + '/healthz');
    assertEquals(during.status, 503);
    assertEquals((await during.json()).database, 'down');
    const api = await fetch(server.url + '/api/auth/user', { headers: { authorization: 'Bearer abc.def' } });
    assertEquals(api.status, 503);
    const body = await api.json();
    assertMatch(body.message, /temporarily unavailable/);
    assertEquals(JSON.stringify(body).includes('stack'), false);
    // A signed-in page: its session check, made before the page runs, fails the same way.
    const page = await fetch(server.url + '/dashboard', { headers: { cookie: 'session=abc.def' } });
    assertEquals(page.status, 503);
    assertMatch(await page.text(), /Temporarily unavailable/);

    await admin.unsafe(`alter database "${database.name}" allow_connections true`);
    await waitFor(async () => {
      const res = await fetch(server.url + '/healthz');
      await res.body?.cancel();
      return res.status === 200;
    }, { timeout: 10_000, interval: 200, message: 'healthz is 200 again without a restart' });
  } finally {
    await server.stop();
    await admin.unsafe(`alter database "${database.name}" allow_connections true`).catch(() => {});
    await admin.end();
    await database.drop();
  }
});
