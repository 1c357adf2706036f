// The account journey and its security rules, over HTTP against the real server, with e-mail
// going through the real resend SDK to a local Resend double.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { outboxCaughtUp } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { waitFor } from '../helpers/wait.ts';

let resend: Awaited<ReturnType<typeof startResendDouble>>;
let server: Awaited<ReturnType<typeof startServer>>;

async function signUpAndVerify(email = uniqueEmail(), password = strongPassword()) {
  const client = new Client(server.url);
  const signup = await client.post('/api/signup', {
    email,
    password,
    firstName: 'Ada',
    lastName: 'Lovelace',
    phoneNumber: '+15551234567',
  });
  assertEquals(signup.status, 200);
  const mail = await resend.waitFor((m: { to: string[]; subject: string }) =>
    m.to.includes(email) && /Confirm/.test(m.subject)
  );
  const link = linkIn(mail, '/verify-email?token=');
  const verified = await client.post('/api/verify-email', { token: link.searchParams.get('token') });
  assertEquals(verified.status, 200);
  return { client, email, password, token: link.searchParams.get('token')! };
}

describe('accounts and sign-in over HTTP', () => {
  beforeAll(async () => {
    resend = await startResendDouble();
    server = await startServer({
      env: {
        RESEND_API_KEY: 're_test_key',
        RESEND_BASE_URL: resend.url,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'debug',
        ADMIN_EMAILS: 'boss@example.com',
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await resend?.close();
  });

  it('sign up, verify by the e-mailed link, sign out, sign in, reset the password through the e-mail, sign in again', async () => {
    const email = uniqueEmail();
    const password = strongPassword();
    const client = new Client(server.url);
    const signup = await client.post('/api/signup', {
      email,
      password,
      firstName: 'Ada',
      lastName: 'Lovelace',
      phoneNumber: '+447700900123',
    });
    assertEquals(signup.status, 200);
    assertEquals(Object.keys(signup.body).sort(), ['emailSent', 'message']);

    const early = await client.post('/api/login-email', { email, password });
    assertEquals(early.status, 403);
    assertEquals(early.body.requiresVerification, true);
    assertEquals(early.body.authProvider, 'email-verification');
    assertEquals(early.body.message, 'Please check your email and click the verification link before logging in.');

    const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
    assertEquals(mail.subject, 'Confirm your e-mail address');
    assertMatch(mail.html, /Verify my e-mail/);
    const token = linkIn(mail, '/verify-email?token=').searchParams.get('token')!;
    const verified = await client.post<{ user: { email: string; firstName: string }; tempAuthToken: string }>(
      '/api/verify-email',
      { token },
    );
    assertEquals(verified.status, 200);
    assertEquals(verified.body.user.email, email);
    assertEquals(verified.body.user.firstName, 'Ada');
    assert(verified.body.tempAuthToken.includes('.'));

    const me = await client.get('/api/auth/user');
    assertEquals(me.status, 200);
    assertEquals(me.body.phoneNumber, '+447700900123');
    assertEquals(me.body.emailVerified, true);
    assertEquals(Object.keys(me.body).sort(), [
      'email',
      'emailVerified',
      'firstName',
      'id',
      'lastName',
      'phoneNumber',
      'role',
      'zipCode',
    ]);

    // The tempAuthToken works as a bearer token too.
    const bearer = await new Client(server.url).get('/api/auth/user', {
      authorization: `Bearer ${verified.body.tempAuthToken}`,
    });
    assertEquals(bearer.status, 200);

    assertEquals((await client.post('/api/auth/logout')).status, 200);
    assertEquals((await client.get('/api/auth/user')).status, 401);
    assertEquals(
      (await new Client(server.url).get('/api/auth/user', { authorization: `Bearer ${verified.body.tempAuthToken}` }))
        .status,
      401,
    );

    const wrong = await client.post('/api/login-email', { email, password: password + 'x' });
    assertEquals(wrong.status, 401);
    assertEquals(wrong.body.message, 'Invalid email or password');

    const login = await client.post<
      { authToken: string; user: { email: string }; requiresVerification: boolean; authProvider: string }
    >(
      '/api/login-email',
      { email: `  ${email.toUpperCase()}  `, password },
    );
    assertEquals(login.status, 200);
    assertEquals(login.body.user.email, email);
    assertEquals(login.body.requiresVerification, false);
    assertEquals(login.body.authProvider, 'email');
    assert(login.body.authToken);

    const forgot = await client.post('/api/forgot-password', { email });
    assertEquals(forgot.status, 200);
    const resetMail = await resend.waitFor((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Reset your password'
    );
    const resetToken = linkIn(resetMail, '/reset-password?token=').searchParams.get('token')!;
    assertEquals((await client.get(`/api/validate-reset-token?token=${resetToken}`)).status, 200);
    const newPassword = strongPassword();
    const reset = await client.post('/api/reset-password', { token: resetToken, password: newPassword });
    assertEquals(reset.status, 200);
    await resend.waitFor((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Your password was changed'
    );

    assertEquals((await client.get('/api/auth/user')).status, 401, 'a reset ends every session');
    assertEquals((await client.post('/api/login-email', { email, password })).status, 401);
    assertEquals((await client.post('/api/login-email', { email, password: newPassword })).status, 200);
  });

  it('sign-up and forgot-password answer a known and an unknown address identically', async () => {
    const { email } = await signUpAndVerify();
    const fresh = uniqueEmail();
    const a = await new Client(server.url).post('/api/signup', {
      email,
      password: strongPassword(),
      firstName: 'X',
      lastName: 'Y',
      phoneNumber: '+15551112222',
    });
    const b = await new Client(server.url).post('/api/signup', {
      email: fresh,
      password: strongPassword(),
      firstName: 'X',
      lastName: 'Y',
      phoneNumber: '+15551112222',
    });
    assertEquals([a.status, a.text], [b.status, b.text]);
    const owner = await resend.waitFor((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'You already have an account'
    );
    assertMatch(owner.text, /already have one/);

    const c = await new Client(server.url).post('/api/forgot-password', { email });
    const d = await new Client(server.url).post('/api/forgot-password', { email: uniqueEmail('nobody') });
    assertEquals([c.status, c.text], [d.status, d.text]);
    assertEquals(
      c.body.message,
      'Password reset instructions have been sent to your email address. Please check your inbox and follow the link to reset your password.',
    );
  });

  it('ten parallel confirmations of one verification token give exactly one success, and a used token is refused', async () => {
    const email = uniqueEmail();
    const password = strongPassword();
    const client = new Client(server.url);
    await client.post('/api/signup', { email, password, firstName: 'P', lastName: 'Q', phoneNumber: '+15550001111' });
    const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
    const token = linkIn(mail, '/verify-email?token=').searchParams.get('token');
    // Other browsers confirm with the sign-up password: one of them wins the token.
    const results = await Promise.all(
      Array.from({ length: 10 }, () => new Client(server.url).post('/api/verify-email', { token, password })),
    );
    // Exactly one confirms and signs in; the others are refused or, once it has, told the address
    // is already confirmed (issue 53), with no session.
    const confirmed = results.filter((r) =>
      r.status === 200 && !(r.body as { alreadyVerified?: boolean }).alreadyVerified
    );
    assertEquals(confirmed.length, 1);
    for (const other of results.filter((r) => !confirmed.includes(r))) {
      assert(other.status === 400 || (other.body as { alreadyVerified?: boolean }).alreadyVerified, `${other.status}`);
      assertEquals((other.body as { tempAuthToken?: string | null }).tempAuthToken ?? null, null);
    }
    const tampered = await client.get(`/api/verify-email?token=${token}x`);
    assertEquals(tampered.status, 400);
    assertEquals((await client.get('/api/verify-email')).status, 400);
  });

  it('a reused link for a confirmed address answers "already confirmed" (signed in or not), sets no cookie, signs nobody in', async () => {
    const { client, token } = await signUpAndVerify();
    type Already = { alreadyVerified?: boolean; signedIn?: boolean; message?: string; tempAuthToken?: string | null };
    // The same browser, signed in by the first click: a double click.
    const again = await client.post<Already>('/api/verify-email', { token });
    assertEquals(again.status, 200);
    assertEquals([again.body.alreadyVerified, again.body.signedIn, again.body.tempAuthToken], [true, true, null]);
    assertMatch(again.body.message ?? '', /already confirmed/);
    assertEquals(again.headers.getSetCookie().length, 0);
    // Another browser: told the same, not signed in, and the link does not sign it in.
    const other = new Client(server.url);
    const elsewhere = await other.post<Already>('/api/verify-email', { token, password: 'Not-The-Password-1' });
    assertEquals([elsewhere.status, elsewhere.body.alreadyVerified, elsewhere.body.signedIn], [200, true, false]);
    assertEquals(elsewhere.headers.getSetCookie().length, 0);
    assertEquals((await other.get('/api/auth/user')).status, 401);
    const got = await other.get<Already>(`/api/verify-email?token=${token}`);
    assertEquals([got.status, got.body.alreadyVerified, got.body.signedIn], [200, true, false]);
    // A link that never worked is still refused.
    assertEquals((await other.post('/api/verify-email', { token: `${token}x` })).status, 400);
  });

  it('ten parallel resets with one token give one success; a new request replaces the old token', async () => {
    const { email } = await signUpAndVerify();
    const client = new Client(server.url);
    await client.post('/api/forgot-password', { email });
    const first = await resend.waitFor((m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Reset your password'
    );
    const token = linkIn(first, '/reset-password?token=').searchParams.get('token')!;
    const results = await Promise.all(
      Array.from(
        { length: 10 },
        () => new Client(server.url).post('/api/reset-password', { token, password: strongPassword() }),
      ),
    );
    assertEquals(results.filter((r) => r.status === 200).length, 1);
    assert(
      results.filter((r) => r.status !== 200).every((r) =>
        r.status === 400 && r.body.message === 'Invalid or expired reset token'
      ),
    );
    const reused = await client.get(`/api/validate-reset-token?token=${token}`);
    assertEquals(reused.status, 400);
    assertEquals(reused.body.message, 'Invalid or expired reset token');
    const missing = await client.get('/api/validate-reset-token');
    assertEquals(missing.body.message, 'Invalid or missing reset token');
  });

  it('a cross-origin state-changing request with the session cookie is refused', async () => {
    const { client } = await signUpAndVerify();
    const refused = await client.post('/api/auth/logout', {}, { origin: 'https://evil.example' });
    assertEquals(refused.status, 403);
    assertEquals(refused.body.message, 'Cross-site requests are not allowed');
    const noOrigin = await client.post('/api/auth/logout', {}, {
      origin: null,
      headers: { 'sec-fetch-site': 'cross-site' },
    });
    assertEquals(noOrigin.status, 403);
    assertEquals((await client.get('/api/auth/user')).status, 200, 'still signed in');
  });

  it("Sign Out's form post, made without any script, ends the session and returns to the landing page", async () => {
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    const { client } = await signUpAndVerify();
    // From another site, a form post is refused like any state-changing request.
    const forged = await client.request('/api/auth/logout', {
      method: 'POST',
      headers: form,
      origin: 'https://evil.example',
    });
    assertEquals(forged.status, 403);
    assertEquals((await client.get('/api/auth/user')).status, 200, 'still signed in');
    const out = await client.request('/api/auth/logout', { method: 'POST', headers: form });
    assertEquals(out.status, 303);
    assertEquals(out.headers.get('location'), '/?logout=true');
    assertEquals(out.headers.get('clear-site-data'), '"storage"');
    assertEquals((await client.get('/api/auth/user')).status, 401);
  });

  it('the 11th failed login from one IP within 10 minutes gets 429 with Retry-After', async () => {
    const { email, password } = await signUpAndVerify();
    const attacker = new Client(server.url);
    for (let i = 1; i <= 10; i++) {
      const r = await attacker.post('/api/login-email', { email, password: `wrong-${i}-password` });
      assertEquals(r.status, i <= 10 ? 401 : 429, `attempt ${i}`);
    }
    const eleventh = await attacker.post('/api/login-email', { email, password: 'wrong-11-password' });
    assertEquals(eleventh.status, 429);
    assert(Number(eleventh.headers.get('retry-after')) > 0);
    assertMatch(eleventh.body.message as string, /Too many failed sign-in attempts/);
    // Even the right password waits; another IP is not affected.
    assertEquals((await attacker.post('/api/login-email', { email, password })).status, 429);
    assertEquals((await new Client(server.url).post('/api/login-email', { email, password })).status, 200);
  });

  it('a new password with a space at either end is refused; sign-in still trims what is typed (issue 50, spec 5)', async () => {
    // Replaces "a password chosen with spaces at its ends signs in": such a password is no longer stored.
    const refused = await new Client(server.url).post('/api/signup', {
      email: uniqueEmail(),
      password: '  Spaced-Out-Pass-9  ',
      firstName: 'Spacey',
      lastName: 'Edges',
    });
    assertEquals(refused.status, 400);
    assertEquals((refused.body.errors as Record<string, string>).password, 'Password cannot start or end with a space');
    const { email } = await signUpAndVerify(uniqueEmail(), 'Spaced-Out-Pass-9');
    assertEquals(
      (await new Client(server.url).post('/api/login-email', { email, password: '  Spaced-Out-Pass-9  ' })).status,
      200,
    );
  });

  it('signing in to your own account does not reset the failure count of your IP', async () => {
    const victim = await signUpAndVerify();
    const own = await signUpAndVerify();
    const attacker = new Client(server.url);
    for (let i = 1; i <= 9; i++) {
      assertEquals(
        (await attacker.post('/api/login-email', { email: victim.email, password: `guess-${i}-password` })).status,
        401,
      );
    }
    assertEquals((await attacker.post('/api/login-email', { email: own.email, password: own.password })).status, 200);
    assertEquals(
      (await attacker.post('/api/login-email', { email: victim.email, password: 'guess-10-password' })).status,
      401,
    );
    assertEquals(
      (await attacker.post('/api/login-email', { email: victim.email, password: 'guess-11-password' })).status,
      429,
    );
  });

  it('parallel guesses from one IP get at most 10 password checks in the window', async () => {
    const { email } = await signUpAndVerify();
    const attacker = new Client(server.url);
    const statuses = await Promise.all(
      Array.from(
        { length: 30 },
        (_, i) => attacker.post('/api/login-email', { email, password: `parallel-${i}-guess` }).then((r) => r.status),
      ),
    );
    assertEquals(statuses.filter((s) => s === 401).length, 10);
    assertEquals(statuses.filter((s) => s === 429).length, 20);
  });

  it('a foreign userId is refused with 403 on set-password and sync-user; sync-user saves the zip code', async () => {
    const { client } = await signUpAndVerify();
    const other = await signUpAndVerify();
    const otherId = (await other.client.get('/api/auth/user')).body.id;
    const set = await client.post('/api/auth/set-password', { userId: otherId, password: 'Another-Passw0rd' });
    assertEquals(set.status, 403);
    const sync = await client.post('/api/sync-user', { id: otherId, zipCode: '12345' });
    assertEquals(sync.status, 403);
    const userId = (await client.get('/api/auth/user')).body.id as string;
    const own = await client.post('/api/sync-user', { id: userId, zipCode: '94110' });
    assertEquals(own.status, 200);
    assertEquals(own.body.zipCode, '94110');
    // Spec 7: `id` is part of the call; without it nothing changes.
    for (const body of [{}, { zipCode: '10001' }, { id: '', zipCode: '10001' }]) {
      const missing = await client.post('/api/sync-user', body);
      assertEquals(missing.status, 400, JSON.stringify(body));
      assertEquals(Object.keys(missing.body.errors as Record<string, string>), ['id']);
    }
    const emptyBody = await client.request('/api/sync-user', { method: 'POST' });
    assertEquals(emptyBody.status, 400);
    assertEquals((await client.get('/api/auth/user')).body.zipCode, '94110', 'a refused call changes nothing');
    assertEquals((await new Client(server.url).post('/api/sync-user', { zipCode: '1' })).status, 401);
  });

  it('set-password works right after sign-in, ends other sessions, and enforces the rules in order', async () => {
    const { client, email, password: first } = await signUpAndVerify();
    const second = new Client(server.url);
    // The sign-up rules: length, then not a common password (no character classes).
    const weak = await client.post('/api/auth/set-password', { currentPassword: first, password: 'short1' });
    assertEquals(weak.status, 400);
    assertEquals((weak.body.errors as Record<string, string>).password, 'Password must be at least 8 characters long');
    const common = await client.post('/api/auth/set-password', { currentPassword: first, password: 'Password1' });
    assertEquals(common.status, 400);
    assertMatch(common.body.message as string, /too common/);
    // A second session of the same user ends when the password is set.
    const pw = strongPassword();
    assertEquals((await client.post('/api/auth/set-password', { currentPassword: first, password: pw })).status, 200);
    assertEquals((await second.post('/api/login-email', { email, password: pw })).status, 200);
    assertEquals(
      (await client.post('/api/auth/set-password', { currentPassword: pw, password: strongPassword() })).status,
      200,
    );
    assertEquals((await second.get('/api/auth/user')).status, 401);
    assertEquals((await client.get('/api/auth/user')).status, 200);
  });

  it('ADMIN_EMAILS gives the admin role on verification', async () => {
    const { client } = await signUpAndVerify('boss@example.com');
    assertEquals((await client.get('/api/auth/user')).body.role, 'admin');
  });

  it('bad bodies get 4xx with field errors and never 5xx', async () => {
    const c = new Client(server.url);
    const cases: Array<[string, unknown]> = [
      ['/api/signup', { email: 'no-at-sign', password: 'x' }],
      ['/api/signup', {
        email: 'a@b.co',
        password: 'x'.repeat(300),
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '+15551234567',
      }],
      ['/api/signup', [1, 2, 3]],
      ['/api/signup', 'just a string'],
      ['/api/login-email', { email: 5, password: null }],
      ['/api/forgot-password', {}],
      ['/api/reset-password', { token: 'abc', password: 'short' }],
      ['/api/resend-verification', { email: { nested: true } }],
    ];
    for (const [path, body] of cases) {
      const r = await c.post(path, body);
      assert(r.status >= 400 && r.status < 500, `${path} ${JSON.stringify(body).slice(0, 60)} → ${r.status}`);
      assert(typeof r.body.message === 'string');
      assert(!/at \w+ \(|stack/i.test(r.text), 'no stack trace');
    }
    const broken = await fetch(server.url + '/api/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: '{"email": ',
    });
    assertEquals(broken.status, 400);
    assertEquals((await broken.json()).message, 'The request body is not valid JSON');
  });

  it('e-mail provider outage: sign-up still succeeds and every e-mail is delivered exactly once after recovery', async () => {
    const attemptsBefore = resend.attempts.length;
    const triedIn = (mode: string) => () =>
      resend.attempts.slice(attemptsBefore).some((a: { mode: string }) => a.mode === mode);
    resend.setMode('500');
    const emails = [uniqueEmail('outage'), uniqueEmail('outage'), uniqueEmail('outage')];
    for (const email of emails) {
      const r = await new Client(server.url).post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'O',
        lastName: 'U',
        phoneNumber: '+15553334444',
      });
      assertEquals(r.status, 200);
      assertEquals(r.body.emailSent, true);
    }
    await waitFor(triedIn('500'), { timeout: 20_000, message: 'a send answered 500' });
    resend.setMode('429');
    await waitFor(triedIn('429'), { timeout: 20_000, message: 'a send answered 429' });
    assert(resend.attempts.some((a: { mode: string }) => a.mode === '500'));
    assert(resend.attempts.some((a: { mode: string }) => a.mode === '429'));
    for (const email of emails) assertEquals(resend.to(email).length, 0);
    resend.setMode('ok');
    for (const email of emails) await resend.waitFor((m: { to: string[] }) => m.to.includes(email), 40_000);
    // Nothing more arrives: every e-mail due before the barrier has been sent by the time it is.
    await outboxCaughtUp(server.url, resend);
    for (const email of emails) assertEquals(resend.to(email).length, 1, `exactly one e-mail to ${email}`);
    assert(resend.attempts.every((a: { key?: string }) => typeof a.key === 'string' && a.key.startsWith('outbox-')));
  });

  it('passwords and tokens never appear in the logs', async () => {
    const { password, token } = await signUpAndVerify();
    const logs = server.logs();
    assert(logs.includes('"msg":"email verified"'), 'the server logged at debug level');
    assertEquals(logs.includes(password), false);
    assertEquals(logs.includes(token), false);
    for (const m of resend.delivered) {
      const t = (m.text as string).match(/token=([a-z0-9]+)/)?.[1];
      if (t) assertEquals(logs.includes(t), false);
    }
  });
});
