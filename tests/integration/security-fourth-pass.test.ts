// The fourth security review (issue 50) over HTTP, on PGlite and on PostgreSQL: guessing that
// stops (device cookies, the daily cap), a squatted sign-up reset to the owner, and the passwords
// list. Each finding as an attacker, a learner and the owner would meet it.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { linkIn } from '../helpers/resend-double.mjs';
import { serverWithMail } from '../helpers/app.ts';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

type Mail = { to: string[]; subject: string; text: string; html: string };
type Draft = { id: number; revision: number; content: Record<string, unknown> };
const ADMIN = 'fourth.admin@example.com';
const AUTHOR = 'fourth.author@example.com';
const OTHER_AUTHOR = 'fourth.other.author@example.com';

/** The save body the studio editor sends for a draft (tests/integration/studio.test.ts). */
const save = (d: Draft, title: string) => {
  const { sources, reviewedAt, ...lesson }: Record<string, unknown> = { ...d.content, title };
  return { revision: d.revision, lesson, sources, reviewedAt };
};

/** A request with any method, over a raw socket (fetch refuses TRACE and CONNECT). */
async function rawRequest(url: string, method: string): Promise<string> {
  const { hostname, port } = new URL(url);
  const conn = await Deno.connect({ hostname, port: Number(port) });
  try {
    const target = method === 'CONNECT' ? `${hostname}:${port}` : '/dashboard';
    await conn.write(
      new TextEncoder().encode(`${method} ${target} HTTP/1.1\r\nHost: ${hostname}\r\nConnection: close\r\n\r\n`),
    );
    const chunks: Uint8Array[] = [];
    const buffer = new Uint8Array(16_384);
    for (;;) {
      const n = await conn.read(buffer);
      if (n === null) break;
      chunks.push(buffer.slice(0, n));
    }
    return new TextDecoder().decode(new Uint8Array(chunks.flatMap((c) => [...c])));
  } finally {
    conn.close();
  }
}

for (const kind of databaseKinds()) {
  describe(`security, fourth pass (${kind})`, () => {
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
    const env: Record<string, string> = {
      LOG_LEVEL: 'info',
      ADMIN_EMAILS: ADMIN,
      AUTHOR_EMAILS: `${AUTHOR},${OTHER_AUTHOR},${ADMIN}`,
    };
    const app = serverWithMail(env);

    beforeAll(async () => {
      if (kind === 'postgres') {
        database = await createDatabaseOnServer();
        env.DATABASE_URL = database.url;
      }
      await app.start();
    });
    afterAll(async () => {
      await app.stop();
      await database?.drop();
    });

    const mailTo = (email: string, subject: RegExp) =>
      app.resend.waitFor((m: Mail) => m.to.includes(email) && subject.test(m.subject)) as Promise<Mail>;

    async function learner(email = uniqueEmail('fourth'), firstName = 'Avery') {
      const client = new Client(app.server.url);
      const password = strongPassword();
      assertEquals((await client.post('/api/signup', { email, password, firstName, lastName: 'Learner' })).status, 200);
      const token = linkIn(await mailTo(email, /Confirm/), '/verify-email?token=').searchParams.get('token');
      assertEquals((await client.post('/api/verify-email', { token })).status, 200);
      return { client, email, password };
    }

    const staffAccounts = new Map<string, ReturnType<typeof learner>>();
    /** The author's or admin's account, signed up once per server. */
    const staff = (email: string) => {
      if (!staffAccounts.has(email)) staffAccounts.set(email, learner(email, 'Robin'));
      return staffAccounts.get(email)!;
    };

    /** 21 wrong passwords from three fresh clients: the account is in back-off. */
    async function pushIntoBackOff(email: string) {
      for (let i = 0; i < 21; i++) {
        const client = new Client(app.server.url);
        const r = await client.post('/api/login-email', { email, password: `Wrong-Guess-${i}-x` });
        assert(r.status === 401 || r.status === 429, `guess ${i}: ${r.status}`);
      }
    }

    it('F1: every successful sign-in gives the browser an HttpOnly device cookie', async () => {
      const { email, password } = await learner();
      const browser = new Client(app.server.url);
      const r = await browser.request('/api/login-email', { method: 'POST', json: { email, password } });
      assertEquals(r.status, 200);
      const line = r.headers.getSetCookie().find((c) => c.startsWith('device='));
      assert(line, 'a device cookie is set by POST /api/login-email');
      assertMatch(line, /HttpOnly/i);
      assertMatch(line, /SameSite=Lax/i);
      assertMatch(line, /Max-Age=\d{7,}/i);
      // The same browser keeps its token at the next sign-in.
      const token = browser.cookies.get('device');
      assertEquals((await browser.post('/api/login-email', { email, password })).status, 200);
      assertEquals(browser.cookies.get('device'), token);
    });

    it("F1: during back-off a new browser gets the same 429 for the right and a wrong password; the owner's browser signs in", async () => {
      const { client: ownersBrowser, email, password } = await learner();
      await pushIntoBackOff(email);
      const right = await new Client(app.server.url).post('/api/login-email', { email, password });
      const wrong = await new Client(app.server.url).post('/api/login-email', { email, password: 'Not-It-At-All-1' });
      assertEquals(right.status, 429, 'the right password from a new browser is not checked');
      assertEquals(wrong.status, 429);
      assertEquals(right.body, wrong.body, 'nothing tells a right guess from a wrong one');
      assertEquals(right.headers.get('retry-after'), wrong.headers.get('retry-after'));
      assertMatch(right.body.message as string, /wait .* or use "Forgot password"/);
      assert(!right.headers.getSetCookie().some((c) => /session=/.test(c)), 'no session for the right guess');
      // The browser that signed in before (its device cookie) is checked as usual.
      assertEquals((await ownersBrowser.post('/api/login-email', { email, password })).status, 200);
      // A device cookie of another account does not count for this one.
      const other = await learner();
      const stranger = other.client;
      assertEquals((await stranger.post('/api/login-email', { email, password })).status, 429);
    });

    it('F1: an unknown address in back-off answers exactly like a known one', async () => {
      const { email } = await learner();
      const unknown = uniqueEmail('nobody');
      await pushIntoBackOff(email);
      await pushIntoBackOff(unknown);
      const a = await new Client(app.server.url).post('/api/login-email', { email, password: 'Guess-Again-123' });
      const b = await new Client(app.server.url).post('/api/login-email', {
        email: unknown,
        password: 'Guess-Again-123',
      });
      // The same answer but for the minutes left, which depend only on when each window began.
      const shape = (m: unknown) => String(m).replace(/\d+/g, 'N');
      assertEquals([a.status, shape(a.body.message)], [b.status, shape(b.body.message)]);
    });

    it("F1: after 100 wrong passwords in a day no password is checked, even from the owner's browser, until a reset clears the count", async () => {
      const { email, password } = await learner();
      // Eleven browsers that signed in: each may then try ten wrong passwords under its own limit.
      const browsers: Client[] = [];
      for (let i = 0; i < 11; i++) {
        const browser = new Client(app.server.url);
        assertEquals((await browser.post('/api/login-email', { email, password })).status, 200);
        browsers.push(browser);
      }
      let failures = 0;
      let last = { status: 0, body: {} as Record<string, unknown> };
      for (const browser of browsers) {
        for (let i = 0; i < 10 && failures < 100; i++, failures++) {
          last = await browser.post('/api/login-email', { email, password: `Wrong-${failures}-pw` });
        }
      }
      assertEquals(last.status, 429);
      assertMatch(last.body.message as string, /today/);
      const owner = browsers[10];
      const refused = await owner.post('/api/login-email', { email, password });
      assertEquals(refused.status, 429, 'the 101st attempt is not checked, the right password neither');
      assertMatch(refused.body.message as string, /Forgot password/);
      assert(Number(refused.headers.get('retry-after')) > 60 * 60, 'the cap lasts the day');
      // A password reset clears the count: the new password signs in, from a new browser too.
      assertEquals((await new Client(app.server.url).post('/api/forgot-password', { email })).status, 200);
      const token = linkIn(await mailTo(email, /Reset/), '/reset-password?token=').searchParams.get('token');
      const fresh = strongPassword();
      assertEquals(
        (await new Client(app.server.url).post('/api/reset-password', { token, password: fresh })).status,
        200,
      );
      assertEquals((await new Client(app.server.url).post('/api/login-email', { email, password: fresh })).status, 200);
    });

    it("F3: every signed-in answer and the sign-in answer are no-store; a visitor's public page stays cacheable", async () => {
      const { client, email, password } = await staff(ADMIN);
      const signIn = await new Client(app.server.url).post('/api/login-email', { email, password });
      assertMatch(signIn.headers.get('cache-control') ?? '', /no-store/);
      const lessons = await client.get<Array<{ id: number }>>('/api/lessons/saving/beginner');
      for (
        const path of [
          '/dashboard',
          '/account',
          '/learn',
          '/progress',
          '/api/auth/user',
          '/studio/stats',
          `/api/studio/stats/${lessons.body[0].id}`,
          '/api/studio/stats',
        ]
      ) {
        const r = await client.get(path);
        assert(r.status < 500, `${path}: ${r.status}`);
        assertMatch(r.headers.get('cache-control') ?? '', /no-store/, path);
      }
      const visitor = await new Client(app.server.url).get('/learn');
      assert(!/no-store/.test(visitor.headers.get('cache-control') ?? ''), 'the public library is cacheable');
    });

    it('F7: TRACE, CONNECT and unknown methods get 405 with the security headers, before the framework, and no stack', async () => {
      // A token the HTTP parser does not know as a method may be refused by the parser itself: a 4xx either way.
      for (const method of ['FOO', 'PURGE']) {
        assertMatch(await rawRequest(app.server.url, method), /^HTTP\/1\.1 4\d\d/, method);
      }
      for (const method of ['TRACE', 'CONNECT', 'PROPFIND']) {
        const answer = await rawRequest(app.server.url, method);
        assertMatch(answer, /^HTTP\/1\.1 405/, method);
        assertMatch(answer, /x-content-type-options: nosniff/i, method);
        assertMatch(answer, /allow: GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS/i, method);
      }
      for (const method of ['GET', 'HEAD', 'OPTIONS']) {
        const r = await fetch(`${app.server.url}/learn`, { method });
        await r.body?.cancel();
        assert(r.status !== 405 && r.status < 500, `${method}: ${r.status}`);
      }
      assert(!/\n\s+at .*entry\.mjs/.test(app.server.logs()), 'no raw stack in the log');
    });

    it('F8: /learn?q= is limited per client (30 searches in 5 minutes) with a friendly page; browsing stays open', async () => {
      const visitor = new Client(app.server.url);
      for (let i = 0; i < 30; i++) assertEquals((await visitor.get(`/learn?q=budget${i}`)).status, 200, `search ${i}`);
      const limited = await visitor.get('/learn?q=budget');
      assertEquals(limited.status, 429);
      assert(Number(limited.headers.get('retry-after')) > 0);
      assertMatch(limited.text, /You have searched a lot in a short time\. Please wait \d+ minute\(s\)/);
      assertMatch(limited.text, /role="alert"/);
      assertMatch(limited.headers.get('cache-control') ?? '', /no-store/);
      assertEquals((await visitor.get('/learn')).status, 200, 'the library without a search is not limited');
      assertEquals((await new Client(app.server.url).get('/learn?q=budget')).status, 200, 'another client searches');
    });

    it('drafts: an author edits, rebases and discards only their own drafts, until an admin hands one over', async () => {
      const author = (await staff(AUTHOR)).client;
      const other = (await staff(OTHER_AUTHOR)).client;
      const admin = (await staff(ADMIN)).client;
      const lessons = await author.get<Array<{ id: number }>>('/api/lessons/saving/beginner');
      const opened = await author.post<Draft>(`/api/studio/lessons/${lessons.body[1].id}/draft`);
      assertEquals(opened.status, 200, opened.text);
      const draft = opened.body;
      const put = (client: Client, d: Draft, title: string) =>
        client.request<Draft>(`/api/studio/drafts/${d.id}`, { method: 'PUT', json: save(d, title) });
      const refused = await put(other, draft, 'Overwritten by another author');
      assertEquals(refused.status, 403);
      assertMatch(refused.text, /belongs to another author/);
      assertEquals((await other.request(`/api/studio/drafts/${draft.id}`, { method: 'DELETE' })).status, 403);
      assertEquals((await other.post(`/api/studio/drafts/${draft.id}/rebase`)).status, 403);
      assertEquals((await other.post(`/api/studio/lessons/${lessons.body[1].id}/versions/1/restore`)).status, 403);
      assertEquals((await other.post(`/api/studio/drafts/${draft.id}/owner`, { email: OTHER_AUTHOR })).status, 403);
      assertEquals((await author.get<Draft>(`/api/studio/drafts/${draft.id}`)).body.content.title, draft.content.title);
      const mine = await put(author, draft, 'Edited by its author');
      assertEquals(mine.status, 200, mine.text);
      // An admin hands it over: now only the new owner (and admins) change it.
      assertEquals(
        (await admin.post(`/api/studio/drafts/${draft.id}/owner`, { email: 'nobody@example.com' })).status,
        400,
      );
      assertEquals((await admin.post(`/api/studio/drafts/${draft.id}/owner`, { email: OTHER_AUTHOR })).status, 200);
      assertEquals((await put(author, mine.body, 'The first author again')).status, 403);
      const handed = await put(other, mine.body, 'Edited by the new owner');
      assertEquals(handed.status, 200, handed.text);
      assertEquals((await other.request(`/api/studio/drafts/${draft.id}`, { method: 'DELETE' })).status, 200);
      const events = app.server.logs().split('\n').filter((l) => l.includes('"draft handed over"'));
      assertEquals(events.length, 1);
    });

    it('F9: sign-outs, password changes and limit hits are security events in the log', async () => {
      const { client, email, password } = await learner();
      const fresh = strongPassword();
      assertEquals(
        (await client.post('/api/auth/set-password', { password: fresh, currentPassword: password })).status,
        200,
      );
      assertEquals((await client.post('/api/auth/logout')).status, 200);
      const flooder = new Client(app.server.url);
      for (let i = 0; i < 11; i++) await flooder.post('/api/login-email', { email, password: `Flood-${i}-wrong` });
      const events = app.server.logs().split('\n').filter((l) => l.includes('"security":true')).map((l) =>
        JSON.parse(l)
      );
      for (const event of ['password changed', 'signed out', 'rate limit hit', 'email verified']) {
        assert(events.some((e) => e.event === event), `${event} is logged`);
      }
      assert(!app.server.logs().includes(fresh), 'never a password');
    });

    it('F9: sign-in successes and failures are logged with the account, never the password or a token', async () => {
      const { email, password } = await learner();
      const wrong = 'Logged-Never-777';
      await new Client(app.server.url).post('/api/login-email', { email, password: wrong });
      const ok = await new Client(app.server.url).post('/api/login-email', { email, password });
      const logs = app.server.logs();
      const events = logs.split('\n').filter((l) => l.includes('"security":true')).map((l) => JSON.parse(l));
      assert(events.some((e) => e.event === 'sign-in failed' && e.account === email), 'the failure names the account');
      assert(events.some((e) => e.event === 'sign-in succeeded' && e.account === email));
      for (const secret of [password, wrong, String(ok.body.authToken)]) {
        assert(!logs.includes(secret), 'no secret logged');
      }
    });
  });
}
