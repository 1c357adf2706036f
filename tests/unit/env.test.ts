import { assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import { EnvError, parseEnv } from '../../src/lib/server/platform/env.ts';

Deno.test('the defaults give PGlite in ./data on port 4321', () => {
  const env = parseEnv({});
  assertEquals(env.PORT, 4321);
  assertEquals(env.HOST, '127.0.0.1');
  assertEquals(env.DATA_DIR, './data');
  assertEquals(env.DATABASE_URL, undefined);
  assertEquals(env.PUBLIC_URL, 'http://localhost:4321');
});

Deno.test('a bad value stops start-up with a message that names the variable', () => {
  const cases: Array<[Record<string, string>, RegExp]> = [
    [{ PORT: 'eighty' }, /PORT/],
    [{ PORT: '70000' }, /PORT/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL/],
    [{ PUBLIC_URL: 'not a url' }, /PUBLIC_URL/],
    [{ ADMIN_EMAILS: 'a@b.co, nope' }, /ADMIN_EMAILS/],
    [{ AUTHOR_EMAILS: 'writer@example.com,,x' }, /AUTHOR_EMAILS/],
    [{ APP_ENV: 'staging' }, /APP_ENV/],
    [{ APP_ENV: 'production' }, /RESEND_API_KEY/],
    [{ GOOGLE_CLIENT_ID: 'id-only' }, /GOOGLE_CLIENT_SECRET/],
  ];
  for (const [source, pattern] of cases) {
    const error = assertThrows(() => parseEnv(source), EnvError);
    assertMatch(error.message, pattern);
  }
});

Deno.test('ADMIN_EMAILS is a lower-cased list and PUBLIC_URL loses its trailing slash', () => {
  const env = parseEnv({ ADMIN_EMAILS: ' Ada@Example.com ,bob@example.com', PUBLIC_URL: 'https://app.example.com/' });
  assertEquals(env.ADMIN_EMAILS, ['ada@example.com', 'bob@example.com']);
  assertEquals(env.PUBLIC_URL, 'https://app.example.com');
});

Deno.test('AUTHOR_EMAILS is a lower-cased list, empty by default', () => {
  assertEquals(parseEnv({}).AUTHOR_EMAILS, []);
  assertEquals(parseEnv({ AUTHOR_EMAILS: ' Writer@Example.com, ed@example.com ' }).AUTHOR_EMAILS, [
    'writer@example.com',
    'ed@example.com',
  ]);
});
