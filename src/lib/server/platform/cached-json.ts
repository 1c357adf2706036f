// A JSON answer that stays the same until its source changes (the lesson catalogue, for the admin
// lists): serialized once per source object, and gzipped once for the clients that accept gzip
// (browsers always do), instead of on every request.
import { gzipSync } from 'node:zlib';
import { acceptsGzip } from './compress-page.ts';

interface Body {
  json: Uint8Array<ArrayBuffer>;
  gzip?: Uint8Array<ArrayBuffer>;
}

/** Answers `toJson(source)` as JSON, kept per `source` (a new object when the data changes). */
export function cachedJson<S extends object>(toJson: (source: S) => unknown): (request: Request, source: S) => Response {
  const bodies = new WeakMap<S, Body>();
  return (request, source) => {
    let body = bodies.get(source);
    if (!body) {
      body = { json: new TextEncoder().encode(JSON.stringify(toJson(source))) };
      bodies.set(source, body);
    }
    const headers = new Headers({ 'Content-Type': 'application/json', 'Cache-Control': 'no-store', Vary: 'Accept-Encoding' });
    if (!acceptsGzip(request.headers.get('accept-encoding'))) return new Response(body.json, { headers });
    body.gzip ??= new Uint8Array(gzipSync(body.json, { level: 6 }));
    headers.set('Content-Encoding', 'gzip');
    return new Response(body.gzip, { headers });
  };
}
