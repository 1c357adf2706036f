// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import {
  apexchartsStyleHash,
  CSP_DIRECTIVES,
  CSP_STYLE_ATTRIBUTES,
} from './src/lib/server/platform/security-headers.ts';

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
    staticHeaders: true,
    bodySizeLimit: 1024 * 1024,
  }),
  integrations: [
    // Islands render with renderToString: no per-island stream set-up (we use no Suspense streaming).
    react({ experimentalDisableStreaming: true }),
  ],
  site: process.env.PUBLIC_URL ?? 'http://localhost:4321',
  server: { port: 4321, host: '127.0.0.1' },
  security: {
    // Our middleware checks the origin of every state-changing request (DESIGN.md, CSRF), JSON included.
    checkOrigin: false,
    // The policy's one source is security-headers.ts; Astro adds its script and style hashes.
    csp: {
      styleDirective: {
        hashes: [apexchartsStyleHash(readFileSync(apexchartsSource, 'utf8'), apexchartsSource)],
        resources: [{ resource: CSP_STYLE_ATTRIBUTES, kind: 'attribute' }],
      },
      directives: [...CSP_DIRECTIVES],
    },
  },
  // The image endpoint Astro always routes is answered by a 404 of ours (src/image-endpoint-off.ts).
  image: { endpoint: { route: '/_image', entrypoint: './src/image-endpoint-off.ts' } },
  markdown: { syntaxHighlight: false },
  vite: {
    // Names this build in public pages' ETags (src/lib/server/platform/page-version.ts): new markup, new tags.
    define: { 'import.meta.env.BUILD_ID': JSON.stringify(Date.now().toString(36)) },
    // Scripts as files (cached across pages), see below; small stylesheets stay inline (Vite's 4 KB rule).
    // Every stylesheet inline (build.inlineStylesheets 'always') painted sooner under Lighthouse
    // (LCP 0.1-0.4 s) but cost the lessons list and lesson page 15-25% of their throughput (8 KB
    // more HTML to render and send per request; measured 2026-11-26), so stylesheets stay files.
    build: {
      // Scripts are files, except those without imports under 3 KB, which Astro then inlines: the
      // two that run before the first paint, AppLayout's loader (it starts the page's script after
      // the paint) and a lesson's steps (they decide which step shows). A request of their own
      // would precede the paint: the lesson's LCP was 0.97-1.0 s with its steps in the page's
      // script, against 0.90 s on the pages that request nothing before it (bench/RESULTS.md).
      assetsInlineLimit: (file, content) => (file.endsWith('.js') ? content.length <= 3072 : undefined),
      // The one chunk over Vite's 500 kB default is apexcharts (~530 kB, 114 kB brotli), a single
      // module that cannot be split further; only the progress page loads it, by a dynamic import
      // once its charts scroll into view (src/components/progress/Chart.tsx).
      chunkSizeWarningLimit: 600,
    },
  },
  devToolbar: { enabled: false },
});
