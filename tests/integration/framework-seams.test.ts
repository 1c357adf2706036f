// Where our server meets Astro: one Content-Security-Policy on every kind of answer, naming the
// hash of every inline script and stylesheet any page carries; `/` decided by its page; the
// benchmark's routes off unless the bench turns them on.
import { createHash } from 'node:crypto';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { createLearner } from '../helpers/learners.ts';
import { answersScoring, assessmentQuestions } from '../helpers/assessment-answers.ts';
import { Client, uniqueEmail } from '../helpers/client.ts';
import { CSP_DIRECTIVES, CSP_STYLE_ATTRIBUTES } from '../../src/lib/server/platform/security-headers.ts';

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

type Visit = (path: string) => Promise<{ status: number; text: string; policy: string }>;

const asVisitor = (base: string): Visit => async (path) => {
  const res = await fetch(base + path);
  return { status: res.status, text: await res.text(), policy: res.headers.get('content-security-policy') ?? '' };
};

const asSignedIn = (client: Client): Visit => async (path) => {
  const reply = await client.request(path);
  return { status: reply.status, text: reply.text, policy: reply.headers.get('content-security-policy') ?? '' };
};

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The hashes of a page's inline scripts (not JSON data) and <style> elements, as a browser computes them. */
function inlineHashes(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
    .filter(([, attributes]) => !/\bsrc=|type="application\/(ld\+)?json"/.test(attributes))
    .map(([, , body]) => hashOf(body));
  const styles = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map(([, body]) => hashOf(body));
  return { scripts, styles };
}

Deno.test({
  name: 'every answer carries the one policy; it names the hash of every inline script and style of every page',
  async fn() {
    const resend = await startResendDouble();
    const adminEmail = uniqueEmail('admin');
    const server = await startServer({
      env: { RESEND_API_KEY: 're_test_key', RESEND_BASE_URL: resend.url, ADMIN_EMAILS: adminEmail },
    });
    try {
      const html = await (await fetch(`${server.url}/`)).text();
      const asset = html.match(/\/_astro\/[\w.-]+\.js/)?.[0];
      assert(asset, 'the landing page loads a script file');
      const { policy } = await policyOf(`${server.url}/`);
      const directives = directivesOf(policy);
      for (const directive of CSP_DIRECTIVES) {
        const [name, ...sources] = directive.split(' ');
        assertEquals(directives.get(name), sources.join(' '), name);
      }
      assertEquals(directives.get('style-src-attr'), CSP_STYLE_ATTRIBUTES);
      assertMatch(directives.get('script-src') ?? '', /^'self'( 'sha256-[\w+/=]+')+$/);
      assertMatch(directives.get('style-src') ?? '', /^'self'( 'sha256-[\w+/=]+')+$/);
      assertEquals(directives.size, CSP_DIRECTIVES.length + 3, 'no directive but ours, script-src and style-src');
      const scriptSources = new Set(directives.get('script-src')!.split(' '));
      const styleSources = new Set(directives.get('style-src')!.split(' '));

      const others = ['/favicon.svg', asset, '/robots.txt', '/healthz', '/api/auth/user', '/lesson/1', '/nope.js'];
      for (const path of others) assertEquals((await policyOf(server.url + path)).policy, policy, path);
      // A page's own files, fetched as such, carry the same directives without the hashes.
      const filePolicy = [...directives].map(([name, sources]) =>
        ['script-src', 'style-src'].includes(name) ? `${name} 'self'` : `${name} ${sources}`
      ).join('; ');
      for (const [path, dest] of [[asset, 'script'], ['/favicon.svg', 'image']]) {
        const res = await fetch(server.url + path, { headers: { 'sec-fetch-dest': dest } });
        await res.arrayBuffer();
        assertEquals(res.headers.get('content-security-policy'), filePolicy, `${path} as a ${dest}`);
      }

      const learner = (await createLearner(server.url, resend)).client;
      const adminAccount = (await createLearner(server.url, resend, 'Ada', adminEmail)).client;
      const answers = answersScoring(Object.fromEntries(assessmentQuestions.map((q) => [q.id, 4])));
      for (const client of [learner, adminAccount]) {
        assertEquals((await client.post('/api/assessment/submit', { answers })).status, 201);
      }
      const lessons = await learner.get<Array<{ id: number; slug: string }>>('/api/lessons/all/saving');
      const first = lessons.body[0];
      const visitorPages = [
        '/',
        '/learn',
        `/learn/${first.slug}`,
        '/login',
        '/signup',
        '/curriculum',
        '/privacy',
        '/no-such-page',
      ];
      const learnerPages = [
        '/dashboard',
        '/progress',
        '/lessons?pillar=saving',
        `/lesson/${first.id}`,
        '/review',
        '/account',
        '/learn',
      ];
      const adminPages = ['/admin/lessons', '/studio', '/studio/drafts/new'];
      const visits: Array<[string, Visit]> = [
        ...visitorPages.map((p): [string, Visit] => [p, asVisitor(server.url)]),
        ...learnerPages.map((p): [string, Visit] => [p, asSignedIn(learner)]),
        ...adminPages.map((p): [string, Visit] => [p, asSignedIn(adminAccount)]),
      ];
      let checked = 0;
      for (const [path, visit] of visits) {
        const page = await visit(path);
        assertEquals(page.policy, policy, `${path}: the one policy`);
        const found = inlineHashes(page.text);
        assert(found.styles.length > 0 || page.status === 404, `${path} carries its stylesheet inline`);
        for (const hash of found.scripts) assert(scriptSources.has(hash), `${path}: inline script ${hash} is allowed`);
        for (const hash of found.styles) assert(styleSources.has(hash), `${path}: inline style ${hash} is allowed`);
        checked += found.scripts.length + found.styles.length;
      }
      assert(checked > visits.length, 'the pages carry inline code to check');
    } finally {
      await server.stop();
      await resend.close();
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
