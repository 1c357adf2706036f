import { assertEquals } from '../helpers/assert.ts';
import { checkBasicPassword, checkSetPassword, passwordStrength } from '../../src/lib/password-rules.ts';
import { safeNextPath } from '../../src/lib/safe-redirect.ts';

Deno.test('set-password has the sign-up rules: length, then the confirmation', () => {
  assertEquals(checkSetPassword('Ab1', 'Ab1'), 'Password must be at least 8 characters long');
  assertEquals(checkSetPassword('abcdefgh', 'abcdefgh'), null);
  assertEquals(checkSetPassword('ABCDEFG1', 'ABCDEFG1'), null);
  assertEquals(checkSetPassword('Abcdefg1', 'Abcdefg2'), 'Passwords do not match');
  assertEquals(checkSetPassword('Abcdefg1', 'Abcdefg1'), null);
  // The first broken rule wins: short and without digits reports the length.
  assertEquals(checkSetPassword('abc', 'xyz'), 'Password must be at least 8 characters long');
});

Deno.test('sign-up and reset: match and at least 8 characters', () => {
  assertEquals(checkBasicPassword('12345678', '12345679'), 'Passwords do not match');
  assertEquals(checkBasicPassword('1234567', '1234567'), 'Password must be at least 8 characters long');
  assertEquals(checkBasicPassword('12345678', '12345678'), null);
});

Deno.test('strength: too short under 8, weak under 3 points, medium at 3, strong at 4 or more', () => {
  assertEquals(passwordStrength('Ab1!').label, 'Too short');
  assertEquals(passwordStrength('abcdefgh').label, 'Weak'); // lower = 1
  assertEquals(passwordStrength('abcdefg1').label, 'Weak'); // lower + digit = 2
  assertEquals(passwordStrength('Abcdefg1').label, 'Medium'); // upper + lower + digit = 3
  assertEquals(passwordStrength('Abcdefg1!').label, 'Strong'); // + symbol = 4
  assertEquals(passwordStrength('abcdefghij1').label, 'Weak'); // 11 chars: lower + digit
  assertEquals(passwordStrength('abcdefghijk1').label, 'Medium'); // 12 chars, lower, digit
  assertEquals(passwordStrength('Abcdefghijk1!').score, 5);
});

Deno.test('?next= accepts same-site paths only', () => {
  assertEquals(safeNextPath('/lessons?pillar=credit'), '/lessons?pillar=credit');
  for (const bad of ['https://evil.example', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '', null]) {
    assertEquals(safeNextPath(bad), '/');
  }
});
