// Server-rendered pages gzip-compressed for clients that accept it. Pages are 15 to 40 KB of
// HTML, a quarter of that compressed: on a phone's connection the page can paint sooner. Static files and the kept landing page come
// precompressed from static-files.ts; JSON answers are small and stay as they are.
import { gzipSync } from 'node:zlib';

/** Below this many bytes compressing saves less than it costs. */
const MIN_BYTES = 1024;

/** Whether the request's Accept-Encoding allows gzip (`gzip;q=0` refuses it). */
export function acceptsGzip(acceptEncoding: string | null): boolean {
  if (!acceptEncoding) return false;
  for (const part of acceptEncoding.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== 'gzip' && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** The page's response, gzip-compressed when the client accepts it and it is HTML worth compressing. */
export async function compressPage(request: Request, response: Response): Promise<Response> {
  if (!response.body || request.method === 'HEAD' || response.headers.has('content-encoding')) return response;
  if (!(response.headers.get('content-type') ?? '').startsWith('text/html')) return response;
  if (!acceptsGzip(request.headers.get('accept-encoding'))) return response;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  const init = { status: response.status, statusText: response.statusText, headers };
  if (body.byteLength < MIN_BYTES) return new Response(body, init);
  headers.set('Content-Encoding', 'gzip');
  headers.delete('Content-Length');
  return new Response(gzipSync(body, { level: 6 }), init);
}
