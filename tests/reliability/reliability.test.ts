// `npm run test:reliability`: two instances on one PostgreSQL behind a round-robin proxy, a
// database outage under load, kill -9 during completions, a fuzzer on every endpoint, and an
// e-mail provider outage. Needs DATABASE_URL (the local PostgreSQL).
import postgres from 'postgres';
import { assert, assertEquals } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { createDatabaseOnServer, postgresUrl } from '../helpers/database.ts';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';
import { startProxy } from './proxy.mjs';
import { storedAndRebuiltAggregates } from '../helpers/aggregates.ts';
import { waitFor } from '../helpers/wait.ts';
import { it } from '../helpers/bdd.ts';
import { bodyEndpoints } from '../helpers/routes.ts';
import { REFUSED_NEXT } from '../helpers/redirect-table.ts';

/** This machine's PostgreSQL cluster, when the test may restart it (root, Debian's pg_ctlcluster, a local server). */
function controllableCluster(): string[] | undefined {
  if (!postgresUrl || !['127.0.0.1', 'localhost'].includes(new URL(postgresUrl).hostname) || Deno.uid() !== 0) {
    return undefined;
  }
  try {
    Deno.statSync('/usr/bin/pg_ctlcluster');
    const versions = [...Deno.readDirSync('/etc/postgresql')].map((e) => e.name);
    return versions.length === 1 ? [versions[0], 'main'] : undefined;
  } catch {
    return undefined;
  }
}

async function pgCtl(cluster: string[], action: 'stop' | 'start') {
  const args = ['--skip-systemctl-redirect', ...cluster, action, ...(action === 'stop' ? ['-m', 'fast'] : [])];
  const { code, stderr } = await new Deno.Command('/usr/bin/pg_ctlcluster', { args, stdout: 'null', stderr: 'piped' })
    .output();
  if (code !== 0) throw new Error(`pg_ctlcluster ${action} failed: ${new TextDecoder().decode(stderr)}`);
}

/**
 * Takes the database away for `ms`: restarts the PostgreSQL server itself when this machine's
 * cluster can be controlled (CI's and a developer's), otherwise closes the database to
 * connections and ends its sessions, which clients see much the same way.
 */
async function databaseOutage(admin: postgres.Sql, databaseName: string, ms: number): Promise<'restart' | 'simulated'> {
  const cluster = controllableCluster();
  if (cluster) {
    await pgCtl(cluster, 'stop');
    try {
      await new Promise((r) => setTimeout(r, ms));
    } finally {
      await pgCtl(cluster, 'start');
    }
    await waitFor(async () => (await admin`select 1`).length === 1, {
      timeout: 10_000,
      interval: 100,
      message: 'PostgreSQL to answer again',
    }).catch((error) => console.log(`${error}`)); // the test then sees whether the app recovered
    return 'restart';
  }
  await admin.unsafe(`alter database "${databaseName}" allow_connections false`);
  await admin`select pg_terminate_backend(pid) from pg_stat_activity where datname = ${databaseName}`;
  await new Promise((r) => setTimeout(r, ms));
  await admin.unsafe(`alter database "${databaseName}" allow_connections true`);
  return 'simulated';
}

/** Waits until no e-mail waits in the outbox: each row is sent (or given up), none is in flight. */
async function outboxDrained(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await waitFor(
      async () => (await sql`select count(*)::int as n from email_outbox where status = 'pending'`)[0].n === 0,
      { timeout: 60_000, message: 'the outbox to drain' },
    );
  } finally {
    await sql.end();
  }
}

async function twoInstances(extraEnv: Record<string, string> = {}) {
  const database = await createDatabaseOnServer();
  const resend = await startResendDouble();
  // The instances sit behind the proxy as behind a load balancer: its URL is their PUBLIC_URL,
  // the one origin they accept state-changing requests from.
  const proxy = await startProxy();
  const env = {
    DATABASE_URL: database.url,
    RESEND_API_KEY: 're_rel',
    RESEND_BASE_URL: resend.url,
    TRUST_PROXY: 'true',
    PUBLIC_URL: proxy.url,
    ...extraEnv,
  };
  const a = await startServer({ env });
  const b = await startServer({ env });
  proxy.add(a.url);
  proxy.add(b.url);
  return {
    database,
    resend,
    a,
    b,
    proxy,
    async stop() {
      await proxy.close();
      await a.stop();
      await b.stop();
      await resend.close();
      await database.drop();
    },
  };
}

it(
  'two instances share sessions, rate limits and the outbox (each e-mail sent once)',
  { ignore: !postgresUrl },
  async () => {
    const env = await twoInstances();
    try {
      const learners = await Promise.all(Array.from({ length: 6 }, () => createLearner(env.proxy.url, env.resend)));
      for (const { client } of learners) {
        // Alternating instances all accept the same session.
        for (let i = 0; i < 4; i++) assertEquals((await client.get('/api/auth/user')).status, 200);
      }
      // Each verification e-mail went out exactly once although both instances run the outbox:
      // counted once the outbox has nothing left to send.
      await outboxDrained(env.database.url);
      for (const { email } of learners) assertEquals(env.resend.to(email).length, 1, email);
      // The login limit counts failures across both instances.
      const attacker = new Client(env.proxy.url);
      for (let i = 0; i < 10; i++) {
        assertEquals(
          (await attacker.post('/api/login-email', { email: learners[0].email, password: `nope-${i}-nope` })).status,
          401,
        );
      }
      assertEquals(
        (await attacker.post('/api/login-email', { email: learners[0].email, password: 'nope-x-nope' })).status,
        429,
      );
    } finally {
      await env.stop();
    }
  },
);

it('an e-mail provider outage (500, then 429) delays mail on both instances but loses none and sends none twice', {
  ignore: !postgresUrl,
}, async () => {
  const env = await twoInstances();
  try {
    const triedIn = (mode: string) => () => env.resend.attempts.some((a: { mode: string }) => a.mode === mode);
    env.resend.setMode('500');
    const emails = Array.from({ length: 8 }, (_, i) => `outage${i}.${crypto.randomUUID().slice(0, 8)}@example.com`);
    const answers = await Promise.all(
      emails.map((email, i) =>
        new Client(env.proxy.url).post('/api/signup', {
          email,
          password: `Outage-Pass-${i}-2026`,
          firstName: 'Out',
          lastName: 'Age',
          phoneNumber: '+15551234567',
        })
      ),
    );
    assertEquals(answers.map((a) => a.status), emails.map(() => 200), 'sign-up succeeds during the outage');
    await waitFor(triedIn('500'), { timeout: 20_000, message: 'a send answered 500' });
    env.resend.setMode('429');
    await waitFor(triedIn('429'), { timeout: 20_000, message: 'a send answered 429' });
    assert(
      env.resend.attempts.some((a: { mode: string }) => a.mode === '500') &&
        env.resend.attempts.some((a: { mode: string }) => a.mode === '429'),
      'both failures were seen',
    );
    assertEquals(emails.filter((e) => env.resend.to(e).length > 0), [], 'nothing was delivered during the outage');
    env.resend.setMode('ok');
    for (const email of emails) await env.resend.waitFor((m: { to: string[] }) => m.to.includes(email), 60_000);
    // No e-mail arrives twice: counted once the outbox has nothing left to send.
    await outboxDrained(env.database.url);
    for (const email of emails) assertEquals(env.resend.to(email).length, 1, `${email} got exactly one e-mail`);
  } finally {
    await env.stop();
  }
});

it(
  'a publish on one instance shows on the other within 2 s, also right after a PostgreSQL restart',
  { ignore: !postgresUrl },
  async () => {
    const adminEmail = `publisher.${crypto.randomUUID().slice(0, 8)}@example.com`;
    const env = await twoInstances({ ADMIN_EMAILS: adminEmail });
    const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
    try {
      // An admin signed in on instance a only (the proxy's origin is the one both accept).
      const author = new Client(env.a.url);
      Client.origins.set(env.a.url, env.proxy.url);
      await author.post('/api/signup', {
        email: adminEmail,
        password: 'Publish-Pass-2026',
        firstName: 'Pat',
        lastName: 'Publisher',
      });
      const mail = await env.resend.waitFor((m: { to: string[] }) => m.to.includes(adminEmail));
      const token = linkIn(mail, '/verify-email?token=').searchParams.get('token');
      assertEquals((await author.post('/api/verify-email', { token })).status, 200);
      const visitor = new Client(env.b.url);
      const publish = async (n: number) => {
        const slug = `propagation-${n}-${crypto.randomUUID().slice(0, 6)}`;
        const created = await author.post('/api/admin/lessons', {
          title: `Propagation ${n}`,
          slug,
          pillar: 'credit',
          level: 'advanced',
          orderIndex: 90 + n,
          sections: [{ header: 'One', content: 'Plain words.' }],
          questions: [{ question: 'Which?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1, explanation: 'b' }],
        });
        assertEquals(created.status, 201, created.text);
        return { slug, at: Date.now() };
      };
      const shownOnB = async ({ slug, at }: { slug: string; at: number }) => {
        await waitFor(async () => (await visitor.get(`/learn/${slug}`)).status === 200, {
          timeout: 5_000,
          interval: 50,
          message: `instance b to serve ${slug}`,
        });
        return Date.now() - at;
      };
      // Instance b has read its catalogue before the publish.
      assertEquals((await visitor.get('/learn')).status, 200);
      const first = await shownOnB(await publish(1));
      assert(first <= 2_000, `instance b served the new lesson after ${first} ms`);

      // A restart drops b's subscription; a publish made as soon as the database answers again may be
      // notified before b has subscribed again, which is why b reads the catalogue at every subscription.
      await databaseOutage(admin, env.database.name, 1000);
      await waitFor(async () => (await author.get('/api/admin/lessons')).status === 200, {
        timeout: 15_000,
        message: 'instance a to answer after the restart',
      });
      const second = await shownOnB(await publish(2));
      assert(second <= 2_000, `after the restart instance b served the new lesson after ${second} ms`);
    } finally {
      await admin.unsafe(`alter database "${env.database.name}" allow_connections true`).catch(() => {});
      await admin.end();
      await env.stop();
    }
  },
);

it(
  'a PostgreSQL restart under load: only 503s while it lasts, recovery without restarting the app, every acknowledged completion kept',
  { ignore: !postgresUrl },
  async () => {
    const env = await twoInstances();
    const admin = postgres(postgresUrl!, { max: 1, onnotice: () => {} });
    try {
      const { client } = await createLearner(env.proxy.url, env.resend);
      const lessons = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
      const lesson = lessons[0];
      const answers = responses(correctAnswers(lesson.slug));
      const acknowledged: string[] = [];
      const statuses: number[] = [];
      let stop = false;
      const load = (async () => {
        while (!stop) {
          const attemptId = crypto.randomUUID();
          const r = await client.post(`/api/lesson/${lesson.id}/complete`, { attemptId, quizResponses: answers });
          statuses.push(r.status);
          if (r.status === 201 || r.status === 200) acknowledged.push(attemptId);
          await new Promise((res) => setTimeout(res, 20));
        }
      })();
      await waitFor(() => acknowledged.length >= 3, { timeout: 20_000, message: 'completions before the outage' });
      const how = await databaseOutage(admin, env.database.name, 1500);
      console.log(
        `database outage: ${
          how === 'restart' ? 'PostgreSQL restarted' : 'connections refused and ended (no control of the cluster here)'
        }`,
      );
      const afterOutage = statuses.length;
      const answeredAt = Date.now();
      // Within two of the Retry-After (5 s) the 503s tell clients to wait: one CI run on a busy
      // machine did not see five in a row within 3 s, which a rerun and 8 runs here (4 with the
      // cores loaded, every one recovered within 200 ms) did not repeat.
      await waitFor(() => statuses.length >= afterOutage + 5 && statuses.slice(-5).every((s) => s === 201), {
        timeout: 10_000,
        message: 'five completions in a row after the outage',
      }).catch(() => {}); // 'recovered by itself' below says if not
      stop = true;
      await load;
      const afterwards = `${Date.now() - answeredAt} ms after PostgreSQL answered again, the app had answered ${
        statuses.slice(afterOutage).join(' ') || 'nothing'
      }`;
      assert(statuses.includes(503), 'the outage was seen as 503');
      assertEquals(statuses.filter((s) => s !== 201 && s !== 200 && s !== 503), [], 'only 503s during the outage');
      assertEquals(statuses.slice(-5).every((s) => s === 201), true, `recovered by itself (${afterwards})`);
      const check = postgres(env.database.url, { max: 1, onnotice: () => {} });
      const rows = await check`select attempt_id from quiz_attempts`;
      await check.end();
      const stored = new Set(rows.map((r) => r.attempt_id as string));
      assertEquals(acknowledged.filter((id) => !stored.has(id)), [], 'every acknowledged completion is stored');
      // The learner's figures (kept by each completion) match the attempts that were stored.
      const { stored: kept, rebuilt } = await storedAndRebuiltAggregates(env.database.url);
      assertEquals(kept, rebuilt, 'the aggregates match the attempts');
      assert(kept.learner_stats.length === 1);
    } finally {
      await admin.unsafe(`alter database "${env.database.name}" allow_connections true`).catch(() => {});
      await admin.end();
      await env.stop();
    }
  },
);

it(
  'kill -9 of an instance during a stream of completions with retries: exactly one attempt per attempt id, none lost',
  { ignore: !postgresUrl },
  async () => {
    const env = await twoInstances();
    try {
      const { client } = await createLearner(env.proxy.url, env.resend);
      const lesson = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/credit/beginner')).body[0];
      const answers = responses(correctAnswers(lesson.slug));
      const ids = Array.from({ length: 60 }, () => crypto.randomUUID());
      let killed = false;
      await Promise.all(
        ids.map(async (attemptId, i) => {
          await new Promise((r) => setTimeout(r, i * 25));
          if (i === 20 && !killed) {
            killed = true;
            env.a.child.kill('SIGKILL');
          }
          // The client retries until it gets an answer (the proxy's 502 or a dropped connection).
          for (let attempt = 0; attempt < 20; attempt++) {
            try {
              const r = await client.post(`/api/lesson/${lesson.id}/complete`, { attemptId, quizResponses: answers });
              if (r.status === 200 || r.status === 201) return;
            } catch {
              // connection reset: retry
            }
            await new Promise((r) => setTimeout(r, 100));
          }
          throw new Error(`attempt ${attemptId} never acknowledged`);
        }),
      );
      const check = postgres(env.database.url, { max: 1, onnotice: () => {} });
      const rows = await check`select attempt_id, count(*)::int as n from quiz_attempts group by attempt_id`;
      await check.end();
      assertEquals(rows.length, ids.length, 'none lost');
      assert(rows.every((r) => r.n === 1), 'exactly one row per attempt id');
      const { stored: kept, rebuilt } = await storedAndRebuiltAggregates(env.database.url);
      assertEquals(kept, rebuilt, 'the aggregates match the attempts: no attempt counted twice or missed');
      assert(kept.learner_stats[0].includes(`"attempts":${ids.length}`), kept.learner_stats[0]);
    } finally {
      await env.stop().catch(() => {});
    }
  },
);

it(
  'a fuzzer sends thousands of malformed, oversized, deeply nested and wrongly typed bodies: all 4xx, no 5xx, no stack traces',
  { ignore: !postgresUrl },
  async () => {
    const database = await createDatabaseOnServer();
    const resend = await startResendDouble();
    const server = await startServer({
      env: { DATABASE_URL: database.url, TRUST_PROXY: 'true', RESEND_API_KEY: 're_fuzz', RESEND_BASE_URL: resend.url },
    });
    try {
      // Half the requests carry a signed-in learner's session, so the protected endpoints' parsing is fuzzed too.
      const { client } = await createLearner(server.url, resend);
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      // Every endpoint that takes a body (from the routes), and the GETs that read a query.
      const endpoints: Array<[string, string]> = [
        ...bodyEndpoints().map(({ method, url }): [string, string] => [method, url]),
        ['GET', '/api/validate-reset-token?token='],
        ['GET', '/api/verify-email?token='],
        ['GET', '/api/assessment'],
        ['GET', '/api/lessons/counts'],
        ['GET', '/api/lesson/1'],
        ['GET', '/login?next='],
        ['GET', '/learn?q='],
      ];
      let seed = 42;
      const rand = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
      const nested = (depth: number): unknown => (depth === 0 ? 'x' : { a: nested(depth - 1), b: [nested(depth - 1)] });
      const values = () =>
        [
          null,
          true,
          0,
          -1,
          1e308,
          'x'.repeat(Math.floor(rand() * 3000)),
          [],
          {},
          ['a', 1, null],
          '\u0000',
          '💸',
          { $gt: '' },
          '<script>',
          ...REFUSED_NEXT,
        ][Math.floor(rand() * (13 + REFUSED_NEXT.length))];
      const bodies = (): string | undefined => {
        const r = rand();
        if (r < 0.1) return '{"email": ';
        if (r < 0.15) return 'not json at all';
        if (r < 0.2) return JSON.stringify(nested(12));
        if (r < 0.22) return '['.repeat(10_000) + ']'.repeat(10_000);
        if (r < 0.24) return '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000);
        if (r < 0.25) return JSON.stringify({ pad: 'y'.repeat(70_000) });
        if (r < 0.3) return JSON.stringify([1, 2, 3]);
        const keys = [
          'email',
          'password',
          'firstName',
          'lastName',
          'phoneNumber',
          'token',
          'userId',
          'answers',
          'attemptId',
          'quizResponses',
          'title',
          'sections',
          'questions',
          'code',
          'state',
          'zipCode',
          'userAnswer',
          'version',
        ];
        const obj: Record<string, unknown> = {};
        for (const k of keys) if (rand() < 0.4) obj[k] = values();
        return JSON.stringify(obj);
      };
      let count = 0;
      const tally = { '4xx': 0, '5xx': 0, other: 0 };
      const failures: string[] = [];
      for (let round = 0; round < 120; round++) {
        for (const [method, path] of endpoints) {
          const body = method === 'GET' ? undefined : bodies();
          const res = await fetch(
            server.url + path + (method === 'GET' && path.endsWith('=') ? encodeURIComponent(String(values())) : ''),
            {
              method,
              headers: {
                'content-type': rand() < 0.9 ? 'application/json' : 'text/xml',
                origin: server.url,
                'x-forwarded-for': `10.0.${round % 250}.${count % 250}`,
                // Signing out or deleting the account would end the signed-in half of the fuzz.
                ...(rand() < 0.5 && !/^\/api\/(auth\/logout|account\/delete)$/.test(path) ? { cookie } : {}),
              },
              body,
            },
          );
          const text = await res.text();
          count++;
          tally[res.status >= 500 ? '5xx' : res.status >= 400 ? '4xx' : 'other']++;
          if (res.status >= 500 || /at \S+ \(|node_modules|stack/i.test(text)) {
            failures.push(
              `${method} ${path} → ${res.status} ${text.slice(0, 120)}`,
            );
          }
        }
      }
      // The redirect table, signed in (a session of its own): never off our origin.
      const signedIn = (await createLearner(server.url, resend)).client;
      const session = [...signedIn.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      for (const value of REFUSED_NEXT) {
        const res = await fetch(`${server.url}/login?next=${encodeURIComponent(value)}`, {
          headers: { cookie: session },
          redirect: 'manual',
        });
        await res.body?.cancel();
        const location = res.headers.get('location') ?? '';
        if (res.status >= 500 || !location.startsWith('/') || /^\/[/\\]/.test(location)) {
          failures.push(
            `/login?next=${JSON.stringify(value)} → ${res.status} ${location}`,
          );
        }
      }
      // The counts a security review quotes (issue 50: requests, 4xx, 5xx).
      console.log(JSON.stringify({ fuzz: { requests: count, endpoints: endpoints.length, ...tally } }));
      assert(count >= 2000, `${count} requests`);
      assertEquals(failures, []);
    } finally {
      await server.stop();
      await resend.close();
      await database.drop();
    }
  },
);
