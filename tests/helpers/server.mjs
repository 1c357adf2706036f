// Starts the built server (dist/ + src/serve.ts under Deno, with the same permissions as
// `npm start`) on a free port, for integration and browser tests.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '..',
  '..',
);

export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * @param {{ env?: Record<string, string | undefined>, port?: number, readyPath?: string, timeoutMs?: number, root?: string }} [options]
 *   `root`: another checkout's built app (bench/compare.mjs); this one by default.
 */
export async function startServer(options = {}) {
  const port = options.port ?? (await freePort());
  const dataDir = options.env?.DATA_DIR ??
    mkdtempSync(path.join(os.tmpdir(), 'finance-app-'));
  // Never inherit DATABASE_URL: a test names its own database, or gets PGlite.
  const env = {
    ...process.env,
    DATABASE_URL: undefined,
    LOG_LEVEL: 'warn',
    APP_ENV: 'test',
    ...options.env,
    PORT: String(port),
    HOST: options.env?.HOST ?? '127.0.0.1',
    DATA_DIR: dataDir,
  };
  for (const [k, v] of Object.entries(env)) if (v === undefined) delete env[k];
  const checkout = options.root ?? root;
  const deno = path.join(checkout, 'node_modules', '.bin', 'deno');
  const child = spawn(
    deno,
    [
      'run',
      '--allow-net',
      '--allow-env',
      '--allow-read',
      `--allow-write=${dataDir}`,
      'src/serve.ts',
    ],
    { cwd: checkout, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`server exited early (${child.exitCode}):\n${output}`);
    }
    try {
      const res = await fetch(url + (options.readyPath ?? '/healthz'));
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  return {
    url,
    port,
    dataDir,
    child,
    exited,
    logs: () => output,
    async stop(signal = 'SIGTERM') {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
      }
      const result = await exited;
      if (!options.env?.DATA_DIR) {
        rmSync(dataDir, { recursive: true, force: true });
      }
      return result;
    },
  };
}
