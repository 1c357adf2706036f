// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { apexchartsStyleHash } from './src/lib/server/platform/security-headers.ts';
import { cspHashes } from './src/lib/server/platform/csp-hashes.ts';

const apexchartsSource = fileURLToPath(new URL('./node_modules/apexcharts/dist/apexcharts.esm.js', import.meta.url));

export default defineConfig({
  // Sessions are ours (src/lib/server/auth/session.ts); Astro's own session storage stays off.
  session: false,
  output: 'server',
  adapter: node({
    // src/serve.ts is the server: it serves dist/client and hands every other request to the
    // adapter's app handler.
    mode: 'middleware',
    // Pages render fully before sending, so a database outage becomes a clean 503.
    experimentalDisableStreaming: true,
    bodySizeLimit: 1024 * 1024,
  }),
  integrations: [
    // Islands render with renderToString: no per-island stream set-up (we use no Suspense streaming).
    react({ experimentalDisableStreaming: true }),
    // The policy's hashes, listed once at build (docs/decisions/0001-csp-hashes-at-build.md).
    cspHashes({ styleHashes: [apexchartsStyleHash(readFileSync(apexchartsSource, 'utf8'), apexchartsSource)] }),
  ],
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321',
  server: { port: 4321, host: '127.0.0.1' },
  security: {
    // Our middleware checks the origin of every state-changing request (DESIGN.md, CSRF), JSON included.
    checkOrigin: false,
  },
  // Each page carries its own stylesheet: nothing blocks the first paint on a second request.
  build: { inlineStylesheets: 'always' },
  // The image endpoint Astro always routes is answered by a 404 of ours (src/image-endpoint-off.ts).
  image: { endpoint: { route: '/_image', entrypoint: './src/image-endpoint-off.ts' } },
  markdown: { syntaxHighlight: false },
  vite: {
    // Names this build in public pages' ETags (src/lib/server/platform/page-version.ts): new markup, new tags.
    define: { 'import.meta.env.BUILD_ID': JSON.stringify(Date.now().toString(36)) },
    // Scripts as files (cached across pages), see below; small stylesheets stay inline (Vite's 4 KB rule).
    build: {
      // Scripts are files, except those without imports under 3 KB, which Astro then inlines: the
      // page scripts (the shell's Sign Out, the dashboard's, a lesson's steps), so the HTML names no
      // script file and none is fetched before the first paint (islands load theirs when idle).
      assetsInlineLimit: (file, content) => (file.endsWith('.js') ? content.length <= 3072 : undefined),
      // The one chunk over Vite's 500 kB default is apexcharts (~530 kB, 114 kB brotli), a single
      // module that cannot be split further; only the progress page loads it, by a dynamic import
      // once its charts scroll into view (src/components/progress/Chart.tsx).
      chunkSizeWarningLimit: 600,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|@astrojs[\\/]react)[\\/]/ },
            ],
          },
        },
      },
    },
  },
  devToolbar: { enabled: false },
});
