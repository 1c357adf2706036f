import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { assert, assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import {
  apexchartsStyleHash,
  CONTENT_SECURITY_POLICY,
  CSP_DIRECTIVES,
} from '../../src/lib/server/platform/security-headers.ts';

const apexcharts = fileURLToPath(new URL('../../node_modules/apexcharts/dist/apexcharts.esm.js', import.meta.url));

Deno.test('the chart <style> hash is found in the installed apexcharts', () => {
  assertMatch(apexchartsStyleHash(readFileSync(apexcharts, 'utf8'), apexcharts), /^sha256-[\w+/]{43}=$/);
});

Deno.test('a build stops with the file named when apexcharts no longer has the chart stylesheet text', () => {
  const error = assertThrows(
    () => apexchartsStyleHash('export default class ApexCharts {}', '/x/apexcharts.esm.js'),
    Error,
  );
  assertMatch(error.message, /\/x\/apexcharts\.esm\.js no longer contains the chart stylesheet text/);
});

Deno.test('the header policy is every directive of the one list, plus inline style attributes', () => {
  for (const directive of CSP_DIRECTIVES) assert(CONTENT_SECURITY_POLICY.includes(directive), directive);
  assertEquals(CONTENT_SECURITY_POLICY.split('; ').length, CSP_DIRECTIVES.length + 1);
  assertMatch(CONTENT_SECURITY_POLICY, /frame-ancestors 'none'/);
});
