// Issue 53: "Serving on" is printed only once the database is ready (/healthz answers 200), not
// while the server still waits for it.
import { assert, assertEquals } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { waitFor } from '../helpers/wait.ts';

Deno.test('"Serving on" waits for the database: not while it is unreachable, and at once when it is ready', async () => {
  const port = 20_000 + Math.floor(Math.random() * 20_000);
  const dataDir = await Deno.makeTempDir();
  const child = new Deno.Command('node_modules/.bin/deno', {
    args: ['run', '--allow-net', '--allow-env', '--allow-read', `--allow-write=${dataDir}`, 'src/serve.ts'],
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_ENV: 'test',
      LOG_LEVEL: 'error',
      // Nothing listens there: the database never becomes ready.
      DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    },
    stdout: 'piped',
    stderr: 'null',
  }).spawn();
  let output = '';
  const reading = (async () => {
    for await (const chunk of child.stdout.pipeThrough(new TextDecoderStream())) output += chunk;
  })();
  try {
    // Listening, answering 503 while it waits for the database.
    await waitFor(async () => {
      const r = await fetch(`http://127.0.0.1:${port}/healthz`).catch(() => null);
      await r?.body?.cancel();
      return r?.status === 503;
    }, { timeout: 120_000, message: 'a 503 from /healthz' });
    await new Promise((r) => setTimeout(r, 3_000));
    assertEquals(output.includes('Serving on'), false, output);
  } finally {
    child.kill('SIGKILL');
    await child.status;
    await reading.catch(() => {});
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }

  const server = await startServer({ timeoutMs: 180_000 });
  try {
    await waitFor(() => server.logs().includes('Serving on'), { timeout: 10_000 });
    assert(server.logs().includes(`Serving on http://127.0.0.1:${server.port}`));
  } finally {
    await server.stop();
  }
});
