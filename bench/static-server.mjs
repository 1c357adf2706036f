// A ceiling: a plain static server answering every request with the bytes of FILE, under the
// same runtime (Deno) as the app.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.FILE);
const type = process.env.CONTENT_TYPE ?? 'text/html; charset=utf-8';
http
  .createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': type, 'Content-Length': body.byteLength });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
