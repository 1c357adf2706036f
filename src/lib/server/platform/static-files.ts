// The built client files (dist/client), held in memory with gzip and brotli variants and an
// ETag, so the assets, the prerendered pages and the signed-out landing page (kept at start-up,
// see shareWithSignedOutVisitors) are served at close to the speed of a plain static file server
// (see `npm run bench`). The files' variants are made once, by the build
// (precompressDirectory, called from astro.config.mjs), not at every start.
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import zlib, { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { promisify } from 'node:util';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A body with its response headers as a flat list (name, value, name, value...), made once. */
interface Variant {
  body: Buffer;
  headers: string[];
}

interface StaticFile {
  etag: string;
  identity: Variant;
  gzip?: Variant;
  br?: Variant;
  /** The headers of a 304 answer. */
  notModified: string[];
  /** A page for visitors without a session only (one with a session gets it rendered by Astro). */
  signedOutOnly: boolean;
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.svg', '.json', '.xml', '.txt']);
const VARIANT = /\.(br|gz)$/;
const isCompressible = (file: string) => COMPRESSIBLE.has(path.extname(file).toLowerCase());

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? walk(full) : [full];
  });
}

/** Writes a .gz and a .br beside each compressible file over 512 bytes (run by the build). */
export function precompressDirectory(dir: string): number {
  let count = 0;
  for (const file of walk(dir)) {
    if (VARIANT.test(file) || !isCompressible(file)) continue;
    const body = readFileSync(file);
    if (body.byteLength <= 512) continue;
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    count++;
  }
  return count;
}

export class StaticFiles {
  private files = new Map<string, StaticFile>();
  readonly #common: Record<string, string>;

  /**
   * `common` goes on every response (the security headers); a prerendered page's own headers
   * (dist/_headers.json: its full CSP, hashes included) replace the common ones of that name.
   */
  constructor(distDir: string, common: Record<string, string> = {}) {
    this.#common = common;
    const client = path.join(distDir, 'client');
    if (!existsSync(client)) return;
    const pageHeaders = new Map<string, Record<string, string>>();
    const headersFile = path.join(distDir, '_headers.json');
    if (existsSync(headersFile)) {
      for (const entry of JSON.parse(readFileSync(headersFile, 'utf8')) as Array<{ pathname: string; headers: Array<{ key: string; value: string }> }>) {
        pageHeaders.set(entry.pathname, Object.fromEntries(entry.headers.map((h) => [h.key, h.value])));
      }
    }
    for (const file of walk(client)) {
      if (VARIANT.test(file)) continue;
      const rel = '/' + path.relative(client, file).split(path.sep).join('/');
      if (rel === '/404.html') continue; // served by Astro with status 404
      // A prerendered page is served at its route: /index.html at /, /curriculum/index.html at /curriculum.
      const urlPath = rel.endsWith('/index.html') ? rel.slice(0, -'/index.html'.length) || '/' : rel;
      const variants = isCompressible(file)
        ? { gzip: existsSync(`${file}.gz`) ? readFileSync(`${file}.gz`) : undefined, br: existsSync(`${file}.br`) ? readFileSync(`${file}.br`) : undefined }
        : {};
      this.#add(urlPath, readFileSync(file), {
        ...pageHeaders.get(urlPath.replace(/\.html$/, '')),
        'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
        'Cache-Control': rel.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      }, variants);
    }
  }

  #add(urlPath: string, body: Buffer, own: Record<string, string>, variants: { gzip?: Buffer; br?: Buffer }, signedOutOnly = false): void {
    const etag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    const headers: Record<string, string> = { ...this.#common, ...own, ETag: etag, Vary: signedOutOnly ? 'Accept-Encoding, Cookie' : 'Accept-Encoding' };
    const list = Object.entries(headers).flat();
    const variant = (b: Buffer, encoding?: string): Variant => ({
      body: b,
      headers: [...list, ...(encoding ? ['Content-Encoding', encoding] : []), 'Content-Length', String(b.byteLength)],
    });
    this.files.set(urlPath, {
      etag,
      identity: variant(body),
      notModified: list,
      gzip: variants.gzip && variant(variants.gzip, 'gzip'),
      br: variants.br && variant(variants.br, 'br'),
      signedOutOnly,
    });
  }

  /**
   * Keeps a page Astro rendered for visitors without a session (its answer said `Cache-Control:
   * public`) to serve it again from memory, compressed once here, to every visitor without one.
   */
  async shareWithSignedOutVisitors(urlPath: string, body: Buffer, own: Record<string, string>): Promise<void> {
    const [gzip, br] = await Promise.all([
      promisify(zlib.gzip)(body, { level: 9 }),
      promisify(zlib.brotliCompress)(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
    ]);
    this.#add(urlPath, body, own, { gzip, br }, true);
  }

  has(urlPath: string): boolean {
    return this.files.has(urlPath);
  }

  /** Serves the file when it exists (and is for this visitor); returns false to let the app handle the request. */
  serve(req: IncomingMessage, res: ServerResponse, urlPath: string, requestId: string, signedIn = false): boolean {
    const file = this.files.get(urlPath);
    if (!file || (file.signedOutOnly && signedIn) || (req.method !== 'GET' && req.method !== 'HEAD')) return false;
    if (req.headers['if-none-match'] === file.etag) {
      res.writeHead(304, [...file.notModified, 'X-Request-Id', requestId]);
      res.end();
      return true;
    }
    const accept = String(req.headers['accept-encoding'] ?? '');
    const chosen = (file.br && /\bbr\b/.test(accept) && file.br) || (file.gzip && /\bgzip\b/.test(accept) && file.gzip) || file.identity;
    res.writeHead(200, [...chosen.headers, 'X-Request-Id', requestId]);
    res.end(req.method === 'HEAD' ? undefined : chosen.body);
    return true;
  }
}
