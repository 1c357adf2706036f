import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createRequestFromNodeRequest } from 'astro/app/node';
import { assertEquals } from '../helpers/assert.ts';
import { readBodyAhead } from '../../src/lib/server/platform/request-body.ts';

/** A request message whose body the test emits. */
function message(headers: Record<string, string>) {
  const req = Object.assign(new EventEmitter(), {
    method: 'POST',
    url: '/api/lesson/5/complete',
    headers: { host: 'localhost', ...headers },
    socket: { remoteAddress: '127.0.0.1', encrypted: false },
  });
  return req as unknown as IncomingMessage & EventEmitter;
}

Deno.test('a body of known length is read ahead in one piece, and Astro builds its Request from it without the stream', async () => {
  const req = message({ 'content-type': 'application/json', 'content-length': '19' });
  const done = new Promise<void>((resolve) => readBodyAhead(req, {} as ServerResponse, resolve));
  req.emit('data', Buffer.from('{"responses":'));
  req.emit('data', Buffer.from('[1,2]}'));
  req.emit('end');
  await done;
  assertEquals((req as { body?: Buffer }).body?.toString(), '{"responses":[1,2]}');
  // From here on the message's stream is spent: only req.body can give Astro the bytes.
  const request = createRequestFromNodeRequest(req, { bodySizeLimit: 1024 });
  assertEquals(await request.text(), '{"responses":[1,2]}');
});

Deno.test('a chunked body is left to the adapter', () => {
  let called = false;
  const req = message({ 'transfer-encoding': 'chunked' });
  readBodyAhead(req, {} as ServerResponse, () => (called = true));
  assertEquals([called, (req as { body?: Buffer }).body], [true, undefined]);
});
