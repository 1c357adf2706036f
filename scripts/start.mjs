// `npm start`: build when the sources changed since the last build, then serve under Deno with
// least privilege (net, env, read; write only to the data folder).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const deno = path.join(root, 'node_modules', '.bin', 'deno');
const stamp = path.join(root, 'dist', '.build-stamp');

/**
 * Everything the build reads: the app's code, its static files, the config, the database code and
 * the content (db/: the landing page and /curriculum are prerendered from the lesson files), the
 * installed packages and our patches to them (with the config's check of those).
 */
export const BUILD_INPUTS = [
  'src',
  'public',
  'db',
  'astro.config.mjs',
  'tsconfig.json',
  'package.json',
  'package-lock.json',
];

function newestMtime(base, entry) {
  const full = path.join(base, entry);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(full)) newest = Math.max(newest, newestMtime(base, path.join(entry, child)));
  return newest;
}

/** The newest change to the build's inputs under `base`, and whether the build there is older. */
export function buildState(base = root) {
  const sources = Math.max(...BUILD_INPUTS.map((entry) => newestMtime(base, entry)));
  const stampFile = path.join(base, 'dist', '.build-stamp');
  const built = existsSync(stampFile) ? Number(readFileSync(stampFile, 'utf8')) : 0;
  return { sources, stale: !existsSync(path.join(base, 'dist', 'server', 'entry.mjs')) || built < sources };
}

export function buildIfStale() {
  const { sources, stale } = buildState();
  if (!stale) return;
  console.log('Building the app…');
  const result = spawnSync(deno, ['run', '-A', 'node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
  writeFileSync(stamp, String(sources));
}

export function serveArgs(env = process.env) {
  const dataDir = path.resolve(root, env.DATA_DIR || './data');
  mkdirSync(dataDir, { recursive: true });
  return ['run', '--allow-net', '--allow-env', '--allow-read', `--allow-write=${dataDir}`, 'src/serve.ts'];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  buildIfStale();
  const child = spawn(deno, serveArgs(), { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
