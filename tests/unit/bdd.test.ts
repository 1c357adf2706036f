// The test helper's describe/it runs hooks in the order @std/testing/bdd does.
import { assertEquals } from '../helpers/assert.ts';
import { afterAll, afterEach, beforeAll, beforeEach, describe, it } from '../helpers/bdd.ts';

const calls: string[] = [];

describe('bdd hooks run around the steps in order, outer hooks around inner ones', () => {
  beforeAll(() => void calls.push('beforeAll'));
  beforeEach(() => void calls.push('beforeEach'));
  afterEach(() => void calls.push('afterEach'));
  afterAll(() => {
    calls.push('afterAll');
    assertEquals(calls, [
      'beforeAll',
      'beforeEach',
      'first',
      'afterEach',
      'inner beforeAll',
      'beforeEach',
      'inner beforeEach',
      'second',
      'inner afterEach',
      'afterEach',
      'inner afterAll',
      'beforeEach',
      'third',
      'afterEach',
      'afterAll',
    ]);
  });

  it('first', () => void calls.push('first'));
  describe('inner', () => {
    beforeAll(() => void calls.push('inner beforeAll'));
    beforeEach(() => void calls.push('inner beforeEach'));
    afterEach(() => void calls.push('inner afterEach'));
    afterAll(() => void calls.push('inner afterAll'));
    it('second', () => void calls.push('second'));
  });
  it('third', () => void calls.push('third'));
  it('an ignored step runs no hooks', { ignore: true }, () => void calls.push('ignored'));
});
