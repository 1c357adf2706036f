// `?next=` is followed only to a same-origin path, judged after URL normalisation (the server's
// redirect and the sign-in forms use this one function). The table is shared with the
// integration test of /login and the reliability fuzzer.
import { assertEquals } from '../helpers/assert.ts';
import { safeNextPath } from '../../src/lib/safe-redirect.ts';
import { KEPT_NEXT, REFUSED_NEXT } from '../helpers/redirect-table.ts';

Deno.test('a tricky next falls back to the default page', () => {
  for (const value of REFUSED_NEXT) assertEquals(safeNextPath(value), '/', JSON.stringify(value));
  assertEquals(safeNextPath('/.//evil.example/phish', '/dashboard'), '/dashboard');
});

Deno.test('a same-origin path is kept, normalised and percent-encoded', () => {
  for (const [value, expected] of KEPT_NEXT) assertEquals(safeNextPath(value), expected, value);
});

Deno.test('nothing that is not a string is followed', () => {
  assertEquals(safeNextPath(null), '/');
  assertEquals(safeNextPath(undefined), '/');
  assertEquals(safeNextPath(''), '/');
});
