// The one place the server reaches past Astro's documented adapter surface. Astro's Node request
// conversion (`createRequestFromNodeRequest` in astro/app/node, which @astrojs/node's handler
// calls) takes a body already read onto `req.body` as is, the way it takes one parsed by Express
// middleware; without it, it wraps the message in an async generator and a stream, a cost
// on each quiz completion. tests/unit/request-body.test.ts fails if Astro stops taking it.
import { Buffer } from 'node:buffer';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Reads a body of a known length (its limit already checked) onto `req.body`, then calls `next`.
 * Chunked bodies keep the adapter's own path and its size limit.
 */
export function readBodyAhead(req: IncomingMessage, res: ServerResponse, next: () => void): void {
  const length = Number(req.headers['content-length'] ?? 0);
  if (!(length > 0) || req.headers['transfer-encoding'] !== undefined) return next();
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    (req as IncomingMessage & { body?: Buffer }).body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks);
    next();
  });
  req.on('error', () => res.destroy());
}
