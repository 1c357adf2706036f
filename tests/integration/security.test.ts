// docs/DESIGN.md's reliability and security rules that the journey tests do not reach, over HTTP
// against the real server. The server runs on a fresh PostgreSQL database when DATABASE_URL
// is set (where requests really run in parallel), so a test can also move session timestamps.
import postgres from 'postgres';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { outboxCaughtUp } from '../helpers/learners.ts';
import { createDatabaseOnServer, postgresUrl } from '../helpers/database.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { waitFor } from '../helpers/wait.ts';

const PUBLIC_URL = 'https://learn.example.com';
let resend: Awaited<ReturnType<typeof startResendDouble>>;
let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
let sql: ReturnType<typeof postgres> | undefined;
let server: Awaited<ReturnType<typeof startServer>>;

async function signUpAndVerify(email = uniqueEmail(), password = strongPassword()) {
  const client = new Client(server.url);
  assertEquals(
    (await client.post('/api/signup', {
      email,
      password,
      firstName: 'Sec',
      lastName: 'Test',
      phoneNumber: '+15551234567',
    })).status,
    200,
  );
  const mail = await resend.waitFor((m: { to: string[]; subject: string }) =>
    m.to.includes(email) && /Confirm/.test(m.subject)
  );
  const link = linkIn(mail, '/verify-email?token=');
  assertEquals((await client.post('/api/verify-email', { token: link.searchParams.get('token') })).status, 200);
  return { client, email, password, link };
}

/**
 * A server of its own, on a fresh database, for a test that uses up a per-client limit: every
 * client here is 127.0.0.1, so the limit would otherwise hold for the tests after it.
 */
async function withOwnServer(fn: (url: string) => Promise<void>) {
  const own = postgresUrl ? await createDatabaseOnServer() : undefined;
  const ownServer = await startServer({
    env: { RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: resend.url, PUBLIC_URL, DATABASE_URL: own?.url },
  });
  Client.origins.set(ownServer.url, PUBLIC_URL);
  try {
    await fn(ownServer.url);
  } finally {
    await ownServer.stop();
    await own?.drop();
  }
}

describe('security rules over HTTP', () => {
  beforeAll(async () => {
    resend = await startResendDouble();
    database = postgresUrl ? await createDatabaseOnServer() : undefined;
    sql = database ? postgres(database.url, { max: 1, onnotice: () => {} }) : undefined;
    // No TRUST_PROXY: X-Forwarded-For must be ignored, every client here is 127.0.0.1.
    server = await startServer({
      env: { RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: resend.url, PUBLIC_URL, DATABASE_URL: database?.url },
    });
    Client.origins.set(server.url, PUBLIC_URL);
  });
  afterAll(async () => {
    await server?.stop();
    await resend?.close();
    await sql?.end();
    await database?.drop();
  });

  it('e-mail links use PUBLIC_URL', async () => {
    const { link } = await signUpAndVerify();
    assertEquals(link.origin, PUBLIC_URL);
  });

  it('without TRUST_PROXY a forged X-Forwarded-For does not escape the login limit', async () => {
    await withOwnServer(async (url) => {
      // A new forged address and a new account on every try: only the socket's address is shared.
      for (let i = 1; i <= 10; i++) {
        const attacker = new Client(url, `203.0.113.${i}`);
        assertEquals(
          (await attacker.post('/api/login-email', { email: uniqueEmail('forged'), password: `nope-${i}-password` }))
            .status,
          401,
        );
      }
      const eleventh = await new Client(url, '203.0.113.99').post('/api/login-email', {
        email: uniqueEmail('forged'),
        password: 'nope-11-password',
      });
      assertEquals(eleventh.status, 429);
    });
  });

  it('an unknown e-mail and a wrong password get the same 401 answer', async () => {
    const { email } = await signUpAndVerify();
    const wrong = await new Client(server.url).post('/api/login-email', { email, password: 'Not-The-Password-1' });
    const unknown = await new Client(server.url).post('/api/login-email', {
      email: uniqueEmail('nobody'),
      password: 'Not-The-Password-1',
    });
    assertEquals([wrong.status, unknown.status], [401, 401]);
    assertEquals(wrong.text, unknown.text);
    assertEquals(wrong.body.message, 'Invalid email or password');
  });

  it('common passwords are refused at sign-up and at reset; stored hashes are argon2id m=19456 t=2 p=1', async () => {
    const signup = await new Client(server.url).post('/api/signup', {
      email: uniqueEmail(),
      password: 'password123',
      firstName: 'A',
      lastName: 'B',
      phoneNumber: '+15551234567',
    });
    assertEquals(signup.status, 400);
    assertMatch(String((signup.body.errors as Record<string, string>).password), /common/i);
    const { email } = await signUpAndVerify();
    await new Client(server.url).post('/api/forgot-password', { email });
    const mail = await resend.waitFor((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Reset your password'
    );
    const token = linkIn(mail, '/reset-password?token=').searchParams.get('token');
    const reset = await new Client(server.url).post('/api/reset-password', { token, password: 'qwertyuiop' });
    assertEquals(reset.status, 400);
    assertMatch(String((reset.body.errors as Record<string, string>).password), /common/i);
    if (sql) {
      const [row] = await sql`select password_hash from users where email = ${email}`;
      assertMatch(row.password_hash as string, /^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    }
  });

  it('the 21st sign-up from one client within an hour gets 429 with Retry-After', async () => {
    await withOwnServer(async (url) => {
      const client = new Client(url);
      for (let i = 1; i <= 20; i++) {
        const r = await client.post('/api/signup', {
          email: uniqueEmail('burst'),
          password: strongPassword(),
          firstName: 'B',
          lastName: 'U',
          phoneNumber: '+15551234567',
        });
        assertEquals(r.status, 200, `sign-up ${i}`);
      }
      const over = await client.post('/api/signup', {
        email: uniqueEmail('burst'),
        password: strongPassword(),
        firstName: 'B',
        lastName: 'U',
        phoneNumber: '+15551234567',
      });
      assertEquals(over.status, 429);
      assert(Number(over.headers.get('retry-after')) > 0);
    });
  });

  it('a second e-mail to one address within a minute is not sent, and the answer does not change', async () => {
    const { email } = await signUpAndVerify();
    const client = new Client(server.url);
    const first = await client.post('/api/forgot-password', { email });
    const second = await client.post('/api/forgot-password', { email });
    assertEquals([first.status, second.status], [200, 200]);
    assertEquals(first.text, second.text);
    await resend.waitFor((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Reset your password'
    );
    // Nothing more is sent: every e-mail due before the barrier has been sent by the time it is.
    await outboxCaughtUp(server.url, resend);
    const resets = resend.delivered.filter((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Reset your password'
    );
    assertEquals(resets.length, 1);
  });

  it('logout is POST only', async () => {
    const { client } = await signUpAndVerify();
    const get = await client.get('/api/auth/logout');
    assert(get.status === 404 || get.status === 405, `GET logout answered ${get.status}`);
    assertEquals((await client.get('/api/auth/user')).status, 200, 'still signed in');
    assertEquals((await client.post('/api/auth/logout', {})).status, 200);
    assertEquals((await client.get('/api/auth/user')).status, 401);
  });

  it('a body over 64 KiB gets 413, with or without Content-Length', async () => {
    const big = JSON.stringify({ email: 'a@example.com', password: 'x'.repeat(70 * 1024) });
    const declared = await fetch(`${server.url}/api/login-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: big,
    });
    assertEquals(declared.status, 413);
    await declared.body?.cancel();
    const chunks = new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = new TextEncoder().encode(big);
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.slice(i, i + 8192));
        controller.close();
      },
    });
    const chunked = await fetch(`${server.url}/api/login-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: PUBLIC_URL },
      body: chunks,
    });
    assertEquals(chunked.status, 413);
    assertEquals((await chunked.json()).message, 'Request body is too large');
  });

  it('changing an existing password needs the current one: missing or wrong gets 403 and changes nothing', async () => {
    const { client, email, password } = await signUpAndVerify();
    const missing = await client.post('/api/auth/set-password', { password: 'Later-Pass-2026' });
    assertEquals(missing.status, 403);
    assertMatch((missing.body.errors as Record<string, string>).currentPassword, /current password/);
    const wrong = await client.post('/api/auth/set-password', {
      currentPassword: 'Not-My-Pass-2026',
      password: 'Later-Pass-2026',
    });
    assertEquals(wrong.status, 403);
    assertEquals(
      (await new Client(server.url).post('/api/login-email', { email, password })).status,
      200,
      'the old password still signs in',
    );
    assertEquals(
      (await client.post('/api/auth/set-password', { currentPassword: password, password: 'Later-Pass-2026' })).status,
      200,
    );
    assertEquals(
      (await new Client(server.url).post('/api/login-email', { email, password: 'Later-Pass-2026' })).status,
      200,
    );
  });

  it('a session used after an hour is renewed, and the cookie is sent again with the new expiry', {
    ignore: !postgresUrl,
  }, async () => {
    const { client } = await signUpAndVerify();
    const me = (await client.get('/api/auth/user')).body;
    const quiet = await fetch(`${server.url}/api/auth/user`, {
      headers: { cookie: `session=${client.cookies.get('session')}` },
    });
    assertEquals(quiet.headers.getSetCookie().length, 0, 'no cookie on every request');
    await quiet.body?.cancel();
    await sql!`update sessions set last_used_at = now() - interval '2 hours' where user_id = ${me.id as string}`;
    const renewed = await fetch(`${server.url}/api/auth/user`, {
      headers: { cookie: `session=${client.cookies.get('session')}` },
    });
    await renewed.body?.cancel();
    const cookie = renewed.headers.getSetCookie().find((c) => c.startsWith('session='));
    assert(cookie, 'the cookie is sent again');
    const expires = new Date(cookie.match(/Expires=([^;]+)/i)![1]).getTime();
    assert(Math.abs(expires - (Date.now() + 30 * 24 * 3600 * 1000)) < 60_000, 'expiry moved to 30 days from now');
    const [row] = await sql!`select last_used_at from sessions where user_id = ${me.id as string}`;
    assert(Date.now() - new Date(row.last_used_at).getTime() < 60_000, 'lastUsedAt was written');
  });

  it('a provider call that hangs is given up after 10 s and the e-mail is sent once the provider answers', async () => {
    resend.setMode('hang');
    const email = uniqueEmail('hang');
    const started = Date.now();
    const signup = await new Client(server.url).post('/api/signup', {
      email,
      password: strongPassword(),
      firstName: 'H',
      lastName: 'G',
      phoneNumber: '+15551234567',
    });
    assertEquals(signup.status, 200);
    assert(Date.now() - started < 5000, 'the request does not wait for the provider');
    const hung = await waitFor(
      () => resend.attempts.find((a: { mode: string; givenUpAt?: number }) => a.mode === 'hang' && a.givenUpAt),
      { timeout: 20_000, message: 'the server to give up the hanging call' },
    );
    const waited = hung.givenUpAt - hung.at;
    assert(waited >= 9_500 && waited < 12_000, `given up after ${waited} ms`);
    resend.setMode('ok');
    await resend.waitFor((m: { to: string[] }) => m.to.includes(email), 45_000);
    assertEquals(resend.delivered.filter((m: { to: string[] }) => m.to.includes(email)).length, 1);
  });

  it('in production: __Host- cookie with Secure, no dev mailbox, and no start without a real e-mail provider', async () => {
    const noProvider = await startServer({ env: { APP_ENV: 'production' } }).then(
      (s) => s.stop().then(() => 'started'),
      (e: Error) => e.message,
    );
    assertMatch(noProvider, /RESEND_API_KEY/);
    const production = await startServer({
      env: {
        APP_ENV: 'production',
        RESEND_API_KEY: 're_test_key',
        RESEND_BASE_URL: resend.url,
        PUBLIC_URL: 'https://learn.example.com',
        TOTP_ENCRYPTION_KEY: btoa('k'.repeat(32)),
      },
    });
    try {
      const email = uniqueEmail('prod');
      const password = strongPassword();
      const client = new Client(production.url);
      // The origin check compares with PUBLIC_URL in production too.
      const signup = await client.post('/api/signup', {
        email,
        password,
        firstName: 'P',
        lastName: 'R',
        phoneNumber: '+15551234567',
      }, { origin: 'https://learn.example.com' });
      assertEquals(signup.status, 200);
      const mail = await resend.waitFor((m: { to: string[]; subject: string }) =>
        m.to.includes(email) && /Confirm/.test(m.subject)
      );
      const token = linkIn(mail, '/verify-email?token=').searchParams.get('token');
      const signupCookie = signup.headers.getSetCookie().find((c) => c.startsWith('__Host-signup='));
      assert(signupCookie, `the sign-up cookie is a __Host- cookie: ${signup.headers.getSetCookie()}`);
      assertMatch(signupCookie, /;\s*Secure/i);
      assertMatch(signupCookie, /;\s*HttpOnly/i);
      const verify = await client.post('/api/verify-email', { token }, { origin: 'https://learn.example.com' });
      assertEquals(verify.status, 200);
      const cookie = verify.headers.getSetCookie().find((c) => c.startsWith('__Host-session='));
      assert(cookie, `a __Host- cookie: ${verify.headers.getSetCookie()}`);
      assertMatch(cookie, /;\s*Secure/i);
      assertMatch(cookie, /;\s*HttpOnly/i);
      assertMatch(cookie, /;\s*Path=\//i);
      assertMatch(cookie, /;\s*SameSite=Lax/i);
      const mailbox = await fetch(`${production.url}/dev/mailbox`);
      assertEquals(mailbox.status, 404);
      await mailbox.body?.cancel();
      // HSTS on every answer in production: API, pages, static files and the landing page.
      for (const path of ['/api/lessons/counts', '/login', '/robots.txt', '/', '/no-such-page']) {
        const res = await fetch(production.url + path);
        await res.body?.cancel();
        assertEquals(res.headers.get('strict-transport-security'), 'max-age=31536000; includeSubDomains', path);
      }
    } finally {
      await production.stop();
    }
  });
});
