// `npm start` prepares a new PGlite folder beside the first build (scripts/prepare-database.ts):
// the server then finds the curriculum loaded and serves it without loading it again, and a restart
// reads no lesson file at all.
import { assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';

Deno.test('a data folder prepared beside the build is the one the server serves, with nothing left to load', async () => {
  const dataDir = await Deno.makeTempDir();
  try {
    const prepared = await new Deno.Command('node_modules/.bin/deno', {
      args: [
        'run',
        '--allow-net',
        '--allow-env',
        '--allow-read',
        `--allow-write=${dataDir}`,
        'scripts/prepare-database.ts',
      ],
      // Only this folder: the script prepares PGlite alone, so a DATABASE_URL from CI must not reach it.
      env: { PATH: Deno.env.get('PATH') ?? '', HOME: Deno.env.get('HOME') ?? '', DATA_DIR: dataDir, APP_ENV: 'test' },
      clearEnv: true,
    }).output();
    assertEquals(prepared.code, 0, new TextDecoder().decode(prepared.stderr));

    const server = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    try {
      // Its start-up found every lesson already there.
      assertMatch(server.logs(), /"msg":"database ready".*"lessonsAdded":0/);
      const library = await fetch(`${server.url}/learn`);
      assertEquals(library.status, 200);
      assertMatch(await library.text(), /Emergency Fund 101/);
    } finally {
      await server.stop('SIGTERM');
    }
    // A restart of the same build finds the same files already loaded: it reads none of them again.
    const again = await startServer({ env: { DATA_DIR: dataDir, LOG_LEVEL: 'info' } });
    try {
      assertMatch(again.logs(), /"msg":"database ready".*"unchanged":1/);
    } finally {
      await again.stop('SIGTERM');
    }
  } finally {
    await Deno.remove(dataDir, { recursive: true });
  }
});
