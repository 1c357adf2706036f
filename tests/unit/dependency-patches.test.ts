import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import { checkDependencyPatches, DEPENDENCY_PATCHES } from '../../scripts/dependency-patches.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const json = (file: string) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

Deno.test('the installed packages carry every patch of patches/', () => {
  checkDependencyPatches(path.join(root, 'node_modules'));
});

Deno.test('each patched package is pinned in package.json to the exact version its patch was made for, and installed', () => {
  const pkg = json('package.json');
  const patches = readdirSync(path.join(root, 'patches')).filter((f) => f.endsWith('.patch'));
  assertEquals(patches.length > 0, true);
  for (const file of patches) {
    const [, name, version] = file.match(/^(.+)\+(\d[^+]*)\.patch$/)!;
    const pinned = pkg.dependencies[name] ?? pkg.devDependencies[name];
    assertEquals(pinned, version, `package.json pins ${name} to ${version}, the version of ${file}`);
    assertEquals(json(`node_modules/${name}/package.json`).version, version, `${name} ${version} is installed`);
  }
  assertMatch(pkg.scripts.postinstall, /^patch-package --error-on-fail/);
  for (const { file } of DEPENDENCY_PATCHES) assertEquals(patches.some((p) => p.startsWith(`${file.split('/')[0]}+`)), true, file);
});

Deno.test('a build on a package without its patched text stops, naming the file', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'patches-'));
  try {
    const file = path.join(dir, 'astro/dist/core');
    mkdirSync(file, { recursive: true });
    writeFileSync(path.join(file, 'encryption.js'), 'async function generateCspDigest(data, algorithm) {}');
    const error = assertThrows(() => checkDependencyPatches(dir, DEPENDENCY_PATCHES.slice(0, 1)), Error);
    assertMatch(error.message, /astro\/dist\/core\/encryption\.js does not carry our patch/);
    const missing = assertThrows(() => checkDependencyPatches(dir, DEPENDENCY_PATCHES.slice(1)), Error);
    assertMatch(missing.message, /astro\/dist\/core\/render\/ssr-element\.js is missing/);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
