// Islands run in the browser: nothing they import, directly or through other modules, may be
// server code (src/lib/server, db/). Kept as a test, after Starlight's architecture checks.
import { readdirSync, readFileSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { assertEquals } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');
const browserRoots = ['src/components', 'src/stores', 'src/lib'];
const serverOnly = [path.join(root, 'src/lib/server'), path.join(root, 'db')];

function walk(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

function importsOf(file: string): string[] {
  // Type-only imports are erased at build time, so they may name server modules.
  const source = readFileSync(file, 'utf8').replace(/import\s+type\s[^;]*?from\s*['"][^'"]+['"];?/g, '');
  const specs = [...source.matchAll(/(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g)];
  return specs.map((m) => m[1] ?? m[2] ?? m[3]).filter((s) => s.startsWith('.'));
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  return undefined;
}

function isBrowserModule(file: string): boolean {
  return /\.(tsx?|jsx?)$/.test(file) && !serverOnly.some((dir) => file.startsWith(dir + path.sep));
}

Deno.test('islands and browser modules never import server code, directly or indirectly', () => {
  const offenders: string[] = [];
  const entries = browserRoots.flatMap((dir) => walk(path.join(root, dir))).filter(isBrowserModule);
  for (const entry of entries) {
    const seen = new Set<string>();
    const stack = [entry];
    while (stack.length) {
      const file = stack.pop()!;
      if (seen.has(file)) continue;
      seen.add(file);
      for (const spec of importsOf(file)) {
        const target = resolve(file, spec);
        if (!target) continue;
        if (serverOnly.some((dir) => target.startsWith(dir + path.sep))) {
          offenders.push(`${path.relative(root, entry)} -> ${path.relative(root, target)}`);
        } else if (/\.(tsx?|jsx?)$/.test(target)) {
          stack.push(target);
        }
      }
    }
  }
  assertEquals(offenders, []);
});

Deno.test('the architecture check notices a server import', () => {
  const fake = path.join(root, 'src/components/__fake.tsx');
  assertEquals(resolve(fake, '../lib/server/platform/env.ts')?.startsWith(serverOnly[0]), true);
});
