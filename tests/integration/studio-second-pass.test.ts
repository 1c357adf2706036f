// The studio's second pass over HTTP on each database (issue 54): a new lesson written only with the
// editor's fields is published at an address made from its title; the live preview answers authors
// too; the specification's admin API keeps publishing at once (201, `version` on PUT, 409, 404 after
// DELETE) through the same service, its lessons showing their rule warnings in the studio; a lesson's
// state (published, unpublished, deleted) keeps positions unique; the history names who published
// and a restored draft names the version it restored.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { Client, strongPassword } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const AUTHOR = 'second.pass.author@example.com';
const ADMIN = 'second.pass.admin@example.com';

const today = () => new Date().toISOString().slice(0, 10);
const SENTENCE = 'A rainy day fund pays for a $400 car repair without a card balance that grows with interest.';
const text = (words: number) => Array.from({ length: Math.ceil(words / 18) }, () => SENTENCE).join(' ');

/** A lesson as the studio's editor sends it, with only the fields the editor shows filled in. */
function newLesson(title: string, orderIndex: number) {
  return {
    lesson: {
      title,
      pillar: 'saving',
      level: 'beginner',
      orderIndex,
      duration: 5,
      sections: ['Why it matters', 'Where to keep it', 'Try this now'].map((header) => ({
        header,
        content: text(340),
      })),
      learningObjectives: ['Say what a rainy day fund is for', 'Start one with a payday transfer'],
      questions: [0, 1, 2].map((n) => ({
        question: `Question ${n + 1}: what does a rainy day fund let Maria do?`,
        options: [`Pay from savings ${n}`, `Use a card ${n}`, `Skip the repair ${n}`, `Borrow from a lender ${n}`],
        correctAnswer: n,
        explanation: 'Savings pay the bill without interest. A card or a loan adds interest to it.',
      })),
    },
    sources: [{
      title: 'Start small, save up',
      publisher: 'Consumer Financial Protection Bureau',
      url: 'https://www.consumerfinance.gov/start-small-save-up/',
    }],
    reviewedAt: today(),
  };
}

for (const kind of databaseKinds()) {
  describe(`the studio's second pass (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: TestDatabase | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    let author: Client;
    let admin: Client;
    let learner: Client;

    async function signUp(email: string, firstName: string): Promise<Client> {
      const client = new Client(server.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName,
        lastName: 'Studio',
        phoneNumber: '+15551234567',
      });
      const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
      return client;
    }

    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createTestDatabase('postgres') : null;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          ADMIN_EMAILS: ADMIN,
          AUTHOR_EMAILS: AUTHOR,
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
      author = await signUp(AUTHOR, 'Ada');
      admin = await signUp(ADMIN, 'Grace');
      learner = (await createLearner(server.url, resend)).client;
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      if (database) await database.drop().catch(() => {});
    });

    it(`${kind}: a new lesson with only the editor's fields passes the rules and is published at its title's address`, async () => {
      const created = await author.post<{ id: number; problems: string[] }>(
        '/api/studio/drafts',
        newLesson('Rainy day money', 40),
      );
      assertEquals(created.status, 201, created.text);
      assertEquals(created.body.problems, []);
      const published = await admin.post<{ id: number; slug: string }>(
        `/api/studio/drafts/${created.body.id}/publish`,
        { note: 'First version' },
      );
      assertEquals(published.status, 200, published.text);
      assertEquals(published.body.slug, 'rainy-day-money');
      const page = await learner.get('/learn/rainy-day-money');
      assertEquals(page.status, 200);
      assertMatch(page.text, /Rainy day money/);
      // A second lesson of the same title gets the next free address, still without a code.
      const again = await author.post<{ id: number }>('/api/studio/drafts', newLesson('Rainy day money', 41));
      const second = await admin.post<{ slug: string }>(`/api/studio/drafts/${again.body.id}/publish`, { note: '' });
      assertEquals(second.body.slug, 'rainy-day-money-2');
    });

    it(`${kind}: problems read as an author writes them, never as schema messages`, async () => {
      const { lesson } = newLesson('Half done', 42);
      const draft = await author.post<{ problems: string[] }>('/api/studio/drafts', {
        lesson: { ...lesson, learningObjectives: ['Say what a rainy day fund is for'] },
      });
      assertEquals(draft.status, 201, draft.text);
      const problems = draft.body.problems;
      assert(problems.includes('Add a second learning objective'), problems.join('\n'));
      assert(problems.includes("Add a source: where the lesson's facts come from (title, publisher and address)"));
      assert(problems.includes("Set the review date: the day you checked the lesson's facts"), problems.join('\n'));
      for (const p of problems) assert(!/Too small|expected|>=/.test(p), p);
    });

    it(`${kind}: the live preview answers authors and admins; a learner gets 403`, async () => {
      const body = { sections: [{ header: 'Why', content: '**bold** text' }] };
      for (const client of [author, admin]) {
        const r = await client.post<{ html: string[] }>('/api/studio/preview', body);
        assertEquals(r.status, 200, r.text);
        assertMatch(r.body.html[0], /<strong>bold<\/strong>/);
      }
      assertEquals((await learner.post('/api/studio/preview', body)).status, 403);
      assertEquals((await author.post('/api/admin/preview', body)).status, 404, 'one preview endpoint');
    });

    it(`${kind}: the admin API still publishes at once and keeps its contract; its lessons show their warnings in the studio`, async () => {
      const { lesson } = newLesson('Made through the API', 43);
      const created = await admin.post<{ id: number; version: number; slug: string }>('/api/admin/lessons', lesson);
      assertEquals(created.status, 201, created.text);
      assertEquals(created.body.slug, 'made-through-the-api');
      assertEquals((await learner.get('/learn/made-through-the-api')).status, 200, 'published at once');
      const stale = await admin.request(`/api/admin/lessons/${created.body.id}`, {
        method: 'PUT',
        json: { ...lesson, version: 99 },
      });
      assertEquals(stale.status, 409);
      const taken = await admin.post('/api/admin/lessons', { ...lesson, title: 'Same place', orderIndex: 43 });
      assertEquals(taken.status, 409);
      const updated = await admin.request<{ version: number }>(`/api/admin/lessons/${created.body.id}`, {
        method: 'PUT',
        json: { ...lesson, title: 'Made through the API, edited', version: created.body.version },
      });
      assertEquals([updated.status, updated.body.version], [200, created.body.version + 1]);
      const versions = await admin.get<Array<{ version: number; publishedBy: string | null }>>(
        `/api/studio/lessons/${created.body.id}/versions`,
      );
      assertEquals(versions.body.map((v) => v.version), [created.body.version + 1, created.body.version]);
      // No sources and no review date: the studio's draft of it lists what the rules miss.
      const draft = await author.post<{ id: number; problems: string[] }>(
        `/api/studio/lessons/${created.body.id}/draft`,
      );
      assert(draft.body.problems.some((p) => /Add a source/.test(p)), draft.body.problems.join('\n'));
      await author.request(`/api/studio/drafts/${draft.body.id}`, { method: 'DELETE' });
      assertEquals((await admin.request(`/api/admin/lessons/${created.body.id}`, { method: 'DELETE' })).status, 200);
      assertEquals((await admin.get(`/api/admin/lessons/${created.body.id}`)).status, 404);
      const all = await admin.get<Array<{ id: number }>>('/api/admin/lessons/all');
      assert(!all.body.some((l) => l.id === created.body.id), 'gone from /all');
    });

    it(`${kind}: an unpublished lesson keeps its state and place; /api/admin/lessons lists it; the history names who published`, async () => {
      const { lesson } = newLesson('Kept in its place', 44);
      const created = await admin.post<{ id: number; version: number }>('/api/admin/lessons', lesson);
      assertEquals(created.status, 201, created.text);
      assertEquals((await admin.post(`/api/studio/lessons/${created.body.id}/unpublish`)).status, 200);
      const list = await admin.get<Array<{ id: number; state: string }>>('/api/admin/lessons');
      assertEquals(list.body.find((l) => l.id === created.body.id)?.state, 'unpublished');
      assertEquals((await learner.get('/learn/kept-in-its-place')).status, 404, 'learners read published lessons only');
      const taken = await admin.post('/api/admin/lessons', { ...lesson, title: 'Into its place' });
      assertEquals(taken.status, 409, 'positions are unique across published and unpublished lessons');
      assertEquals((await admin.post(`/api/studio/lessons/${created.body.id}/republish`)).status, 200);
      assertEquals((await learner.get('/learn/kept-in-its-place')).status, 200);

      // "Restore as draft" of version 1 says so; the history shows who published each version.
      const restored = await author.post<{ id: number; restoredFrom: number | null; baseVersion: number }>(
        `/api/studio/lessons/${created.body.id}/versions/${created.body.version}/restore`,
      );
      assertEquals(restored.status, 200, restored.text);
      assertEquals(restored.body.restoredFrom, created.body.version);
      const draftPage = await author.get(`/studio/drafts/${restored.body.id}`);
      assertMatch(
        draftPage.text,
        new RegExp(`Based on version ${created.body.version} \\(restored from the history\\)`),
      );
      const history = await author.get(`/studio/lessons/${created.body.id}/history`);
      assertMatch(history.text, /Grace Studio/);
    });
  });
}
