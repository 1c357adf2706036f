// `npm start`: build when the sources changed since the last build, then serve under Deno with
// least privilege (net, env, read; write only to the data folder).
import { spawn } from 'node:child_process';
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

/** The PUBLIC_URL a build bakes in (astro.config.mjs `site`, the prerendered pages' links); '' when unset. */
const builtUrl = (env) => env.PUBLIC_URL ?? '';

/**
 * The newest change to the build's inputs under `base`, and whether the build there is older or was
 * made for another PUBLIC_URL (issue 53: its prerendered pages would keep the old build's URLs).
 * The stamp is the sources' time, then the URL on a second line.
 */
export function buildState(base = root, env = process.env) {
  const sources = Math.max(...BUILD_INPUTS.map((entry) => newestMtime(base, entry)));
  const stampFile = path.join(base, 'dist', '.build-stamp');
  const [time, url = ''] = existsSync(stampFile) ? readFileSync(stampFile, 'utf8').split('\n') : ['0'];
  const built = Number(time);
  const stale = !existsSync(path.join(base, 'dist', 'server', 'entry.mjs')) || built < sources ||
    url !== builtUrl(env);
  return { sources, stale, stamp: `${sources}\n${builtUrl(env)}` };
}

/** A child process's exit code, once it ends. */
const finished = (child) => new Promise((resolve) => child.on('exit', (code) => resolve(code ?? 1)));

/**
 * Builds when stale; meanwhile a second process prepares the database (PGlite's first start creates
 * its folder and loads the curriculum), so on two cores the two overlap instead of adding up.
 */
export async function buildIfStale() {
  const { stamp: next, stale } = buildState();
  if (!stale) return;
  console.log('Building the app…');
  const build = spawn(deno, ['run', '-A', 'node_modules/astro/bin/astro.mjs', 'build'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
  });
  // Only into a folder not yet made, which no running server can hold (two on one folder corrupt it);
  // its failures (a bad setting) are the server's to report, with the same checks.
  const fresh = !process.env.DATABASE_URL && !existsSync(path.join(dataFolder(), 'pglite'));
  const prepare = fresh &&
    spawn(deno, ['run', ...permissions(), 'scripts/prepare-database.ts'], { cwd: root, stdio: 'ignore' });
  const [status] = await Promise.all([finished(build), prepare && finished(prepare)]);
  if (status !== 0) process.exit(status);
  writeFileSync(stamp, next);
}

const dataFolder = (env = process.env) => path.resolve(root, env.DATA_DIR || './data');

/** The server's permissions: net, env, read, and write only to the data folder. */
function permissions(env = process.env) {
  const dataDir = dataFolder(env);
  mkdirSync(dataDir, { recursive: true });
  return ['--allow-net', '--allow-env', '--allow-read', `--allow-write=${dataDir}`];
}

export function serveArgs(env = process.env) {
  return ['run', ...permissions(env), 'src/serve.ts'];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await buildIfStale();
  const child = spawn(deno, serveArgs(), { cwd: root, stdio: 'inherit' });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
}
