import { assert, assertEquals } from '../helpers/assert.ts';
import { describeError, log, redact } from '../../src/lib/server/platform/log.ts';

/** The lines `log` writes while `fn` runs. */
function captured(fn: () => void): string {
  const lines: string[] = [];
  const [out, err] = [console.log, console.error];
  console.log = (line: string) => lines.push(line);
  console.error = (line: string) => lines.push(line);
  try {
    fn();
  } finally {
    console.log = out;
    console.error = err;
  }
  return lines.join('\n');
}

const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2hoYXNo';
const session = 'abcdefghijklmnopqrstuvwx.abcdefghijklmnopqrstuvwxyz234567';

Deno.test('a failed query is logged by its cause: no SQL parameters, hash, name or address', () => {
  // The shape of drizzle's DrizzleQueryError: the query and its parameters in the message.
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  const error = Object.assign(
    new Error(
      `Failed query: insert into "users" ("email", "first_name", "password_hash") values ($1, $2, $3)\nparams: ada@example.com,Ada\u0000,${hash}`,
    ),
    {
      query: 'insert into "users" …',
      params: ['ada@example.com', 'Ada\u0000', hash],
      cause,
    },
  );
  const line = captured(() => log('error', 'unhandled error', { path: '/api/signup', ...describeError(error) }));
  assert(line.includes('invalid byte sequence'), line);
  assert(line.includes('22021'));
  for (const secret of [hash, 'ada@example.com', 'params', '$argon2']) {
    assert(!line.includes(secret), `${secret} in ${line}`);
  }
});

Deno.test('secrets are redacted by key at any depth, and by their look inside text', () => {
  const fields = redact({
    password: 'hunter2',
    user: { passwordHash: hash, token: 'abc', nested: { cookie: 'session=x', authorization: 'Bearer y' } },
    params: ['a'],
    html: '<p>mail</p>',
    text: 'body',
    note: `link https://x.test/reset-password?token=secret123 and ${session} and ${hash}`,
    path: '/lessons',
  });
  assertEquals(fields.password, '[redacted]');
  assertEquals(fields.user, {
    passwordHash: '[redacted]',
    token: '[redacted]',
    nested: { cookie: '[redacted]', authorization: '[redacted]' },
  });
  assertEquals([fields.params, fields.html, fields.text], ['[redacted]', '[redacted]', '[redacted]']);
  assertEquals(
    fields.note,
    'link https://x.test/reset-password?token=[redacted] and [redacted token] and [redacted hash]',
  );
  assertEquals(fields.path, '/lessons');
});
