// A local stand-in for Resend's HTTP API (POST /emails), for tests: records what arrives,
// de-duplicates by Idempotency-Key as Resend does, and can play an outage (500, 429 or a hang).
import http from 'node:http';

export async function startResendDouble() {
  const delivered = [];
  const attempts = [];
  const byKey = new Map();
  let mode = 'ok';
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const key = req.headers['idempotency-key'];
      if (req.method === 'GET' && req.url === '/_test/emails') {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify(delivered));
      }
      const attempt = {
        path: req.url,
        key,
        mode,
        authorization: req.headers.authorization,
        at: Date.now(),
        givenUpAt: undefined,
      };
      attempts.push(attempt);
      if (req.method !== 'POST' || !req.url?.startsWith('/emails')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ name: 'not_found', message: 'Not found', statusCode: 404 }));
      }
      if (mode === 'hang') {
        // Never answers: the client must time out. When it gives up, note when.
        res.on('close', () => (attempt.givenUpAt = Date.now()));
        return;
      }
      if (mode === '500' || mode === '429') {
        res.writeHead(Number(mode), { 'content-type': 'application/json' });
        return res.end(
          JSON.stringify({ name: 'application_error', message: `double says ${mode}`, statusCode: Number(mode) }),
        );
      }
      if (key && byKey.has(key)) {
        res.writeHead(200, { 'content-type': 'application/json' });
        return res.end(JSON.stringify({ id: byKey.get(key) }));
      }
      const email = JSON.parse(body);
      const id = `email_${delivered.length + 1}`;
      if (key) byKey.set(key, id);
      delivered.push({ id, key, ...email, to: Array.isArray(email.to) ? email.to : [email.to] });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ id }));
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;
  return {
    url,
    delivered,
    attempts,
    setMode(next) {
      mode = next;
    },
    /** Waits until an e-mail matching `predicate` arrives; returns it. */
    async waitFor(predicate, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = delivered.find(predicate);
        if (found) return found;
        if (Date.now() > deadline) {
          throw new Error(
            `no matching e-mail within ${timeoutMs} ms; got ${JSON.stringify(delivered.map((d) => [d.to, d.subject]))}`,
          );
        }
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    to(address) {
      return delivered.filter((d) => d.to.includes(address));
    },
    close() {
      server.closeAllConnections?.();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

/** The first link in an e-mail's text that starts with `prefix` (e.g. a PUBLIC_URL path). */
export function linkIn(email, path) {
  const match = email.text.match(new RegExp(`https?://[^\\s]*${path.replace(/[/?]/g, '\\$&')}[^\\s]*`));
  if (!match) throw new Error(`no ${path} link in: ${email.text}`);
  return new URL(match[0]);
}
