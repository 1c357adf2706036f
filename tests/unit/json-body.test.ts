// A JSON body is walked without recursion: nesting past the limit is a clear 400, never a
// stack overflow (a 500), and NUL or broken Unicode is still found at any depth within it.
import { assert, assertEquals, assertThrows } from '../helpers/assert.ts';
import { HttpError, MAX_JSON_DEPTH, parseJsonText, TOO_DEEP_MESSAGE } from '../../src/lib/server/platform/http.ts';

const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

Deno.test('nesting 8,000 and 10,000 deep answers 400 "nested too deeply"', () => {
  for (const text of [deep(8000), deep(10_000), '{"a":'.repeat(10_000) + '1' + '}'.repeat(10_000)]) {
    const error = assertThrows(() => parseJsonText(text), HttpError);
    assertEquals(error.status, 400);
    assertEquals(error.message, TOO_DEEP_MESSAGE);
  }
});

Deno.test('up to the limit is accepted, one level more is refused', () => {
  assert(parseJsonText(deep(MAX_JSON_DEPTH)));
  assertEquals(assertThrows(() => parseJsonText(deep(MAX_JSON_DEPTH + 1)), HttpError).message, TOO_DEEP_MESSAGE);
});

Deno.test('NUL in a nested field is named with its path', () => {
  const error = assertThrows(() => parseJsonText('{"a":{"b":[1,"x\\u0000"]}}'), HttpError);
  assertEquals(error.status, 400);
  assert(error.message.startsWith('a.b.1 '), error.message);
});
