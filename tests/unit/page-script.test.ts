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
  const rendered = filesUnder(path.join(root, 'src')).filter((file) => file.endsWith('.astro')).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(/<ReactIsland name="([^"]+)"/g)].map((m) => m[1])
  );
  assert(rendered.length >= 5, `found the pages' islands (${rendered.join(', ')})`);
  for (const name of rendered) assert(hydrated.has(name), `island "${name}" is not in page-script.ts's table`);
});

// Astro gives a script's stylesheets, its dynamic imports' included, to every page that has the
// script; this one is on every signed-in page, so a stylesheet imported by anything it loads would
// be inlined into all of them. The pages import their islands' stylesheets instead.
Deno.test('nothing page-script.ts loads imports a stylesheet', () => {
  const seen = new Set<string>();
  const stylesheets: string[] = [];
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [...source.matchAll(/(?:^import\s+(?:[^'"]*?\s+from\s+)?|\bimport\()\s*['"]([^'"]+)['"]/gm)].map(
      (m) => m[1],
    );
    for (const specifier of specifiers.filter((s) => s.startsWith('.'))) {
      const target = path.resolve(path.dirname(file), specifier);
      if (target.endsWith('.css')) stylesheets.push(`${path.relative(root, file)} imports ${specifier}`);
      else visit(target);
    }
  };
  visit(path.join(root, 'src/components/island/page-script.ts'));
  const loaded = [...seen].map((file) => path.relative(root, file));
  for (
    const module of [
      'src/components/dashboard/Dashboard.tsx',
      'src/components/ui/ChoiceQuestion.tsx',
      'src/components/ui/toaster-dom.ts',
    ]
  ) {
    assert(loaded.includes(module), `followed the imports to ${module} (${loaded.length} modules)`);
  }
  assert(stylesheets.length === 0, stylesheets.join('; '));
});
