// The public lesson library (issue 42) over HTTP, on PGlite and on PostgreSQL when DATABASE_URL
// is set: search ranks a title match above a text match, marks matches as text and survives
// any query; addresses never break (title change keeps it, slug change answers 301); public
// pages answer 304 to their ETag until a publish changes them.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { Client } from '../helpers/client.ts';
import { databaseKinds } from '../helpers/database.ts';
import { jsonLdOf, libraryServer, metaOf, PUBLIC_URL } from '../helpers/library.ts';
import { curriculumLessons } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const lesson = (input: Record<string, unknown>) => ({
  pillar: 'credit',
  level: 'advanced',
  sections: [{ header: 'Part one', content: 'Plain words.' }],
  questions: [{ question: 'Which?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1, explanation: 'b' }],
  ...input,
});

/** The slugs of the search results, in order. */
const resultSlugs = (html: string) =>
  [...html.matchAll(/<li class="library-item[^"]*"[^>]*>\s*<h3[^>]*><a href="\/learn\/([a-z0-9-]+)"/g)].map((m) =>
    m[1]
  );

for (const kind of databaseKinds()) {
  describe(`${kind}: the public library`, () => {
    const app = libraryServer(kind);
    let author: Client;
    let visitor: Client;
    beforeAll(async () => {
      await app.start();
      author = await app.account(true);
      visitor = new Client(app.url);
    });
    afterAll(app.stop);

    it('search: a title match ranks above a text match, matches are marked as text, and any query answers 200', async () => {
      const word = `zorblat${crypto.randomUUID().slice(0, 4).replace(/\d/g, 'q')}`;
      // Created first, so its id cannot be what puts the title match first; its text says the word often.
      const inText = await author.post<{ slug: string }>(
        '/api/admin/lessons',
        lesson({
          title: 'Many mentions',
          orderIndex: 91,
          // (The markup sits in the sentence the excerpt shows: excerpts are whole sentences, issue 53.)
          sections: [{ content: `<img src=x onerror=alert(1)> ${word} ${word} and ${word} again. ${word}.` }],
        }),
      );
      assertEquals(inText.status, 201, inText.text);
      const inTitle = await author.post<{ slug: string }>(
        '/api/admin/lessons',
        lesson({ title: `The ${word} basics`, orderIndex: 92, slug: `${word}-basics` }),
      );
      assertEquals(inTitle.status, 201, inTitle.text);

      const page = await visitor.get(`/learn?q=${word}`);
      assertEquals(page.status, 200);
      assertEquals(resultSlugs(page.text), [`${word}-basics`, inText.body.slug]);
      assertMatch(page.text, new RegExp(`The <mark>${word}</mark> basics`));
      // The lesson's own markup is text in the excerpt, never an element.
      assert(!page.text.includes('<img src=x'), 'markup from a lesson is escaped');
      assertMatch(page.text, /&lt;img src=x onerror=alert\(1\)/);

      const reflected = await visitor.get(`/learn?q=${encodeURIComponent(`<script>alert(1)</script> ${word}`)}`);
      assertEquals(reflected.status, 200);
      // Outside attribute values (where < is inert), the query never opens an element.
      assert(!reflected.text.replace(/="[^"]*"/g, '=""').includes('<script>alert(1)'), 'the query is escaped');

      const hostile = [
        '"',
        '%',
        '_',
        '\\',
        "'; drop table lessons; --",
        '" OR 1=1 --',
        'a & | ! :* ()',
        'x'.repeat(1000),
      ];
      for (const q of [...hostile, `"${word}`, `${word}%`, `-${word}`, 'the and of']) {
        const r = await visitor.get(`/learn?q=${encodeURIComponent(q)}`);
        assertEquals(r.status, 200, q.slice(0, 40));
      }
      assertEquals((await visitor.get('/learn?q=%E0%A4%A')).status, 200);
      for (const q of ['%00', `${word}%00x`, '%01%1F%7F', '%EE%80%80%EE%80%81']) {
        assertEquals((await visitor.get(`/learn?q=${q}`)).status, 200, q);
      }
      assertEquals(resultSlugs((await visitor.get(`/learn?q=${word}%00`)).text)[0], `${word}-basics`);
      assertEquals(resultSlugs((await visitor.get(`/learn?q=${encodeURIComponent(`"${word} basics"`)}`)).text), [
        `${word}-basics`,
      ]);
    });

    it('search: on an equal match the beginner lesson comes first; excerpts are whole sentences (issue 53)', async () => {
      const page = await visitor.get(`/learn?q=${encodeURIComponent('emergency fund')}`);
      assertEquals(page.status, 200);
      const slugs = resultSlugs(page.text);
      assert(slugs.indexOf('saving-emergency-fund-101') >= 0, slugs.join());
      assert(slugs.indexOf('saving-emergency-fund-101') < slugs.indexOf('saving-full-emergency-fund'), slugs.join());
      const excerpts = [...page.text.matchAll(/<p class="item-summary"[^>]*>([\s\S]*?)<\/p>/g)].map((m) =>
        m[1].replace(/<[^>]+>/g, '').trim()
      );
      assert(excerpts.length >= 2);
      for (const excerpt of excerpts.slice(0, 5)) {
        // A whole sentence (or list item) of the lesson, never fragments cut mid-sentence and joined by "…".
        assert(!excerpt.includes('…'), excerpt);
        assertMatch(excerpt, /[.!?:;)"”]$/);
      }
    });

    it('addresses: a title change keeps the address, a slug change answers 301 from the old one', async () => {
      const created = await author.post<{ id: number; slug: string; version: number }>(
        '/api/admin/lessons',
        lesson({ title: 'Stable address', orderIndex: 93, slug: 'stable-address' }),
      );
      assertEquals(created.status, 201, created.text);
      const put = (body: Record<string, unknown>) =>
        author.request<{ slug: string; version: number }>(`/api/admin/lessons/${created.body.id}`, {
          method: 'PUT',
          json: lesson({ orderIndex: 93, ...body }),
        });
      const retitled = await put({ title: 'Stable address, renamed', version: created.body.version });
      assertEquals([retitled.status, retitled.body.slug], [200, 'stable-address']);
      assertMatch((await visitor.get('/learn/stable-address')).text, /Stable address, renamed/);

      for (const slug of ['Stable-Address', 'two--hyphens', '-lead', 'spa ce', 'x'.repeat(81)]) {
        const bad = await put({ title: 'x', slug, version: retitled.body.version });
        assertEquals(bad.status, 400, slug);
      }
      const taken = await put({ title: 'x', slug: 'credit-apr-and-interest', version: retitled.body.version });
      assertEquals(taken.status, 409);

      const moved = await put({
        title: 'Stable address, renamed',
        slug: 'new-address',
        version: retitled.body.version,
      });
      assertEquals([moved.status, moved.body.slug], [200, 'new-address']);
      const old = await visitor.get('/learn/stable-address');
      assertEquals([old.status, old.headers.get('location')], [301, '/learn/new-address']);
      assertEquals((await visitor.get('/learn/new-address')).status, 200);
      // Another lesson cannot take the old address while it redirects.
      const reuse = await author.post(
        '/api/admin/lessons',
        lesson({ title: 'Thief', orderIndex: 94, slug: 'stable-address' }),
      );
      assertEquals(reuse.status, 409);
      // Moving back makes the old address current again.
      const back = await put({ title: 'Back', slug: 'stable-address', version: moved.body.version });
      assertEquals(back.status, 200);
      assertEquals((await visitor.get('/learn/stable-address')).status, 200);
      assertEquals((await visitor.get('/learn/new-address')).headers.get('location'), '/learn/stable-address');

      for (const path of ['no-such-lesson', '%00', 'a%00b', 'UPPER', '..%2fadmin', 'x'.repeat(300), '%E2%80%AE']) {
        assertEquals((await visitor.get(`/learn/${path}`)).status, 404, path);
      }
      const curriculum = await visitor.get('/curriculum');
      assertEquals([curriculum.status, curriculum.headers.get('location')], [301, '/learn']);
    });

    it('ETag: a repeat visit gets 304 until an edit, which shows on the next request', async () => {
      const created = await author.post<{ id: number; slug: string; version: number }>(
        '/api/admin/lessons',
        lesson({ title: 'Cached lesson', orderIndex: 95 }),
      );
      const path = `/learn/${created.body.slug}`;
      for (const page of [path, '/learn', '/learn?q=budget']) {
        const first = await visitor.get(page);
        const tag = first.headers.get('etag');
        assert(tag, page);
        assertMatch(first.headers.get('cache-control') ?? '', /public/);
        const again = await visitor.get(page, { 'if-none-match': tag });
        assertEquals([again.status, again.text], [304, ''], page);
        assertEquals(again.headers.get('etag'), tag);
      }
      const tag = (await visitor.get(path)).headers.get('etag')!;
      const listTag = (await visitor.get('/learn')).headers.get('etag')!;
      await author.request(`/api/admin/lessons/${created.body.id}`, {
        method: 'PUT',
        json: lesson({ title: 'Cached lesson, edited', orderIndex: 95, version: created.body.version }),
      });
      const edited = await visitor.get(path, { 'if-none-match': tag });
      assertEquals(edited.status, 200);
      assertMatch(edited.text, /Cached lesson, edited/);
      assertEquals((await visitor.get('/learn', { 'if-none-match': listTag })).status, 200);
      // A signed-in learner's page is their own: no shared cache keeps it.
      const learner = await app.account();
      const own = await learner.get(path);
      assertEquals(own.status, 200);
      assertEquals(own.headers.get('cache-control'), 'private, no-store');
    });

    it('search engines: canonical, Open Graph, JSON-LD, sitemap and robots on PUBLIC_URL; account pages noindex', async () => {
      const slug = 'saving-emergency-fund-101';
      const page = (await visitor.get(`/learn/${slug}`)).text;
      assertMatch(page, new RegExp(`<link rel="canonical" href="${PUBLIC_URL}/learn/${slug}">`));
      assertEquals(metaOf(page, 'og:url'), `${PUBLIC_URL}/learn/${slug}`);
      assertEquals(metaOf(page, 'og:type'), 'article');
      assertMatch(metaOf(page, 'og:title') ?? '', /^Emergency Fund 101/);
      // Each curriculum lesson's own preview image (committed in public/og/).
      assertEquals(metaOf(page, 'og:image'), `${PUBLIC_URL}/og/${slug}.png`);
      assertEquals(metaOf(page, 'twitter:image'), `${PUBLIC_URL}/og/${slug}.png`);
      const image = await fetch(`${app.url}/og/${slug}.png`);
      assertEquals([image.status, image.headers.get('content-type')], [200, 'image/png']);
      assertEquals([...new Uint8Array((await image.arrayBuffer()).slice(0, 4))], [0x89, 0x50, 0x4e, 0x47]);
      assertEquals(metaOf(page, 'twitter:card'), 'summary_large_image');
      assert((metaOf(page, 'description') ?? '').length > 40, 'a description of its own');
      assertEquals(metaOf(page, 'robots'), undefined);
      const [resource, crumbs] = jsonLdOf(page);
      assertEquals(resource['@type'], 'LearningResource');
      assertEquals(resource.url, `${PUBLIC_URL}/learn/${slug}`);
      assertEquals(resource.educationalLevel, 'Beginner');
      const teaches = resource.teaches as string[];
      assert(Array.isArray(teaches) && teaches.length > 0 && teaches.every((t) => typeof t === 'string'));
      assertMatch(String(resource.timeRequired), /^PT\d+M$/);
      assertMatch(String(resource.dateModified), /^\d{4}-\d{2}-\d{2}$/);
      assertEquals(crumbs['@type'], 'BreadcrumbList');
      assertEquals(
        (crumbs.itemListElement as Array<{ item: string }>).map((c) => c.item),
        [`${PUBLIC_URL}/`, `${PUBLIC_URL}/learn`, `${PUBLIC_URL}/learn/${slug}`],
      );

      const library = (await visitor.get('/learn')).text;
      assertMatch(library, new RegExp(`<link rel="canonical" href="${PUBLIC_URL}/learn">`));
      const [list, libraryCrumbs] = jsonLdOf(library);
      assertEquals(list['@type'], 'ItemList');
      const items = list.itemListElement as Array<{ position: number; url: string }>;
      assert(items.length >= curriculumLessons().length);
      assertEquals(list.numberOfItems, items.length);
      assertEquals(items[0].position, 1);
      assert(items.some((i) => i.url === `${PUBLIC_URL}/learn/${slug}`));
      assertEquals(libraryCrumbs['@type'], 'BreadcrumbList');

      const sitemap = await visitor.get('/sitemap.xml');
      assertEquals(sitemap.status, 200);
      const locs = [...sitemap.text.matchAll(/<loc>([^<]+)<\/loc>(<lastmod>([^<]+)<\/lastmod>)?/g)];
      for (const file of curriculumLessons()) {
        const entry = locs.find((m) => m[1] === `${PUBLIC_URL}/learn/${file.slug}`);
        assert(entry, `${file.slug} is in the sitemap`);
        assertMatch(entry[3] ?? '', /^\d{4}-\d{2}-\d{2}$/);
      }
      const accountPages = [
        '/dashboard',
        '/lessons',
        '/lesson/',
        '/review',
        '/progress',
        '/account',
        '/login',
        '/admin',
      ];
      for (const [, loc] of locs) {
        const path = new URL(loc).pathname;
        assert(!accountPages.some((p) => path.startsWith(p)), `${path} is not an account page`);
      }
      const robots = (await visitor.get('/robots.txt')).text;
      assertMatch(robots, /^Allow: \/learn$/m);
      for (const p of ['/dashboard', '/account', '/lessons', '/progress', '/review']) {
        assertMatch(robots, new RegExp(`^Disallow: ${p}$`, 'm'));
      }
      assertMatch(robots, new RegExp(`^Sitemap: ${PUBLIC_URL}/sitemap.xml$`, 'm'));

      const learner = await app.account();
      for (const p of ['/dashboard', '/account', '/progress', '/review', '/lessons', '/check-inbox']) {
        const r = await (p === '/check-inbox' ? visitor : learner).get(p);
        assertEquals(r.status, 200, p);
        assertEquals(metaOf(r.text, 'robots'), 'noindex', p);
      }
    });
  });
}
