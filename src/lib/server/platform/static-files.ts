// The built client files (dist/client): scripts, styles, images and the prerendered pages, indexed
// once when the server starts (a request for a page never touches the disk to learn it is not a
// file) and sent compressed (brotli or gzip, when the client accepts it), each compressed copy made
// once, at its first request.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
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

/** The encoding to send: brotli, else gzip, when the client accepts it. */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | undefined {
  return acceptsEncoding(acceptEncoding, 'br') ? 'br' : acceptsEncoding(acceptEncoding, 'gzip') ? 'gzip' : undefined;
}

interface ClientFile {
  file: string;
  ext: string;
  size: number;
  etag: string;
  /** The bytes and their compressed copies, read and made at the first request that needs each. */
  body?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** Every file under `dir`, by the URL path that serves it (a page's index.html by its route too). */
function indexFiles(clientDir: string): Map<string, ClientFile> {
  const index = new Map<string, ClientFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.')) continue;
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        walk(full);
        continue;
      }
      const info = statSync(full);
      const urlPath = `/${path.relative(clientDir, full).split(path.sep).join('/')}`;
      const route = urlPath.endsWith('/index.html') ? urlPath.slice(0, -'/index.html'.length) || '/' : urlPath;
      const served: ClientFile = {
        file: full,
        ext: path.extname(full).toLowerCase(),
        size: info.size,
        etag: `W/"${info.size.toString(36)}-${Math.floor(info.mtimeMs).toString(36)}"`,
      };
      index.set(route, served);
    }
  };
  if (existsSync(clientDir)) walk(clientDir);
  return index;
}

function bodyOf(served: ClientFile, encoding: 'br' | 'gzip' | undefined): Buffer {
  served.body ??= readFileSync(served.file);
  if (encoding === 'br') {
    return (served.br ??= zlib.brotliCompressSync(served.body, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
    }));
  }
  if (encoding === 'gzip') return (served.gzip ??= zlib.gzipSync(served.body, { level: 6 }));
  return served.body;
}

/**
 * A function that serves the client file at the request's path (a prerendered page at its route:
 * /curriculum is curriculum/index.html) and answers false, sending nothing, when there is none.
 */
export function clientFiles(clientDir: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const index = indexFiles(clientDir);
  return (req, res) => serveClientFile(req, res, index);
}

function serveClientFile(req: IncomingMessage, res: ServerResponse, index: Map<string, ClientFile>): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const raw = (req.url ?? '/').split('?')[0];
  let urlPath: string;
  try {
    urlPath = decodeURIComponent(raw);
  } catch {
    return false;
  }
  const route = urlPath === '/' ? '/' : urlPath.replace(/\/$/, '');
  const served = index.get(route);
  if (!served) return false;
  res.setHeader('Content-Type', TYPES[served.ext] ?? 'application/octet-stream');
  res.setHeader(
    'Cache-Control',
    urlPath.startsWith('/_astro/') ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
  );
  res.setHeader('ETag', served.etag);
  if (req.headers['if-none-match'] === served.etag) {
    res.writeHead(304).end();
    return true;
  }
  const compressible = COMPRESSIBLE.has(served.ext);
  const encoding = compressible ? chooseEncoding(req.headers['accept-encoding']) : undefined;
  if (compressible) res.setHeader('Vary', 'Accept-Encoding');
  if (encoding) res.setHeader('Content-Encoding', encoding);
  const body = bodyOf(served, encoding);
  res.setHeader('Content-Length', body.byteLength);
  res.writeHead(200);
  res.end(req.method === 'HEAD' ? undefined : body);
  return true;
}
