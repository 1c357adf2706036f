// `next` values a sign-in must never follow off our origin (the open-redirect table), and
// same-origin paths it keeps. Used by the unit test, the /login integration test, the e2e test of
// the sign-in form and the reliability fuzzer.
export const REFUSED_NEXT: string[] = [
  '/.//evil.example/phish',
  '/./\\evil.example',
  '/../..//evil.example',
  '/%2e//evil.example',
  '/%2E%2E//evil.example',
  '/a/..//evil.example',
  '//evil.example',
  '///evil.example',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t/evil.example',
  '/\n/evil.example',
  '/\r\n/evil.example',
  'java\tscript:alert(1)',
  'javascript:alert(1)',
  'JavaScript:alert(document.cookie)',
  'data:text/html,<script>alert(1)</script>',
  'https://evil.example/',
  'http://evil.example',
  'https:evil.example',
  'evil.example',
  '@evil.example',
  ' /dashboard',
  '/dashboard\u0000',
  `/${'a'.repeat(5000)}`,
];

/** [value, what is followed]: same-origin paths, normalised. */
export const KEPT_NEXT: Array<[string, string]> = [
  ['/dashboard', '/dashboard'],
  ['/lessons?pillar=credit', '/lessons?pillar=credit'],
  ['/lesson/3#quiz', '/lesson/3#quiz'],
  ['/a/../progress', '/progress'],
  ['/./review', '/review'],
  ['/%2e%2e/account', '/account'],
  ['/leçon', '/le%C3%A7on'],
  ['/%2F%2Fevil.example', '/%2F%2Fevil.example'],
];
