// The built client files (dist/client): scripts, styles, images and the prerendered pages, read
// from disk and compressed as they stream (brotli or gzip, when the client accepts it).
import { createReadStream, existsSync, readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { acceptsEncoding } from './compress-page.ts';

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

/** Each prerendered page's own headers (its CSP with its hashes), as the build wrote them. */
function readPageHeaders(clientDir: string): Map<string, Record<string, string>> {
  const file = path.join(clientDir, '..', '_headers.json');
  const entries = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Array<
      { pathname: string; headers: Array<{ key: string; value: string }> }
    >)
    : [];
  return new Map(entries.map((e) => [e.pathname, Object.fromEntries(e.headers.map((h) => [h.key, h.value]))]));
}

/** The encoding to send: brotli, else gzip, when the client accepts it. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return acceptsEncoding(acceptEncoding, 'br') ? 'br' : acceptsEncoding(acceptEncoding, 'gzip') ? 'gzip' : undefined;
}

/**
 * A function that serves the client file at the request's path (a prerendered page at its route:
 * /curriculum is curriculum/index.html) and answers false, sending nothing, when there is none.
 */
export function clientFiles(clientDir: string): (req: IncomingMessage, res: ServerResponse) => Promise<boolean> {
  const pages = readPageHeaders(clientDir);
  return (req, res) => serveClientFile(req, res, clientDir, pages);
}

async function serveClientFile(
  req: IncomingMessage,
  res: ServerResponse,
  clientDir: string,
  pages: Map<string, Record<string, string>>,
): Promise<boolean> {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
  } catch {
    return false;
  }
  if (urlPath.includes('\0') || urlPath.split('/').some((part) => part.startsWith('.'))) return false;
  const route = urlPath === '/' ? '/' : urlPath.replace(/\/$/, '');
  const candidates = path.extname(route) ? [route] : [`${route.replace(/\/$/, '')}/index.html`];
  for (const candidate of candidates) {
    const file = path.join(clientDir, candidate);
    if (!file.startsWith(clientDir)) return false;
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) continue;
    const ext = path.extname(file).toLowerCase();
    const etag = `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`;
    res.setHeader('Content-Type', TYPES[ext] ?? 'application/octet-stream');
    res.setHeader(
      'Cache-Control',
      urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
    );
    res.setHeader('ETag', etag);
    for (const [name, value] of Object.entries(pages.get(route) ?? {})) res.setHeader(name, value);
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304).end();
      return true;
    }
    const encoding = COMPRESSIBLE.has(ext) ? chooseEncoding(req.headers['accept-encoding']) : undefined;
    if (COMPRESSIBLE.has(ext)) res.setHeader('Vary', 'Accept-Encoding');
    if (encoding) res.setHeader('Content-Encoding', encoding);
    else res.setHeader('Content-Length', info.size);
    res.writeHead(200);
    if (req.method === 'HEAD') {
      res.end();
      return true;
    }
    const compress = encoding === 'br'
      ? zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } })
      : encoding === 'gzip'
      ? zlib.createGzip()
      : undefined;
    await (compress ? pipeline(createReadStream(file), compress, res) : pipeline(createReadStream(file), res)).catch(
      () => res.destroy(),
    );
    return true;
  }
  return false;
}
