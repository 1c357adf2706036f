// The README stays true: its links and images exist in the repository (none points outside it),
// the lesson counts it states are the curriculum's, the commands it lists are package.json's
// scripts, and its configuration table names exactly the variables the server reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assert, assertEquals } from '../helpers/assert.ts';
import { parseLessonFile } from '../../src/lib/curriculum.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

Deno.test('every link and image of the README is a file of this repository', () => {
  const targets = [...readme.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]).filter((t) =>
    !/^(https?:|mailto:|#)/.test(t)
  );
  assert(targets.length > 5, 'the README links its docs and screenshots');
  for (const target of targets) {
    const file = path.resolve(root, target.split('#')[0]);
    assert(file.startsWith(root + path.sep), `${target} points outside the repository`);
    assert(existsSync(file), `${target} does not exist`);
  }
  assert(!readme.includes('../shared'), 'no reference to files outside the repository');
});

Deno.test("the README's lesson counts are the curriculum's", () => {
  const folder = path.join(root, 'db/content/lessons');
  const lessons = readdirSync(folder).filter((f) => f.endsWith('.md')).map((f) =>
    parseLessonFile(readFileSync(path.join(folder, f), 'utf8'), f)
  );
  // A level may hold more than 5 lessons, so pillars can differ: the README names each count.
  const perPillar = ['saving', 'credit', 'investing'].map((p) => `${p} ${lessons.filter((l) => l.pillar === p).length}`)
    .join(', ');
  const stated = `**${lessons.length} lessons** (${perPillar};`;
  assert(readme.includes(stated), `the README says ${stated}`);
});

Deno.test('the commands the README lists are scripts of package.json', () => {
  const scripts = Object.keys(JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts);
  const named = [...readme.matchAll(/`npm (?:run )?([a-z:-]+)`/g)].map((m) => m[1]).filter((n) =>
    !['install', 'ci', 'start', 'test'].includes(n)
  );
  assert(named.length > 3);
  for (const name of named) assert(scripts.includes(name), `npm run ${name} is not a script`);
});

Deno.test("the configuration table names exactly the server's variables", () => {
  const env = readFileSync(path.join(root, 'src/lib/server/platform/env.ts'), 'utf8');
  const schema = env.slice(env.indexOf('.object('), env.indexOf('export type Env'));
  const read = new Set([...schema.matchAll(/^\s{4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]));
  const section = readme.slice(readme.indexOf('## Configuration'), readme.indexOf('## Deploy'));
  const documented = new Set(
    [...section.matchAll(/^\| ([^|]+) \|/gm)].flatMap((m) =>
      [...m[1].matchAll(/`([A-Z][A-Z0-9_]+)`/g)].map((v) => v[1])
    ),
  );
  assertEquals([...documented].sort(), [...read].sort());
});
