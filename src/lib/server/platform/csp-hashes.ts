// The Content-Security-Policy's script and style hashes, computed once, when the app is built, from
// the build's own output: every inline stylesheet and script of every route, the island scripts
// Astro inlines, and the inline elements of the prerendered pages. dist/csp-hashes.json holds them;
// the server reads it at start and sends one policy with every answer (security-headers.ts). No
// request hashes anything, and nothing a request renders is ever added to the list.
// docs/decisions/0001-csp-hashes-at-build.md says why Astro's own per-request hashing is off.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';

export const CSP_HASHES_FILE = 'csp-hashes.json';

export interface CspHashes {
  scriptHashes: string[];
  styleHashes: string[];
}

export const sha256 = (text: string): string => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The contents of every inline <script> (not data) and <style> of an HTML document. */
export function inlineElements(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [
    ...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/(?:ld\+)?json")[^>]*>([\s\S]*?)<\/script>/g),
  ]
    .map((m) => m[1]);
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]);
  return { scripts, styles };
}

function htmlFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? htmlFiles(path.join(dir, e.name)) : e.name.endsWith('.html') ? [path.join(dir, e.name)] : []
  );
}

type SerializedScript = { children: string; stage: string } | { type: 'inline' | 'external'; value: string };

/** The integration: collects the hashes from the server build's manifest and the prerendered pages. */
export function cspHashes(fixed: { scriptHashes?: string[]; styleHashes?: string[] } = {}): AstroIntegration {
  const scripts = new Set<string>(fixed.scriptHashes ?? []);
  const styles = new Set<string>(fixed.styleHashes ?? []);
  let outDir = '';
  return {
    name: 'csp-hashes',
    hooks: {
      'astro:config:done': ({ config }) => {
        outDir = fileURLToPath(config.outDir);
      },
      'astro:build:ssr': ({ manifest }) => {
        for (const route of manifest.routes) {
          for (const style of route.styles) if (style.type === 'inline') styles.add(sha256(style.content));
          for (const script of route.scripts as SerializedScript[]) {
            if ('children' in script) scripts.add(sha256(script.children));
            else if (script.type === 'inline') scripts.add(sha256(script.value));
          }
        }
        for (const [, content] of manifest.inlinedScripts) scripts.add(sha256(content));
        for (const [, content] of manifest.clientDirectives) scripts.add(sha256(content));
      },
      'astro:build:done': ({ dir, logger }) => {
        // Islands' runtime and their stylesheet are inlined by Astro: the prerendered pages show them.
        const pages = htmlFiles(fileURLToPath(dir));
        let islands = false;
        for (const file of pages) {
          const html = readFileSync(file, 'utf8');
          islands ||= html.includes('<astro-island');
          const found = inlineElements(html);
          for (const s of found.scripts) scripts.add(sha256(s));
          for (const s of found.styles) styles.add(sha256(s));
        }
        if (!islands) {
          throw new Error(
            "csp-hashes: no prerendered page has an island, so the hash of the islands' runtime script is unknown; " +
              'keep an island (client:*) on the landing page or find another trusted copy of that script',
          );
        }
        const hashes: CspHashes = { scriptHashes: [...scripts].sort(), styleHashes: [...styles].sort() };
        writeFileSync(path.join(outDir, CSP_HASHES_FILE), JSON.stringify(hashes, null, 2));
        logger.info(`${hashes.scriptHashes.length} script and ${hashes.styleHashes.length} style hashes`);
      },
    },
  };
}

/** The hashes the build wrote (serve.ts reads them once, at start). */
export function readCspHashes(distDir: string): CspHashes {
  const file = path.join(distDir, CSP_HASHES_FILE);
  if (!existsSync(file)) throw new Error(`${file} is missing: build the app (npm run build) before serving it`);
  return JSON.parse(readFileSync(file, 'utf8')) as CspHashes;
}
