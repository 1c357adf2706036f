// The ceiling: a plain static file server that answers every request with the same HTML bytes
// as the prerendered landing page. Run under the same runtime (Deno) as the app.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(new URL('../dist/client/index.html', import.meta.url));
const port = Number(process.env.PORT ?? 4500);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.byteLength });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => console.log(`static baseline on ${port}`));
