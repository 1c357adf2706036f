// Google sign-in against a local fake OAuth provider (the endpoints are configurable).
import http from 'node:http';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { Client } from '../helpers/client.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

let profile: Record<string, unknown> = {};
const seen: { tokenBody?: string } = {};
const fake = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c) => (body += c));
  req.on('end', () => {
    res.setHeader('content-type', 'application/json');
    if (req.url === '/token' && req.method === 'POST') {
      seen.tokenBody = body;
      if (!new URLSearchParams(body).get('code_verifier')) {
        res.statusCode = 400;
        return res.end(JSON.stringify({ error: 'invalid_request' }));
      }
      return res.end(JSON.stringify({ access_token: 'fake-access', token_type: 'Bearer', expires_in: 3600 }));
    }
    if (req.url === '/userinfo') {
      if (req.headers.authorization !== 'Bearer fake-access') {
        res.statusCode = 401;
        return res.end('{}');
      }
      return res.end(JSON.stringify(profile));
    }
    res.statusCode = 404;
    res.end('{}');
  });
});

let provider: string;
let server: Awaited<ReturnType<typeof startServer>>;

async function signInWithGoogle(client: Client) {
  const start = await client.get('/api/auth/google');
  assertEquals(start.status, 302);
  const location = new URL(start.headers.get('location')!);
  assertEquals(location.origin + location.pathname, `${provider}/auth`);
  assertEquals(location.searchParams.get('code_challenge_method'), 'S256');
  assert(location.searchParams.get('code_challenge'));
  assertMatch(location.searchParams.get('redirect_uri')!, /\/auth-callback$/);
  const state = location.searchParams.get('state')!;
  return client.post<{ user: { email: string; id: string }; redirectTo: string }>('/api/auth/google/callback', {
    code: 'the-code',
    state,
  });
}

describe('Google sign-in', () => {
  beforeAll(async () => {
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    provider = `http://127.0.0.1:${(fake.address() as { port: number }).port}`;
    server = await startServer({
      env: {
        GOOGLE_CLIENT_ID: 'client-id',
        GOOGLE_CLIENT_SECRET: 'client-secret',
        GOOGLE_AUTH_URL: `${provider}/auth`,
        GOOGLE_TOKEN_URL: `${provider}/token`,
        GOOGLE_USERINFO_URL: `${provider}/userinfo`,
      },
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (fake.listening) await new Promise((r) => fake.close(r));
  });

  it('Google sign-in: state + PKCE, a new verified account without a password, the same account next time', async () => {
    profile = {
      sub: 'google-123',
      email: 'gina@example.com',
      email_verified: true,
      given_name: 'Gina',
      family_name: 'Google',
    };
    const client = new Client(server.url);
    const first = await signInWithGoogle(client);
    assertEquals(first.status, 200);
    assertEquals(first.body.user.email, 'gina@example.com');
    assertEquals(first.body.redirectTo, '/assessment');
    assertMatch(seen.tokenBody ?? '', /code_verifier=/);
    const me = await client.get('/api/auth/user');
    assertEquals([me.body.emailVerified, me.body.firstName], [true, 'Gina']);
    // No password yet: set-password is allowed.
    assertEquals((await client.post('/api/auth/set-password', { password: 'Sets-Her-1-Password' })).status, 200);

    const again = await signInWithGoogle(new Client(server.url));
    assertEquals(again.body.user.id, first.body.user.id);
  });

  it('Google sign-in takes over an unverified sign-up of the same address, and its password stops working', async () => {
    // Someone signs up with Hana's address and a password of their own, never verifying it.
    const squatter = new Client(server.url);
    const signup = await squatter.post('/api/signup', {
      email: 'hana@example.com',
      password: 'Squatter-Pass-42',
      firstName: 'Not',
      lastName: 'Hana',
      phoneNumber: '+15550001111',
    });
    assertEquals(signup.status, 200);
    profile = {
      sub: 'google-hana',
      email: 'hana@example.com',
      email_verified: true,
      given_name: 'Hana',
      family_name: 'Real',
    };
    const hana = new Client(server.url);
    const linked = await signInWithGoogle(hana);
    assertEquals(linked.status, 200);
    const me = await hana.get('/api/auth/user');
    assertEquals([me.body.emailVerified, me.body.firstName, me.body.lastName, me.body.phoneNumber], [
      true,
      'Hana',
      'Real',
      '',
    ]);
    const login = await new Client(server.url).post('/api/login-email', {
      email: 'hana@example.com',
      password: 'Squatter-Pass-42',
    });
    assertEquals(login.status, 401, "the squatter's password no longer signs in");
  });

  it('Google sign-in links to a verified account of the same address and keeps its password', async () => {
    const owner = new Client(server.url);
    await owner.post('/api/signup', {
      email: 'ivan@example.com',
      password: 'Kettle-Own-Pass-7',
      firstName: 'Ivan',
      lastName: 'Owner',
      phoneNumber: '+15550002222',
    });
    // The dev mailbox answers a loopback client without proxy headers (the Client names an IP by one).
    const mailbox = await (await fetch(`${server.url}/dev/mailbox`)).text();
    const ivansMail =
      mailbox.split('<li class="card mail"').find((item) => item.includes('data-to="ivan@example.com"')) ?? '';
    const token = ivansMail.match(/verify-email\?token=([A-Za-z0-9_-]+)/)?.[1];
    assert(token, 'the dev mailbox shows the verification link');
    assertEquals((await owner.post('/api/verify-email', { token })).status, 200);
    const ownerId = (await owner.get('/api/auth/user')).body.id;
    profile = { sub: 'google-ivan', email: 'ivan@example.com', email_verified: true, given_name: 'Ivan' };
    const viaGoogle = await signInWithGoogle(new Client(server.url));
    assertEquals(viaGoogle.body.user.id, ownerId);
    assertEquals(
      (await new Client(server.url).post('/api/login-email', {
        email: 'ivan@example.com',
        password: 'Kettle-Own-Pass-7',
      })).status,
      200,
    );
  });

  it('Google sign-in refuses a wrong state and an unverified Google e-mail', async () => {
    profile = { sub: 'google-456', email: 'unverified@example.com', email_verified: false };
    const client = new Client(server.url);
    await client.get('/api/auth/google');
    const wrongState = await client.post('/api/auth/google/callback', { code: 'the-code', state: 'forged' });
    assertEquals(wrongState.status, 400);
    const unverified = await signInWithGoogle(new Client(server.url));
    assertEquals(unverified.status, 400);
    assertEquals((await new Client(server.url).post('/api/auth/google/callback', {})).status, 400);
  });

  it('the sign-in options report Google when configured', async () => {
    assertEquals((await new Client(server.url).get('/api/auth/providers')).body, { google: true, passkeys: true });
  });

  it('without Google configured the Google calls answer 404 with a message', async () => {
    const plain = await startServer();
    try {
      const c = new Client(plain.url);
      const start = await c.get('/api/auth/google');
      assertEquals(start.status, 404);
      assertEquals(start.body.message, 'Google sign-in is not available');
      assertEquals((await c.post('/api/auth/google/callback', { code: 'x', state: 'y' })).status, 404);
      assertEquals((await c.get('/api/auth/providers')).body, { google: false, passkeys: true });
    } finally {
      await plain.stop();
    }
  });
});
