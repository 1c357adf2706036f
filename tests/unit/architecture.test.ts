// The layout's rules, kept as tests after Starlight's architecture checks:
// - islands run in the browser: nothing they import, directly or through other modules, may be
//   server code (src/lib/server, db/);
// - src/lib/server is in folders by concern, each with a README.md saying what it owns and what
//   it may import; imports between the folders go one way only (SERVER_LAYERS);
// - server code and the e-mails (src/mail) never import from src/components.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { filesUnder } from '../helpers/files.ts';
import { assertEquals } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');
const browserRoots = ['src/components', 'src/stores', 'src/lib'];
const serverOnly = [path.join(root, 'src/lib/server'), path.join(root, 'db')];

const SPECIFIERS =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|import\s+['"]([^'"]+)['"]/g;

function importsOf(file: string): string[] {
  // Type-only imports are erased at build time, so they may name server modules.
  const source = readFileSync(file, 'utf8').replace(/import\s+type\s[^;]*?from\s*['"][^'"]+['"];?/g, '');
  const specs = [...source.matchAll(SPECIFIERS)];
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
  const entries = browserRoots.flatMap((dir) => filesUnder(path.join(root, dir))).filter(isBrowserModule);
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

// Which server folders each one may import (besides itself, db/ and the pure src/lib). A module's
// types count too: a type import is still a dependency of the design. See each folder's README.md.
const SERVER_LAYERS: Record<string, readonly string[]> = {
  platform: [],
  content: ['platform'],
  mail: ['platform'],
  learning: ['platform', 'content', 'mail'],
  auth: ['platform', 'mail', 'learning'],
  studio: ['platform', 'content', 'learning', 'auth'],
};
const serverRoot = path.join(root, 'src/lib/server');

function serverFolderOf(file: string): string | undefined {
  const relative = path.relative(serverRoot, file);
  return relative.startsWith('..') ? undefined : relative.split(path.sep)[0];
}

/** Every import from a server folder into another one the table does not allow, as "from -> to". */
function layerOffences(
  files: string[],
  read: (file: string) => string = (file) => readFileSync(file, 'utf8'),
): string[] {
  const offences: string[] = [];
  for (const file of files) {
    const from = serverFolderOf(file)!;
    for (const match of read(file).matchAll(SPECIFIERS)) {
      const spec = match[1] ?? match[2] ?? match[3];
      if (!spec.startsWith('.')) continue;
      const to = serverFolderOf(path.resolve(path.dirname(file), spec));
      if (to && to !== from && !SERVER_LAYERS[from]?.includes(to)) {
        offences.push(`${path.relative(root, file)} -> ${spec}`);
      }
    }
  }
  return offences;
}

const serverFiles = () => filesUnder(serverRoot).filter((file) => /\.(tsx?|jsx?)$/.test(file));

Deno.test('every server module sits in a folder that says what it owns and may import', () => {
  const loose = serverFiles().filter((file) => !(serverFolderOf(file)! in SERVER_LAYERS));
  assertEquals(loose.map((file) => path.relative(root, file)), []);
  const folders = readdirSync(serverRoot).filter((name) => statSync(path.join(serverRoot, name)).isDirectory());
  assertEquals(folders.sort(), Object.keys(SERVER_LAYERS).sort());
  for (const folder of folders) {
    assertEquals(existsSync(path.join(serverRoot, folder, 'README.md')), true, `${folder}/README.md`);
  }
});

Deno.test('server folders import one way: platform nothing, content and mail only platform, learning no auth', () => {
  assertEquals(layerOffences(serverFiles()), []);
});

Deno.test('the allowed imports between server folders have no cycle', () => {
  const visiting = new Set<string>();
  const done = new Set<string>();
  const cycleFrom = (folder: string): boolean => {
    if (done.has(folder)) return false;
    if (visiting.has(folder)) return true;
    visiting.add(folder);
    const found = SERVER_LAYERS[folder].some(cycleFrom);
    visiting.delete(folder);
    done.add(folder);
    return found;
  };
  assertEquals(Object.keys(SERVER_LAYERS).filter(cycleFrom), []);
});

Deno.test('the layer check notices an import against the direction, type imports included', () => {
  const platformFile = path.join(serverRoot, 'platform', '__fake.ts');
  const learningFile = path.join(serverRoot, 'learning', '__fake.ts');
  const sources: Record<string, string> = {
    [platformFile]: "import { getDb } from './db.ts';\nimport type { SessionUser } from '../auth/types.ts';",
    [learningFile]:
      "import { log } from '../platform/log.ts';\nimport { requireUser } from '../auth/guards.ts';\nexport { x } from './learner-store/index.ts';",
  };
  assertEquals(layerOffences(Object.keys(sources), (file) => sources[file]), [
    'src/lib/server/platform/__fake.ts -> ../auth/types.ts',
    'src/lib/server/learning/__fake.ts -> ../auth/guards.ts',
  ]);
});

Deno.test('server modules and the e-mails import nothing from src/components (islands and page parts)', () => {
  const components = path.join(root, 'src/components');
  const files = [...serverFiles(), ...filesUnder(path.join(root, 'src/mail'))].filter((file) => /\.tsx?$/.test(file));
  const offenders = files.flatMap((file) =>
    importsOf(file)
      .filter((spec) => path.resolve(path.dirname(file), spec).startsWith(components + path.sep))
      .map((spec) => `${path.relative(root, file)} -> ${spec}`)
  );
  assertEquals(offenders, []);
});
