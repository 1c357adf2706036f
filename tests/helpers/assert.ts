// Small assertion helpers on node:assert, so tests need no extra package.
import assert from 'node:assert/strict';

export function assertEquals<T>(actual: T, expected: T, message?: string): void {
  assert.deepStrictEqual(actual, expected, message);
}
export function assert_(value: unknown, message?: string): asserts value {
  assert.ok(value, message);
}
export { assert_ as assert };
export function assertMatch(actual: string, pattern: RegExp, message?: string): void {
  assert.match(actual, pattern, message);
}
export function assertThrows<E extends Error>(fn: () => unknown, type: new (...args: never[]) => E): E {
  try {
    fn();
  } catch (error) {
    assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
    return error as E;
  }
  throw new assert.AssertionError({ message: `expected ${type.name} to be thrown` });
}
export async function assertRejects<E extends Error>(
  fn: () => Promise<unknown>,
  type?: new (...args: never[]) => E,
): Promise<E> {
  try {
    await fn();
  } catch (error) {
    if (type) assert.ok(error instanceof type, `expected ${type.name}, got ${String(error)}`);
    return error as E;
  }
  throw new assert.AssertionError({ message: 'expected a rejection' });
}
