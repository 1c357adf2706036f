// Pages and JSON answers are gzip-compressed for clients that accept it, keeping
// status, cookies and headers.
import { gunzipSync } from 'node:zlib';
import { assert, assertEquals } from '../helpers/assert.ts';
import { acceptsGzip, compressPage } from '../../src/lib/server/platform/compress-page.ts';

const page = 'x'.repeat(4000);
const request = (acceptEncoding?: string, method = 'GET') =>
  new Request('http://localhost/dashboard', {
    method,
    headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
  });
const html = (body = `<!doctype html><p>${page}</p>`) => {
  const headers = new Headers({ 'content-type': 'text/html', 'content-length': String(body.length) });
  headers.append('set-cookie', 'session=a; Path=/');
  headers.append('set-cookie', 'other=b; Path=/');
  return new Response(body, { status: 200, headers });
};

Deno.test('Accept-Encoding is read with its q-values', () => {
  assertEquals(acceptsGzip('gzip, deflate, br'), true);
  assertEquals(acceptsGzip('br;q=1.0, GZIP;q=0.5'), true);
  assertEquals(acceptsGzip('gzip;q=0'), false);
  assertEquals(acceptsGzip('gzip;q=0.0, br'), false);
  assertEquals(acceptsGzip('*'), true);
  assertEquals(acceptsGzip('br, identity'), false);
  assertEquals(acceptsGzip(null), false);
});

Deno.test('an HTML page is gzipped for a client that accepts it, with its cookies and status kept', async () => {
  const out = await compressPage(request('gzip, br'), html());
  assertEquals(out.headers.get('content-encoding'), 'gzip');
  assertEquals(out.headers.get('vary'), 'Accept-Encoding');
  assertEquals(out.headers.getSetCookie(), ['session=a; Path=/', 'other=b; Path=/']);
  const body = new Uint8Array(await out.arrayBuffer());
  assert(body.byteLength < 200, 'compressed');
  assertEquals(new TextDecoder().decode(gunzipSync(body)), `<!doctype html><p>${page}</p>`);
});

Deno.test("a JSON answer is gzipped too (the authors' list of every lesson is large)", async () => {
  const lessons = Array.from({ length: 50 }, (_, id) => ({ id, title: `Lesson ${id}`, content: page }));
  const out = await compressPage(request('gzip'), Response.json(lessons));
  assertEquals(out.headers.get('content-encoding'), 'gzip');
  assertEquals(JSON.parse(new TextDecoder().decode(gunzipSync(new Uint8Array(await out.arrayBuffer())))), lessons);
});

Deno.test('no gzip for clients that do not accept it, for HEAD, for other types and for answers declared tiny', async () => {
  for (
    const [req, res] of [
      [request(), html()],
      [request('br'), html()],
      [request('gzip', 'HEAD'), html()],
      [request('gzip'), new Response('plain text', { headers: { 'content-type': 'text/plain' } })],
    ] as const
  ) {
    const out = await compressPage(req, res);
    assertEquals(out.headers.get('content-encoding'), null);
  }
  const tiny = await compressPage(request('gzip'), html('<p>hi</p>'));
  assertEquals([tiny.headers.get('content-encoding'), await tiny.text()], [null, '<p>hi</p>']);
});
