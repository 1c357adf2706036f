// `npm start` rebuilds when anything the build reads changed, content files included.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { assertEquals } from '../helpers/assert.ts';
import { BUILD_INPUTS, buildState } from '../../scripts/start.mjs';

Deno.test('an edit to a lesson file (db/content) makes the build stale, as an edit to src does', () => {
  const base = mkdtempSync(path.join(os.tmpdir(), 'start-'));
  try {
    const file = (rel: string, at: number) => {
      mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
      writeFileSync(path.join(base, rel), 'x');
      utimesSync(path.join(base, rel), at / 1000, at / 1000);
    };
    const t = Date.now() - 60_000;
    for (const dir of ['src', 'public', 'db', 'db/content', 'db/content/lessons', 'dist', 'dist/server']) {
      mkdirSync(path.join(base, dir), { recursive: true });
    }
    file('src/page.ts', t);
    file('db/content/lessons/a.md', t);
    file('dist/server/entry.mjs', t);
    for (const dir of ['src', 'public', 'db', 'db/content', 'db/content/lessons']) {
      utimesSync(path.join(base, dir), t / 1000, t / 1000);
    }
    writeFileSync(path.join(base, 'dist', '.build-stamp'), String(t));
    assertEquals(buildState(base, {}).stale, false);
    file('db/content/lessons/a.md', t + 5_000);
    assertEquals(buildState(base, {}).stale, true, 'a content edit');
    writeFileSync(path.join(base, 'dist', '.build-stamp'), String(t + 5_000));
    assertEquals(buildState(base, {}).stale, false);
    file('db/schema.ts', t + 9_000);
    assertEquals(buildState(base, {}).stale, true, 'a schema edit');
    assertEquals(BUILD_INPUTS.includes('db'), true);

    // Issue 53: a build made for another PUBLIC_URL is stale; the stamp then records the new one.
    writeFileSync(path.join(base, 'dist', '.build-stamp'), buildState(base, {}).stamp);
    assertEquals(buildState(base, {}).stale, false, 'no PUBLIC_URL, as built');
    const other = buildState(base, { PUBLIC_URL: 'https://learn.example.org' });
    assertEquals(other.stale, true, 'another PUBLIC_URL');
    writeFileSync(path.join(base, 'dist', '.build-stamp'), other.stamp);
    assertEquals(buildState(base, { PUBLIC_URL: 'https://learn.example.org' }).stale, false);
    assertEquals(buildState(base, {}).stale, true, 'back to the default URL');
  } finally {
    rmSync(base, { recursive: true, force: true });
  }
});

Deno.test('the server sets NODE_ENV before its first import can load React (else React renders with its development build)', () => {
  const serve = Deno.readTextFileSync(new URL('../../src/serve.ts', import.meta.url));
  const firstImport = serve.split('\n').find((line) => line.startsWith('import '));
  assertEquals(firstImport, "import './production-env.ts';");
  const setter = Deno.readTextFileSync(new URL('../../src/production-env.ts', import.meta.url));
  assertEquals(
    setter.split('\n').filter((l) => l.startsWith('import ')),
    ["import process from 'node:process';"],
    'it loads nothing else first',
  );
});
