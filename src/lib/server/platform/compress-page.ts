// Pages and JSON answers, gzip-compressed for clients that accept it (a page is 15 to 40 KB of
// HTML, the authors' list of every lesson far more; on a phone's connection the compressed answer
// arrives sooner). A page is whole before it is sent (streaming is off), so it is compressed in one
// call at zlib's fastest level, most of the saving for a fraction of the work of a stream.
// Client files are compressed by static-files.ts.
import { gzipSync } from 'node:zlib';

/** Whether an Accept-Encoding header allows `coding` (`gzip;q=0` refuses it; `*` allows any). */
export function acceptsEncoding(acceptEncoding: string | null | undefined, coding: string): boolean {
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name !== coding && name !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  }
  return false;
}

/** Whether the request's Accept-Encoding allows gzip. */
export const acceptsGzip = (acceptEncoding: string | null): boolean => acceptsEncoding(acceptEncoding, 'gzip');

const COMPRESSED_TYPES = /^(text\/html|application\/json)/;
/** Below this many bytes (when the length is declared) compressing saves less than it costs. */
const MIN_BYTES = 1024;

/** The response, gzip-compressed when the client accepts it and it is HTML or JSON not declared tiny. */
export async function compressPage(request: Request, response: Response): Promise<Response> {
  if (!response.body || request.method === 'HEAD' || response.headers.has('content-encoding')) return response;
  if (!COMPRESSED_TYPES.test(response.headers.get('content-type') ?? '')) return response;
  if (Number(response.headers.get('content-length') ?? MIN_BYTES) < MIN_BYTES) return response;
  const headers = new Headers(response.headers);
  headers.append('Vary', 'Accept-Encoding');
  if (!acceptsGzip(request.headers.get('accept-encoding'))) {
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  }
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.byteLength < MIN_BYTES) {
    return new Response(body, { status: response.status, statusText: response.statusText, headers });
  }
  const compressed = gzipSync(body, { level: 1 });
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(compressed.byteLength));
  return new Response(compressed, { status: response.status, statusText: response.statusText, headers });
}
