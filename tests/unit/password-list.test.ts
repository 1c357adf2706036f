// Issue 50, point 2: the 100,000 most common leaked passwords, the ASVS V6.2.11 context words,
// and no space at either end of a new password.
import { assert, assertEquals } from '../helpers/assert.ts';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import {
  commonPasswords,
  hasContextWord,
  isCommonPassword,
  LIST_FILE,
} from '../../src/lib/server/auth/password-list.ts';
import { checkBasicPassword, checkSetPassword, setPasswordProblem } from '../../src/lib/password-rules.ts';
import { nameProblem, newPasswordProblem } from '../../src/lib/account-fields.ts';

Deno.test('the shipped list holds at least the 100,000 most common passwords, compared without case', () => {
  const lines = gunzipSync(readFileSync(LIST_FILE)).toString('utf8').split('\n').filter(Boolean);
  assertEquals(lines.length, 100_000);
  const refused = commonPasswords();
  assert(lines.every((line) => refused.has(line.trim().toLowerCase())), 'every listed password is refused');
  // From the top, the middle and the end of SecLists' top-100000 list (db/passwords/README.md).
  for (
    const password of ['123456', 'password', 'trustno1', 'q1w2e3r4t5', 'PASSWORD', 'Usuckballz1', '07021954', '070162']
  ) {
    assertEquals(isCommonPassword(password), true, password);
  }
  for (const password of ['Tr3e-4f9a0c1b2d3e', 'Kx7-Plum-Orbit-2']) {
    assertEquals(isCommonPassword(password), false, password);
  }
});

Deno.test("context words: the app's name, the address, its local part and the names are refused inside a password", () => {
  const context = { email: 'maria.lopez@example.com', firstName: 'Maria', lastName: 'Lopez' };
  for (
    const password of [
      'WealthCoach2026!',
      'wealth-coach-1',
      'maria.lopez99',
      'Lopez-Family-1',
      'xxMARIAxx-22',
      'maria.lopez@example.com',
    ]
  ) {
    assertEquals(hasContextWord(password, context), true, password);
  }
  assertEquals(hasContextWord('Tr3e-4f9a0c1b2d3e', context), false);
  // Names shorter than four letters are too common inside other words to refuse.
  assertEquals(hasContextWord('Alibaba-Caves-9', { firstName: 'Ali' }), false);
  // Full-width letters are the same word.
  assertEquals(hasContextWord('ＷｅａｌｔｈＣｏａｃｈ１', {}), true);
});

Deno.test('a new password never starts or ends with a space, on every password screen', () => {
  const message = 'Password cannot start or end with a space';
  assertEquals(newPasswordProblem(' Tr3e-4f9a0c1b2d3e'), message);
  assertEquals(newPasswordProblem('Tr3e-4f9a0c1b2d3e\t'), message);
  assertEquals(setPasswordProblem('Tr3e-4f9a0c1b2d3e '), message);
  assertEquals(checkSetPassword(' Tr3e-4f9a0c1b2d3e', ' Tr3e-4f9a0c1b2d3e'), message);
  assertEquals(checkBasicPassword(' Tr3e-4f9a0c1b2d3e', ' Tr3e-4f9a0c1b2d3e'), message);
  assertEquals(newPasswordProblem('Tr3e 4f9a 0c1b'), null, 'spaces inside are fine');
  assertEquals(newPasswordProblem('   '), 'Password is required');
});

Deno.test('F6: names refuse bare domains and their NFKC look-alikes, and keep real names', () => {
  for (
    const name of [
      'Visit evilbank.com',
      'bit.ly',
      'evilbank.COM',
      'ｗｗｗ．evil',
      'ｅｖｉｌ．ｃｏｍ',
      'evil。com',
      'x.co',
    ]
  ) {
    assertEquals(nameProblem('First name', name), 'First name cannot contain a web or e-mail address', name);
  }
  for (const name of ["O'Brien", 'St. John', 'J.R.R. Tolkien', 'José-María', '李', 'Zoë', 'Dr. Who', 'A.B.']) {
    assertEquals(nameProblem('First name', name), null, name);
  }
});
