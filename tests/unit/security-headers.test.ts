import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assert, assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import {
  apexchartsStyleHash,
  CSP_DIRECTIVES,
  securityHeadersFor,
  STRICT_TRANSPORT_SECURITY,
} from '../../src/lib/server/platform/security-headers.ts';

const apexcharts = fileURLToPath(new URL('../../node_modules/apexcharts/dist/apexcharts.esm.js', import.meta.url));

Deno.test('the chart <style> hash is found in the installed apexcharts', () => {
  assertMatch(apexchartsStyleHash(readFileSync(apexcharts, 'utf8'), apexcharts), /^'sha256-[\w+/]{43}='$/);
});

Deno.test('a build stops with the file named when apexcharts no longer has the chart stylesheet text', () => {
  const error = assertThrows(
    () => apexchartsStyleHash('export default class ApexCharts {}', '/x/apexcharts.esm.js'),
    Error,
  );
  assertMatch(error.message, /\/x\/apexcharts\.esm\.js no longer contains the chart stylesheet text/);
});

Deno.test("the policy is every directive of the one list, the build's hashes and inline style attributes", () => {
  const hashes = { scriptHashes: ["'sha256-a'", "'sha256-b'"], styleHashes: ["'sha256-c'"] };
  const policy = securityHeadersFor({ APP_ENV: 'development' }, hashes)['Content-Security-Policy'];
  const directives = policy.split('; ');
  for (const directive of CSP_DIRECTIVES) assert(directives.includes(directive), directive);
  assert(directives.includes("script-src 'self' 'sha256-a' 'sha256-b'"));
  assert(directives.includes("style-src 'self' 'sha256-c'"));
  assert(directives.includes("style-src-attr 'unsafe-inline'"));
  assertEquals(directives.length, CSP_DIRECTIVES.length + 3);
});

Deno.test('only production answers ask browsers to keep to HTTPS', () => {
  const none = { scriptHashes: [], styleHashes: [] };
  assertEquals(securityHeadersFor({ APP_ENV: 'development' }, none)['Strict-Transport-Security'], undefined);
  assertEquals(
    securityHeadersFor({ APP_ENV: 'production' }, none)['Strict-Transport-Security'],
    STRICT_TRANSPORT_SECURITY,
  );
});
