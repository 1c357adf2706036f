// A second factor (issue 51) over HTTP, on PGlite and on PostgreSQL: the sign-in contract with and
// without a factor, an authenticator app with a code this test computes, recovery codes, passkeys
// (a test authenticator), the guessing limits, and the e-mails each change sends.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { TestPasskey, totpCode } from '../helpers/second-factor.ts';
import { freePort, startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';

type Mail = { to: string[]; subject: string; text: string };

for (const kind of databaseKinds()) {
  describe(`${kind}: a second factor`, () => {
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
    const env: Record<string, string> = {};
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

    const login = (client: Client, email: string, password: string) =>
      client.post<Record<string, unknown>>('/api/login-email', { email, password, rememberMe: true });

    /** A verified learner with an authenticator app set up; `secret` is what the app holds. */
    async function withTotp() {
      const learner = await createLearner(app.server.url, app.resend);
      const setup = await learner.client.post<{ secret: string; uri: string }>('/api/account/factors/totp/new');
      assertEquals(setup.status, 200);
      assertMatch(setup.body.uri, /^otpauth:\/\/totp\/Wealth%20Coach:.*secret=/);
      const added = await learner.client.post<{ recoveryCodes: string[] }>('/api/account/factors/totp', {
        secret: setup.body.secret,
        code: totpCode(setup.body.secret),
        confirm: { password: learner.password },
      });
      assertEquals(added.status, 200, added.text);
      return { ...learner, secret: setup.body.secret, recoveryCodes: added.body.recoveryCodes };
    }

    it('without a factor, POST /api/login-email answers exactly as before (token, user, session)', async () => {
      const { email, password } = await createLearner(app.server.url, app.resend);
      const client = new Client(app.server.url);
      const r = await login(client, email, password);
      assertEquals(r.status, 200);
      assertEquals(r.body.message, 'Login successful');
      assert(typeof r.body.authToken === 'string');
      assertEquals(r.body.requiresSecondFactor, undefined);
      assertEquals((await client.get('/api/auth/user')).status, 200);
    });

    it('setting up an app needs the password and a right code, gives ten recovery codes once, mails a notice, ends other sessions', async () => {
      const learner = await createLearner(app.server.url, app.resend);
      const other = new Client(app.server.url);
      assertEquals((await login(other, learner.email, learner.password)).status, 200);
      const setup = await learner.client.post<{ secret: string }>('/api/account/factors/totp/new');
      const wrongCode = await learner.client.post('/api/account/factors/totp', {
        secret: setup.body.secret,
        code: '000000' === totpCode(setup.body.secret) ? '111111' : '000000',
        confirm: { password: learner.password },
      });
      assertEquals(wrongCode.status, 400);
      const noPassword = await learner.client.post('/api/account/factors/totp', {
        secret: setup.body.secret,
        code: totpCode(setup.body.secret),
        confirm: { password: 'not-the-password' },
      });
      assertEquals(noPassword.status, 403);
      const added = await learner.client.post<{ recoveryCodes: string[] }>('/api/account/factors/totp', {
        secret: setup.body.secret,
        code: totpCode(setup.body.secret),
        confirm: { password: learner.password },
      });
      assertEquals(added.status, 200);
      assertEquals(added.body.recoveryCodes.length, 10);
      assertEquals(new Set(added.body.recoveryCodes).size, 10);
      assertEquals((await other.get('/api/auth/user')).status, 401, 'the other device is signed out');
      assertEquals((await learner.client.get('/api/auth/user')).status, 200, 'this one stays');
      const list = await learner.client.get<{ factors: Array<Record<string, unknown>>; recoveryCodesLeft: number }>(
        '/api/account/factors',
      );
      assertEquals(list.body.factors.length, 1);
      assertEquals(list.body.factors[0].kind, 'totp');
      assertEquals(list.body.recoveryCodesLeft, 10);
      assert(!JSON.stringify(list.body).includes(setup.body.secret), 'the secret is never listed');
      await app.resend.waitFor((m: Mail) =>
        m.to.includes(learner.email) && m.subject === 'A second factor was added to your account'
      );
      const again = await learner.client.post('/api/account/factors/totp', {
        secret: setup.body.secret,
        code: totpCode(setup.body.secret),
        confirm: { password: learner.password },
      });
      assertEquals(again.status, 409, 'one authenticator app per account');
    });

    it('with a factor: 200 requiresSecondFactor and no token or session, then a code finishes with the usual fields; a code works once', async () => {
      const { email, password, secret } = await withTotp();
      const client = new Client(app.server.url);
      const first = await login(client, email, password);
      assertEquals(first.status, 200);
      assertEquals(first.body.requiresSecondFactor, true);
      assert(typeof first.body.message === 'string' && first.body.message.length > 0);
      assertEquals(first.body.authToken, undefined);
      assert(![...client.cookies.keys()].includes('session'), 'no session cookie');
      assertEquals((await client.get('/api/auth/user')).status, 401);
      const wrong = await client.post('/api/login-second-factor', { code: '12345' });
      assertEquals(wrong.status, 401);
      // The setup used this step's code: a code is accepted once, so the app's next one (one step of drift is allowed).
      const code = totpCode(secret, Date.now() + 30_000);
      const done = await client.post<Record<string, unknown>>('/api/login-second-factor', { code });
      assertEquals(done.status, 200, done.text);
      assertEquals(done.body.message, 'Login successful');
      assert(typeof done.body.authToken === 'string');
      assertEquals((done.body.user as { email: string }).email, email);
      assert(typeof done.body.home === 'string');
      assertEquals((await client.get('/api/auth/user')).status, 200);
      // The same code cannot finish a second sign-in (a replayed code).
      const thief = new Client(app.server.url);
      assertEquals((await login(thief, email, password)).body.requiresSecondFactor, true);
      assertEquals((await thief.post('/api/login-second-factor', { code })).status, 401);
      assertEquals((await thief.get('/api/auth/user')).status, 401);
      // Without a pending sign-in, the second step is refused.
      assertEquals((await new Client(app.server.url).post('/api/login-second-factor', { code })).status, 401);
    });

    it('a recovery code signs in once, is mailed about, and five wrong answers end the attempt', async () => {
      const { email, password, recoveryCodes } = await withTotp();
      const client = new Client(app.server.url);
      await login(client, email, password);
      const used = await client.post('/api/login-second-factor', { recoveryCode: recoveryCodes[3].toUpperCase() });
      assertEquals(used.status, 200);
      const mail = await app.resend.waitFor((m: Mail) =>
        m.to.includes(email) && m.subject === 'A recovery code was used'
      );
      assertMatch(mail.text, /9 of your codes are left/);
      const again = new Client(app.server.url);
      await login(again, email, password);
      assertEquals((await again.post('/api/login-second-factor', { recoveryCode: recoveryCodes[3] })).status, 401);
      for (let i = 0; i < 3; i++) {
        assertEquals((await again.post('/api/login-second-factor', { code: '000001' })).status, 401);
      }
      const last = await again.post('/api/login-second-factor', { recoveryCode: 'abcd-efgh' });
      assertEquals(last.status, 401);
      assertMatch(String(last.body.message), /last try/);
      const after = await again.post('/api/login-second-factor', { recoveryCode: recoveryCodes[4] });
      assertEquals(after.status, 401, 'the attempt is over: the password is needed again');
    });

    it('passkeys: registered from /account, then a whole sign-in by themselves, or the second step', async () => {
      const learner = await createLearner(app.server.url, app.resend);
      const passkey = new TestPasskey('localhost', new URL(app.server.url).origin.replace('127.0.0.1', 'localhost'));
      const options = await learner.client.post<{ challenge: string; rpId: string }>(
        '/api/account/factors/passkey/options',
      );
      assertEquals(options.status, 200);
      assertEquals(options.body.rpId, 'localhost');
      const registered = await learner.client.post<{ recoveryCodes: string[] }>('/api/account/factors/passkey', {
        name: 'Test laptop',
        ...passkey.create(options.body.challenge),
        confirm: { password: learner.password },
      });
      assertEquals(registered.status, 200, registered.text);
      assertEquals(registered.body.recoveryCodes.length, 10);
      // A challenge is single use.
      const reused = await learner.client.post('/api/account/factors/passkey', {
        name: 'Again',
        ...new TestPasskey('localhost', passkey.origin).create(options.body.challenge),
        confirm: { password: learner.password },
      });
      assertEquals(reused.status, 400);

      const visitor = new Client(app.server.url);
      const challenge = await visitor.post<{ challenge: string }>('/api/auth/passkey/challenge');
      const signedIn = await visitor.post<Record<string, unknown>>('/api/auth/passkey/login', {
        passkey: passkey.get(challenge.body.challenge),
      });
      assertEquals(signedIn.status, 200, signedIn.text);
      assertEquals((signedIn.body.user as { email: string }).email, learner.email);
      assertEquals((await visitor.get('/api/auth/user')).status, 200);

      const forged = new Client(app.server.url);
      const c2 = await forged.post<{ challenge: string }>('/api/auth/passkey/challenge');
      const otherSite = await forged.post('/api/auth/passkey/login', {
        passkey: passkey.get(c2.body.challenge, { origin: 'https://evil.example' }),
      });
      assertEquals(otherSite.status, 400);
      const c3 = await forged.post<{ challenge: string }>('/api/auth/passkey/challenge');
      const stranger = await forged.post('/api/auth/passkey/login', {
        passkey: new TestPasskey('localhost', passkey.origin).get(c3.body.challenge),
      });
      assertEquals(stranger.status, 401);

      const second = new Client(app.server.url);
      assertEquals((await login(second, learner.email, learner.password)).body.requiresSecondFactor, true);
      const c4 = await second.post<{ challenge: string }>('/api/auth/passkey/challenge');
      const finished = await second.post('/api/login-second-factor', { passkey: passkey.get(c4.body.challenge) });
      assertEquals(finished.status, 200, finished.text);
    });

    it('removing a factor needs the password, mails a notice and ends other sessions; the last one takes the codes', async () => {
      const learner = await withTotp();
      const list = await learner.client.get<{ factors: Array<{ id: string }> }>('/api/account/factors');
      const id = list.body.factors[0].id;
      const other = new Client(app.server.url);
      await login(other, learner.email, learner.password);
      await other.post('/api/login-second-factor', { code: totpCode(learner.secret, Date.now() + 30_000) });
      assertEquals((await other.get('/api/auth/user')).status, 200);
      const refused = await learner.client.request(`/api/account/factors/${id}`, {
        method: 'DELETE',
        json: { confirm: { password: 'wrong-password' } },
      });
      assertEquals(refused.status, 403);
      const removed = await learner.client.request(`/api/account/factors/${id}`, {
        method: 'DELETE',
        json: { confirm: { password: learner.password } },
      });
      assertEquals(removed.status, 200);
      assertEquals((await other.get('/api/auth/user')).status, 401);
      const after = await learner.client.get<{ factors: unknown[]; recoveryCodesLeft: number }>('/api/account/factors');
      assertEquals(after.body.factors.length, 0);
      assertEquals(after.body.recoveryCodesLeft, 0);
      await app.resend.waitFor((m: Mail) =>
        m.to.includes(learner.email) && m.subject === 'A second factor was removed from your account'
      );
      assertEquals(
        (await login(new Client(app.server.url), learner.email, learner.password)).body.message,
        'Login successful',
      );
    });
  });
}

describe('a site served at an IP address: no passkeys, the authenticator app still works', () => {
  let port = 0;
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let resend: Awaited<ReturnType<typeof startResendDouble>> | undefined;
  const app = {
    get server() {
      return server!;
    },
    get resend() {
      return resend!;
    },
  };
  beforeAll(async () => {
    port = await freePort();
    resend = await startResendDouble();
    server = await startServer({
      port,
      env: {
        RESEND_API_KEY: 're_test',
        RESEND_BASE_URL: resend.url,
        TRUST_PROXY: 'true',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await resend?.close();
  });

  it('hides passkeys (providers, challenge, account) and sets up and asks for an app code', async () => {
    assertEquals(app.server.url, `http://127.0.0.1:${port}`);
    const visitor = new Client(app.server.url);
    assertEquals((await visitor.get('/api/auth/providers')).body.passkeys, false);
    assertEquals((await visitor.post('/api/auth/passkey/challenge')).status, 404);
    const learner = await createLearner(app.server.url, app.resend);
    const list = await learner.client.get<{ passkeysAvailable: boolean }>('/api/account/factors');
    assertEquals(list.body.passkeysAvailable, false);
    assertEquals((await learner.client.post('/api/account/factors/passkey/options')).status, 404);
    const setup = await learner.client.post<{ secret: string }>('/api/account/factors/totp/new');
    const added = await learner.client.post('/api/account/factors/totp', {
      secret: setup.body.secret,
      code: totpCode(setup.body.secret),
      confirm: { password: learner.password },
    });
    assertEquals(added.status, 200);
    const client = new Client(app.server.url);
    const first = await client.post<Record<string, unknown>>('/api/login-email', {
      email: learner.email,
      password: learner.password,
    });
    assertEquals(first.body.requiresSecondFactor, true);
    assertEquals(first.body.secondFactors, ['totp', 'recovery-code']);
    const done = await client.post('/api/login-second-factor', {
      code: totpCode(setup.body.secret, Date.now() + 30_000),
    });
    assertEquals(done.status, 200);
  });
});
