// A module keeps process-wide state on globalThis only with a comment saying why (the Astro
// bundle and the server wrapper each load their own copy of a module, so a plain module-level
// value would exist twice).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../helpers/files.ts';
import { assertEquals } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');

const sourceFiles = (dir: string) => filesUnder(dir).filter((file) => /\.(ts|tsx|mjs|astro)$/.test(file));

Deno.test('every singleton on globalThis has a comment saying why, right above its key', () => {
  const unexplained: string[] = [];
  for (
    const file of [
      ...sourceFiles(path.join(root, 'src')),
      ...sourceFiles(path.join(root, 'db')),
      ...sourceFiles(path.join(root, 'scripts')),
    ]
  ) {
    const lines = readFileSync(file, 'utf8').split('\n');
    const rel = path.relative(root, file);
    lines.forEach((line, i) => {
      // Feature detection (is this Deno?) keeps no state.
      if (!/\bglobalThis\b/.test(line) || /globalThis as \{ Deno\?/.test(line)) return;
      if (/^\s*(\/\/|\*|\/\*)/.test(line)) return;
      const key = lines.findIndex((l) => /Symbol\.for\(/.test(l));
      const explained = key > 0 && /^\s*\/\//.test(lines[key - 1]);
      if (!explained) unexplained.push(`${rel}:${i + 1}`);
    });
  }
  assertEquals(unexplained, []);
});
