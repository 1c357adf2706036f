import { assertEquals } from '../helpers/assert.ts';
import { mayPublish, mayUseStudio } from '../../src/lib/server/auth/permissions.ts';

Deno.test('the studio is for authors and admins; publishing is for admins', () => {
  const table: Array<[null | { role: 'learner' | 'author' | 'admin' }, boolean, boolean]> = [
    [null, false, false],
    [{ role: 'learner' }, false, false],
    [{ role: 'author' }, true, false],
    [{ role: 'admin' }, true, true],
  ];
  for (const [user, studio, publish] of table) {
    assertEquals([mayUseStudio(user), mayPublish(user)], [studio, publish], JSON.stringify(user));
  }
});
