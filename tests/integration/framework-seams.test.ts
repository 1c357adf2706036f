// Where our server meets Astro: one Content-Security-Policy on every kind of answer, `/` decided
// by its page, the benchmark's routes off unless the
// bench turns them on.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { createLearner } from '../helpers/learners.ts';
import {
  CONTENT_SECURITY_POLICY,
  CSP_DIRECTIVES,
  CSP_STYLE_ATTRIBUTES,
} from '../../src/lib/server/platform/security-headers.ts';

// The child process's pipes outlive a test case by design (the server runs for the whole test).

/** A policy as directive name → its sources, in order. */
function directivesOf(policy: string): Map<string, string> {
  return new Map(
    policy
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name, ...sources]) => [name, sources.join(' ')]),
  );
}

async function policyOf(url: string): Promise<{ status: number; policy: string; type: string }> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.arrayBuffer();
  return {
    status: res.status,
    policy: res.headers.get('content-security-policy') ?? '',
    type: res.headers.get('content-type') ?? '',
  };
}

Deno.test({
  name: 'pages, client files and API answers carry the one policy of security-headers.ts; pages add only their hashes',
  async fn() {
    const server = await startServer();
    try {
      const html = await (await fetch(`${server.url}/`)).text();
      const asset = html.match(/\/_astro\/[\w.-]+\.js/)?.[0];
      assert(asset, 'the landing page loads a script file');
      const ours = directivesOf(CONTENT_SECURITY_POLICY);
      const pages = ['/', '/learn', '/learn/credit-apr-and-interest', '/login', '/no-such-page'];
      const others = [
        '/favicon.svg',
        asset,
        '/robots.txt',
        '/healthz',
        '/api/auth/user',
        '/api/lessons/credit/intermediate',
        '/lesson/1',
      ];
      for (const path of [...pages, ...others]) {
        const { policy } = await policyOf(server.url + path);
        const theirs = directivesOf(policy);
        for (const directive of CSP_DIRECTIVES) {
          const [name, ...sources] = directive.split(' ');
          assertEquals(theirs.get(name), sources.join(' '), `${path}: ${name}`);
        }
        assertEquals(theirs.get('style-src-attr'), CSP_STYLE_ATTRIBUTES, `${path}: style-src-attr`);
        if (pages.includes(path)) {
          // Astro's additions: script-src and style-src with the hashes of the page's inline code.
          assert(
            /^'self'( 'sha256-[\w+/=]+')+$/.test(theirs.get('script-src') ?? ''),
            `${path}: script-src is 'self' and hashes`,
          );
          assert(
            /^'self'( 'sha256-[\w+/=]+')+$/.test(theirs.get('style-src') ?? ''),
            `${path}: style-src is 'self' and hashes`,
          );
          assertEquals(theirs.size, ours.size + 2, `${path}: no directive but ours, script-src and style-src`);
        } else {
          assertEquals(policy, CONTENT_SECURITY_POLICY, path);
        }
      }
    } finally {
      await server.stop();
    }
  },
});

Deno.test({
  name: '/ is the prerendered landing page for everyone; a signed-in learner is told where home is',
  async fn() {
    const resend = await startResendDouble();
    const server = await startServer({ env: { RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: resend.url } });
    try {
      const signedOut = await fetch(server.url + '/');
      const landing = await signedOut.text();
      assertMatch(landing, /Get Your Wealth Snapshot/);
      assert(signedOut.headers.get('etag'), 'a client file, with an ETag');
      assertMatch(signedOut.headers.get('content-security-policy') ?? '', /script-src 'self' 'sha256-/);
      assertMatch(landing, /\/api\/user\/home/, 'the page asks where a signed-in visitor belongs');

      const home = await fetch(server.url + '/api/user/home');
      assertEquals(
        [home.status, await home.json()],
        [200, { path: null }],
        'a visitor without a session stays, and no error shows in their console',
      );
      const { client } = await createLearner(server.url, resend);
      const same = await client.get('/');
      assertEquals(same.text, landing, 'the same bytes with a session');
      assertEquals(
        (await client.get('/api/user/home')).body,
        { path: '/assessment' },
        'a learner before the assessment goes to it',
      );
    } finally {
      await server.stop();
      await resend.close();
    }
  },
});

Deno.test({
  name: 'the benchmark routes /trivial and /ping answer 404 unless BENCH_ROUTES=1',
  async fn() {
    const off = await startServer();
    try {
      for (const path of ['/trivial', '/ping']) assertEquals((await policyOf(off.url + path)).status, 404, path);
    } finally {
      await off.stop();
    }
    const on = await startServer({ env: { BENCH_ROUTES: '1' } });
    try {
      const trivial = await fetch(on.url + '/trivial');
      assertEquals([trivial.status, (await trivial.text()).includes('<body>ok</body>')], [200, true]);
      const ping = await fetch(on.url + '/ping');
      assertEquals([ping.status, await ping.text()], [200, 'ok']);
    } finally {
      await on.stop();
    }
  },
});
