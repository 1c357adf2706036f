// The ceiling: a plain static file server that answers every request with the same HTML bytes
// as the landing page (LANDING_FILE, which bench/run.mjs fetches from the app signed out). Run
// under the same runtime (Deno) as the app.
import http from 'node:http';
import { readFileSync } from 'node:fs';

const body = readFileSync(process.env.LANDING_FILE);
const port = Number(process.env.PORT ?? 4500);
http
  .createServer((req, res) => {
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Content-Length': body.byteLength });
    res.end(body);
  })
  .listen(port, '127.0.0.1', () => console.log(`static baseline on ${port}`));
