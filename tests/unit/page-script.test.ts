// Every island a page renders with ReactIsland.astro is hydrated by the signed-in screens' one
// script (page-script.ts looks each island's component up by name): an island missing from its
// table would stay server-rendered HTML whose controls never work.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../helpers/files.ts';
import { assert } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');

Deno.test('every ReactIsland a page renders has its component in page-script.ts', () => {
  const script = readFileSync(path.join(root, 'src/components/island/page-script.ts'), 'utf8');
  const table = script.slice(script.indexOf('const islands'), script.indexOf('};', script.indexOf('const islands')));
  const hydrated = new Set([...table.matchAll(/^\s*'?([a-z-]+)'?: \(\) => import\(/gm)].map((m) => m[1]));
  const rendered = filesUnder(path.join(root, 'src')).filter((file) => file.endsWith('.astro')).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/<ReactIsland name="([^"]+)"/g)].map((m) => m[1]));
  assert(rendered.length >= 5, `found the pages' islands (${rendered.join(', ')})`);
  for (const name of rendered) assert(hydrated.has(name), `island "${name}" is not in page-script.ts's table`);
});
