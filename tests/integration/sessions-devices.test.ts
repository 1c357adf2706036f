// Sessions a person can see and end, and staff with a second factor (issue 51), over HTTP on
// PGlite and PostgreSQL: the devices list, ending one or all others after the password, the
// sessions cap, an admin's account actions, the data export, and the staff rules.
import postgres from 'postgres';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { totpCode } from '../helpers/second-factor.ts';

type Mail = { to: string[]; subject: string; text: string };
const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const ADMIN = 'devices.admin@example.com';
const STAFF = 'staff.admin@example.com';

async function signIn(base: string, email: string, password: string, ua = FIREFOX) {
  const client = new Client(base);
  const r = await client.request('/api/login-email', {
    method: 'POST',
    json: { email, password },
    headers: { 'user-agent': ua },
  });
  assertEquals(r.status, 200, r.text);
  return client;
}

async function addTotp(client: Client, password: string) {
  const setup = await client.post<{ secret: string }>('/api/account/factors/totp/new');
  const r = await client.post('/api/account/factors/totp', {
    secret: setup.body.secret,
    code: totpCode(setup.body.secret),
    confirm: { password },
  });
  assertEquals(r.status, 200, r.text);
  return setup.body.secret;
}

for (const kind of databaseKinds()) {
  describe(`${kind}: sessions a person can see and end`, () => {
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
    // The staff server has a database of its own: each server's outbox worker sends to its own mail double.
    let staffDatabase: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
    const env: Record<string, string> = { ADMIN_EMAILS: `${ADMIN},${STAFF}` };
    const app = serverWithMail(env);
    const staffEnv: Record<string, string> = { ADMIN_EMAILS: STAFF, REQUIRE_STAFF_SECOND_FACTOR: 'true' };
    const staffApp = serverWithMail(staffEnv);
    beforeAll(async () => {
      if (kind === 'postgres') {
        database = await createDatabaseOnServer();
        staffDatabase = await createDatabaseOnServer();
        env.DATABASE_URL = database.url;
        staffEnv.DATABASE_URL = staffDatabase.url;
      }
      await app.start();
      await staffApp.start();
    });
    afterAll(async () => {
      await app.stop();
      await staffApp.stop();
      await database?.drop();
      await staffDatabase?.drop();
    });

    it('/account lists each device (browser, system, start, last use, this one marked); ending one needs the password again', async () => {
      const { email, password } = await createLearner(app.server.url, app.resend);
      const laptop = await signIn(app.server.url, email, password, FIREFOX);
      const phone = await signIn(app.server.url, email, password, IPHONE);
      const list = await laptop.get<{ sessions: Array<Record<string, unknown>> }>('/api/account/sessions');
      const mine = list.body.sessions.filter((s) => s.current);
      assertEquals(mine.length, 1);
      assertEquals([mine[0].browser, mine[0].system], ['Firefox', 'Linux']);
      const iphone = list.body.sessions.find((s) => s.system === 'iPhone');
      assert(iphone && iphone.browser === 'Safari' && iphone.createdAt && iphone.lastUsedAt, JSON.stringify(list.body));
      const wrong = await laptop.post('/api/account/sessions/end', {
        sessionId: iphone.id,
        confirm: { password: 'wrong-password' },
      });
      assertEquals(wrong.status, 403);
      assertEquals((await phone.get('/api/auth/user')).status, 200, 'a wrong password ends nothing');
      const ended = await laptop.post('/api/account/sessions/end', { sessionId: iphone.id, confirm: { password } });
      assertEquals(ended.status, 200, ended.text);
      assertEquals((await phone.get('/api/auth/user')).status, 401);
      assertEquals((await laptop.get('/api/auth/user')).status, 200);
      await app.resend.waitFor((m: Mail) => m.to.includes(email) && m.subject === 'Devices were signed out');
      const self = await laptop.post('/api/account/sessions/end', {
        sessionId: String(mine[0].id),
        confirm: { password },
      });
      assertEquals(self.status, 400, 'this session ends with "Sign out"');
    });

    it('"sign out all other devices" with the password ends every other session; at most 10 sessions are kept', async () => {
      const { email, password, client } = await createLearner(app.server.url, app.resend);
      const others = [];
      for (let i = 0; i < 11; i++) others.push(await signIn(app.server.url, email, password));
      const list = await client.get<{ sessions: unknown[] }>('/api/account/sessions');
      assertEquals(list.status, 401, 'the least recently used session (the first) made room');
      const newest = others[others.length - 1];
      const listed = await newest.get<{ sessions: unknown[] }>('/api/account/sessions');
      assertEquals(listed.body.sessions.length, 10);
      const r = await newest.post<{ ended: number }>('/api/account/sessions/end', {
        others: true,
        confirm: { password },
      });
      assertEquals(r.body.ended, 9);
      assertEquals((await others[5].get('/api/auth/user')).status, 401);
      assertEquals((await newest.get<{ sessions: unknown[] }>('/api/account/sessions')).body.sessions.length, 1);
    });

    it('an admin finds an account by e-mail, ends its sessions and resets its factors; learners may not', async () => {
      const target = await createLearner(app.server.url, app.resend);
      const secret = await addTotp(target.client, target.password);
      const admin = await createLearner(app.server.url, app.resend, 'Ada', ADMIN);
      const refused = await target.client.get(`/api/admin/accounts?email=${encodeURIComponent(admin.email)}`);
      assertEquals(refused.status, 403);
      const found = await admin.client.get<{ account: Record<string, unknown> }>(
        `/api/admin/accounts?email=${encodeURIComponent(target.email.toUpperCase())}`,
      );
      assertEquals(found.status, 200);
      assertEquals((found.body.account.factors as unknown[]).length, 1);
      assert(!found.text.includes(secret), 'no secret reaches the admin');
      assertEquals((await admin.client.get('/api/admin/accounts?email=nobody%40example.com')).status, 404);
      const end = await admin.client.post('/api/admin/accounts/action', {
        userId: found.body.account.id,
        action: 'end-sessions',
      });
      assertEquals(end.status, 200);
      assertEquals((await target.client.get('/api/auth/user')).status, 401);
      const reset = await admin.client.post('/api/admin/accounts/action', {
        userId: found.body.account.id,
        action: 'reset-factors',
      });
      assertEquals(reset.status, 200);
      const again = new Client(app.server.url);
      const login = await again.post('/api/login-email', { email: target.email, password: target.password });
      assertEquals(login.body.message, 'Login successful', 'no factor is asked for after the reset');
      await app.resend.waitFor((m: Mail) =>
        m.to.includes(target.email) && m.subject === 'Your second factors were reset'
      );
      const mail = await app.resend.waitFor((m: Mail) =>
        m.to.includes(target.email) && m.subject === 'Devices were signed out'
      );
      assertMatch(mail.text, /An administrator signed out/);
      const bad = await admin.client.post('/api/admin/accounts/action', { userId: 'x', action: 'end-sessions' });
      assertEquals(bad.status, 400);
      if (database) {
        // Each action is in the audit log, by the admin, naming the account.
        const sql = postgres(database.url, { max: 1, onnotice: () => {} });
        try {
          const rows = await sql`select a.action, a.detail->>'userId' as "userId" from audit_log a
            join users u on u.id = a.actor_id where u.email = ${ADMIN} order by a.id`;
          assertEquals(rows.map((r) => [r.action, r.userId]), [
            ['account.sessions.end', found.body.account.id],
            ['account.factors.reset', found.body.account.id],
          ]);
        } finally {
          await sql.end();
        }
      }
    });

    it('the data export holds the factors (not their secrets) and the devices; they go with the account', async () => {
      const learner = await createLearner(app.server.url, app.resend);
      const secret = await addTotp(learner.client, learner.password);
      const exported = await learner.client.get<Record<string, unknown>>('/api/account/export');
      const factors = exported.body.secondFactors as Array<Record<string, unknown>>;
      assertEquals(factors.length, 1);
      assertEquals(factors[0].kind, 'totp');
      assert(!exported.text.includes(secret) && !exported.text.includes('totpSecret'), 'no secret in the export');
      const sessions = exported.body.sessions as Array<Record<string, unknown>>;
      assert(sessions.length >= 1 && typeof sessions[0].browser === 'string');
      if (database) {
        const sql = postgres(database.url, { max: 1, onnotice: () => {} });
        try {
          const [user] = await sql`select id from users where email = ${learner.email}`;
          assertEquals((await learner.client.post('/api/account/delete', { password: learner.password })).status, 200);
          assertEquals((await sql`select 1 from user_factors where user_id = ${user.id}`).length, 0);
          assertEquals((await sql`select 1 from recovery_codes where user_id = ${user.id}`).length, 0);
        } finally {
          await sql.end();
        }
      }
    });

    it('staff: in development a banner and the admin API works on a password alone; when required, a factor first', async () => {
      // STAFF is an admin of both servers; each has its own database.
      const dev = await createLearner(app.server.url, app.resend, 'Dev', STAFF);
      assertEquals((await dev.client.get('/api/admin/lessons')).status, 200);
      const studio = await dev.client.get('/studio');
      assertEquals(studio.status, 200);
      assertMatch(studio.text, /data-testid="staff-factor-banner"/);

      const staff = await createLearner(staffApp.server.url, staffApp.resend, 'Staff', STAFF);
      const api = await staff.client.get('/api/admin/lessons');
      assertEquals(api.status, 403);
      assertEquals(api.body.requiresSecondFactorSetup, true);
      for (const path of ['/studio', '/admin/lessons', '/admin/accounts']) {
        const page = await staff.client.get(path);
        assertEquals(page.status, 303, path);
        assertEquals(page.headers.get('location'), '/account?setup=second-factor#security');
      }
      const account = await staff.client.get('/account');
      assertEquals(account.status, 200, 'the account page, where the factor is set up, is served');
      assertEquals((await staff.client.get('/api/auth/user')).status, 200, 'everything else works as before');
      const secret = await addTotp(staff.client, staff.password);
      assertEquals((await staff.client.get('/api/admin/lessons')).status, 200);
      const page = await staff.client.get('/studio');
      assertEquals(page.status, 200);
      assert(!page.text.includes('staff-factor-banner'));
      if (staffDatabase) {
        // Over 15 minutes since the last check: deleting asks for the factor again.
        const sql = postgres(staffDatabase.url, { max: 1, onnotice: () => {} });
        try {
          await sql`update sessions set factor_verified_at = now() - interval '16 minutes'
            where user_id = (select id from users where email = ${STAFF})`;
        } finally {
          await sql.end();
        }
        const stale = await staff.client.request('/api/admin/lessons/999999', { method: 'DELETE' });
        assertEquals(stale.status, 403);
        assertEquals(stale.body.requiresSecondFactor, true);
        assertEquals((await staff.client.get('/api/admin/lessons')).status, 200, 'reading needs no re-check');
        const confirmed = await staff.client.post('/api/account/confirm', {
          code: totpCode(secret, Date.now() + 30_000),
        });
        assertEquals(confirmed.status, 200, confirmed.text);
        assertEquals((await staff.client.request('/api/admin/lessons/999999', { method: 'DELETE' })).status, 404);
      }
    });
  });
}
