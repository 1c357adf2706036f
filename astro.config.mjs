// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import react from '@astrojs/react';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { precompressDirectory } from './src/lib/server/static-files.ts';
import { apexchartsStyleHash, CSP_DIRECTIVES, CSP_STYLE_ATTRIBUTES } from './src/lib/server/security-headers.ts';

const apexchartsSource = fileURLToPath(new URL('./node_modules/apexcharts/dist/apexcharts.esm.js', import.meta.url));

/**
 * Replaces the head of one of Astro's own functions at build time (a Vite transform), so that
 * the function remembers its results. Fails the build if Astro's function changes shape.
 * @param {{ name: string, file: string, head: string, replacement: string }} patch
 * @returns {import('vite').Plugin}
 */
function rememberAstroResults({ name, file, head, replacement }) {
  return {
    name,
    transform(code, id) {
      if (!id.replaceAll('\\', '/').endsWith(`/astro/dist/${file}`)) return;
      if (!code.includes(head)) this.error(`astro/dist/${file} no longer starts a function with "${head}"`);
      return code.replace(head, replacement);
    },
  };
}

// Astro hashes every stylesheet and script of a page for its CSP header on every request (an
// async WebCrypto call each, a tenth of a lesson page's time); their texts are fixed at build
// time, so each digest is remembered.
const rememberCspDigests = rememberAstroResults({
  name: 'remember-csp-digests',
  file: 'core/encryption.js',
  head: 'async function generateCspDigest(data, algorithm) {',
  replacement: `const rememberedCspDigests = new Map();
async function generateCspDigest(data, algorithm) {
  const key = algorithm + ':' + data;
  const known = rememberedCspDigests.get(key);
  if (known !== undefined) return known;
  const digest = await computeCspDigest(data, algorithm);
  if (rememberedCspDigests.size < 512) rememberedCspDigests.set(key, digest);
  return digest;
}
async function computeCspDigest(data, algorithm) {`,
});

// Astro parses each script's and stylesheet's path with `new URL` on every request to build its
// link (5% of a lesson page, measured); the paths are fixed at build time, so each split is
// remembered (frozen: its callers only read it).
const rememberAssetPaths = rememberAstroResults({
  name: 'remember-asset-paths',
  file: 'core/render/ssr-element.js',
  head: 'function splitAssetPath(path) {',
  replacement: `const rememberedAssetPaths = new Map();
function splitAssetPath(path) {
  let split = rememberedAssetPaths.get(path);
  if (split === undefined) {
    split = Object.freeze(parseAssetPath(path));
    if (rememberedAssetPaths.size < 512) rememberedAssetPaths.set(path, split);
  }
  return split;
}
function parseAssetPath(path) {`,
});

export default defineConfig({
  // Sessions are ours (src/lib/server/session.ts); Astro's own session storage stays off.
  session: false,
  output: 'server',
  adapter: node({
    // src/serve.ts is the server: it serves dist/client from memory and hands every other
    // request to the adapter's app handler, so the adapter's own static lookup is skipped.
    mode: 'middleware',
    // Pages render fully before sending, so a database outage becomes a clean 503.
    experimentalDisableStreaming: true,
    staticHeaders: true,
    bodySizeLimit: 1024 * 1024,
  }),
  integrations: [
    // Islands render with renderToString: no per-island stream set-up (we use no Suspense streaming).
    react({ experimentalDisableStreaming: true }),
    {
      // The server serves dist/client from memory with these variants; making them here keeps
      // brotli's slowest, smallest setting out of every start-up.
      name: 'precompress-client-files',
      hooks: {
        'astro:build:done': ({ dir, logger }) => {
          logger.info(`precompressed ${precompressDirectory(fileURLToPath(dir))} files (gzip, brotli)`);
        },
      },
    },
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
    // Scripts always as files (cached across pages); small stylesheets stay inline (Vite's 4 KB rule).
    build: {
      assetsInlineLimit: (file) => (file.endsWith('.js') ? false : undefined),
      // The one chunk over Vite's 500 kB default is apexcharts (~530 kB, 114 kB brotli), a single
      // module that cannot be split further; only the progress page loads it, by a dynamic import
      // once its charts scroll into view (src/components/progress/Chart.tsx).
      chunkSizeWarningLimit: 600,
    },
    plugins: [rememberCspDigests, rememberAssetPaths],
  },
  devToolbar: { enabled: false },
});
