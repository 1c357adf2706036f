// `npm test`: type check, format and lint, unit + integration tests (Deno; PGlite always, Postgres too when
// DATABASE_URL is set), build, browser tests (Playwright in Debian's Chromium).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deno = path.join(root, 'node_modules', 'deno', 'deno');
const env = { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', NO_COLOR: '1' };
const totals = { passed: 0, failed: 0 };

function run(title, command, args, { count } = {}) {
  console.log(`\n=== ${title} ===`);
  const result = spawnSync(command, args, {
    cwd: root,
    env,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 256 * 1024 * 1024,
  });
  process.stdout.write(result.stdout ?? '');
  process.stderr.write(result.stderr ?? '');
  if (count) count(result.stdout ?? '');
  if (result.status !== 0) {
    console.log(`\n${title} failed (exit ${result.status}).`);
    console.log(`tests: ${totals.passed} passed, ${Math.max(totals.failed, 1)} failed`);
    process.exit(result.status ?? 1);
  }
}

const denoCount = (out) => {
  // A describe() of tests/helpers/bdd.ts is one Deno test whose it()s are steps: count the steps.
  const m = out.match(/(?:ok|FAILED) \| (\d+) passed(?: \((\d+) steps?\))? \| (\d+) failed(?: \((\d+) steps?\))?/);
  if (m) {
    totals.passed += Number(m[1]) + Number(m[2] ?? 0);
    totals.failed += Number(m[3]) + Number(m[4] ?? 0);
  }
};
const playwrightCount = (out) => {
  const passed = out.match(/^\s*(\d+) passed/m);
  const failed = out.match(/^\s*(\d+) failed/m);
  if (passed) totals.passed += Number(passed[1]);
  if (failed) totals.failed += Number(failed[1]);
};

const only = process.argv[2];
if (!only || only === 'check') {
  run('type check', deno, ['run', '-A', 'node_modules/astro/bin/astro.mjs', 'check', '--minimumSeverity', 'warning']);
  // deno.json holds the formatter's and the linter's settings; `npm run fmt` formats.
  run('format', deno, ['fmt', '--check', '--unstable-component']);
  run('lint', deno, ['lint']);
}
// Integration and browser tests start the built server, so the build comes first.
if (only !== 'check') run('build', deno, ['run', '-A', 'node_modules/astro/bin/astro.mjs', 'build']);
if (!only || only === 'unit') {
  // Deno turned its op and resource sanitizers off by default in 2.8: on here, so a test that
  // leaks a server, a client, a timer or an unread body fails (tests/helpers/bdd.ts does the same).
  // --parallel: one test file per core at a time; each file makes its own database and server.
  run('unit and integration tests', deno, [
    'test',
    '-A',
    '--parallel',
    '--sanitize-ops',
    '--sanitize-resources',
    'tests/unit',
    'tests/integration',
  ], { count: denoCount });
}
if (!only || only === 'e2e') {
  run('browser tests', process.execPath, [path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'), 'test'], {
    count: playwrightCount,
  });
}
console.log(`\ntests: ${totals.passed} passed, ${totals.failed} failed`);
