// Every document a comment or a message names is in the repository (docs/, bench/, the READMEs):
// a reader who follows a reference finds the page.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { assertEquals } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '../..');
const SOURCE = /\.(ts|tsx|astro|mjs|css)$/;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    return statSync(full).isDirectory() ? sources(full) : SOURCE.test(name) ? [full] : [];
  });
}

/** A reference to one of our documents: a path to a .md file under docs/ or bench/, or a README. */
const REFERENCE =
  /(?<![\w./'-])((?:docs|bench)\/[\w./-]+\.md|db\/content\/README\.md|README\.md|DESIGN\.md|STYLE\.md|SECURITY\.md|ARCHITECTURE\.md|RESULTS\.md)\b/g;

Deno.test('every document our code names exists, at the path it names', () => {
  const missing: string[] = [];
  for (const file of ['src', 'db', 'scripts', 'bench', 'tests'].flatMap((d) => sources(path.join(root, d)))) {
    const text = readFileSync(file, 'utf8');
    for (const [, name] of text.matchAll(REFERENCE)) {
      // A bare README.md names the README of the folder it is in, or the repository's.
      const found = name === 'README.md'
        ? existsSync(path.join(path.dirname(file), name)) || existsSync(path.join(root, name))
        : existsSync(path.join(root, name));
      if (!found) missing.push(`${path.relative(root, file)}: ${name}`);
    }
  }
  assertEquals(missing, []);
});
