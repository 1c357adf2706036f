import { assertEquals } from '../helpers/assert.ts';
import { diffLines } from '../../src/lib/line-diff.ts';

Deno.test('the line diff pairs unchanged lines and marks removed, added and changed ones', () => {
  const rows = diffLines(['a', 'b', 'c', 'd'], ['a', 'x', 'c', 'd', 'e']);
  assertEquals(rows, [
    { kind: 'same', left: 'a', right: 'a' },
    { kind: 'changed', left: 'b', right: 'x' },
    { kind: 'same', left: 'c', right: 'c' },
    { kind: 'same', left: 'd', right: 'd' },
    { kind: 'added', left: null, right: 'e' },
  ]);
  assertEquals(diffLines(['a', 'b'], ['b']), [
    { kind: 'removed', left: 'a', right: null },
    { kind: 'same', left: 'b', right: 'b' },
  ]);
  assertEquals(diffLines([], []), []);
});
