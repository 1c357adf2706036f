// Unpublish, publish again and delete in the studio over HTTP on each database (issue 43): only
// admins may; an unpublished lesson is gone for learners and visitors everywhere but stays in the
// studio, and publishing it again brings it back with its id, slug and the learner's progress; a
// deletion takes it out of the studio too and discards its open draft.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { Client, strongPassword } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

interface ListItem {
  id: number;
  slug: string;
  title: string;
  completed: boolean;
  completionData: { attempts: number } | null;
}
interface Published {
  id: number;
  slug: string;
  version: number;
}
interface ReviewQueue {
  due: Array<{ lessonId: number }>;
  upcoming: number;
}

const AUTHOR = 'unpublish.writer@example.com';
const ADMIN = 'unpublish.chief@example.com';

for (const kind of databaseKinds()) {
  describe(`unpublish, publish again and delete in the studio (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: TestDatabase | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    let author: Client;
    let admin: Client;
    let learner: Client;
    let lessons: ListItem[];

    async function signUp(email: string): Promise<Client> {
      const client = new Client(server.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'Uma',
        lastName: 'Unpublish',
        phoneNumber: '+15551234567',
      });
      const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
      return client;
    }
    const learnerList = async () => (await learner.get<ListItem[]>('/api/lessons/saving/beginner')).body;
    const reviewCount = async () => {
      const queue = (await learner.get<ReviewQueue>('/api/review')).body;
      return queue.due.length + queue.upcoming;
    };

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
      author = await signUp(AUTHOR);
      admin = await signUp(ADMIN);
      learner = (await createLearner(server.url, resend)).client;
      lessons = await learnerList();
      assert(lessons.length >= 4);
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      if (database) await database.drop().catch(() => {});
    });

    it(`${kind}: only an admin unpublishes, publishes again or deletes: an author gets 403 saying so, a learner 403, signed out 401; unknown ids 404`, async () => {
      const id = lessons[3].id;
      const anonymous = new Client(server.url);
      const calls: Array<[string, string]> = [
        ['POST', `/api/studio/lessons/${id}/unpublish`],
        ['POST', `/api/studio/lessons/${id}/republish`],
        ['DELETE', `/api/studio/lessons/${id}`],
      ];
      for (const [method, path] of calls) {
        const refused = await author.request<{ message: string }>(path, { method });
        assertEquals(refused.status, 403, `author ${method} ${path}`);
        assertMatch(refused.body.message, /Only an admin can publish, unpublish or delete lessons/);
        assertEquals((await learner.request(path, { method })).status, 403, `learner ${method} ${path}`);
        assertEquals((await anonymous.request(path, { method })).status, 401, `anonymous ${method} ${path}`);
        const foreign = await admin.request(path, { method, origin: 'https://evil.example' });
        assertEquals(foreign.status, 403, `another origin ${method} ${path}`);
      }
      assert((await learnerList()).some((l) => l.id === id), 'nothing refused changed the lesson');
      for (const bad of ['999999', 'abc', '0', '-1', '1e3']) {
        for (const [method, path] of calls.map(([m, p]) => [m, p.replace(String(id), bad)])) {
          const r = await admin.request(path, { method });
          assertEquals(r.status, 404, `${method} ${path}`);
        }
      }
      // A body is not read: sending one changes nothing.
      assertEquals((await admin.post(`/api/studio/lessons/${id}/republish`, { force: true })).status, 409);
      // The studio shows the buttons to admins only.
      const authorPage = await author.get('/studio');
      assertEquals(authorPage.status, 200);
      assert(!/>Unpublish<|>Delete<|>Publish again</.test(authorPage.text), 'an author sees none of the buttons');
      assertMatch(authorPage.text, /href="\/studio\/drafts\/new"/);
      const adminPage = await admin.get('/studio');
      assertMatch(adminPage.text, />Unpublish</);
      assertMatch(adminPage.text, />Delete</);
    });

    it(`${kind}: an unpublished lesson is gone for learners and visitors but stays in the studio; publishing it again brings it back with its id, slug and the learner's attempts`, async () => {
      const lesson = lessons[0];
      const answers = correctAnswers(lesson.slug);
      const done = await learner.post(`/api/lesson/${lesson.id}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: responses([(answers[0] + 1) % 4, ...answers.slice(1)]),
      });
      assertEquals(done.status, 201, done.text);
      const reviews = await reviewCount();
      assert(reviews > 0, 'the missed question is in the review queue');
      assertEquals((await learner.get(`/lesson/${lesson.id}`)).status, 200);
      const before = (await learnerList()).find((l) => l.id === lesson.id)!;

      const hidden = await admin.post<Published>(`/api/studio/lessons/${lesson.id}/unpublish`);
      assertEquals(hidden.status, 200, hidden.text);
      assertEquals([hidden.body.id, hidden.body.slug], [lesson.id, lesson.slug]);
      assert(!(await learnerList()).some((l) => l.id === lesson.id), 'not in the learner catalogue');
      const all = await learner.get<ListItem[]>('/api/lessons/all/saving');
      assert(!all.body.some((l) => l.id === lesson.id), 'not in the whole pillar');
      assertEquals((await learner.get(`/lesson/${lesson.id}`)).status, 404);
      assertEquals((await learner.get(`/api/lesson/${lesson.id}`)).status, 404);
      assertEquals(await reviewCount(), reviews - 1, 'its question left the review queue');
      const visitor = new Client(server.url);
      assert(!(await visitor.get('/learn')).text.includes(`/learn/${lesson.slug}`), 'not in the library');
      assertEquals((await visitor.get(`/learn/${lesson.slug}`)).status, 404);
      assert(!(await learner.get('/dashboard')).text.includes(lesson.title), 'not on the dashboard');
      assertEquals((await admin.post(`/api/studio/lessons/${lesson.id}/unpublish`)).status, 409);

      const studio = await author.get('/studio');
      assertMatch(studio.text, /Unpublished lessons/);
      const unpublishedList = studio.text.slice(studio.text.indexOf('data-testid="unpublished-list"'));
      assert(unpublishedList.includes(lesson.title), 'listed under Unpublished lessons');
      assertEquals((await author.get(`/studio/lessons/${lesson.id}/history`)).status, 200, 'its history stays');
      assertMatch((await admin.get('/studio')).text, />Publish again</);

      const shown = await admin.post<Published>(`/api/studio/lessons/${lesson.id}/republish`);
      assertEquals(shown.status, 200, shown.text);
      assertEquals([shown.body.id, shown.body.slug], [lesson.id, lesson.slug]);
      assertEquals(shown.body.version, hidden.body.version + 1);
      const back = (await learnerList()).find((l) => l.id === lesson.id);
      assert(back, 'back in the learner catalogue');
      assertEquals(back.completionData?.attempts, 1, "the learner's attempt is kept");
      assertEquals(back.completed, before.completed, 'and its progress');
      assertEquals((await learner.get(`/lesson/${lesson.id}`)).status, 200);
      assertEquals(await reviewCount(), reviews, 'its question is back in the review queue');
      assertEquals((await visitor.get(`/learn/${lesson.slug}`)).status, 200);
      const versions = await author.get<Array<{ version: number; note: string }>>(
        `/api/studio/lessons/${lesson.id}/versions`,
      );
      assertEquals([versions.body[0].version, versions.body[0].note], [shown.body.version, 'Published again']);
      assert(!(await author.get('/studio')).text.includes('data-testid="unpublished-list"'), 'none left unpublished');
      assertEquals((await admin.post(`/api/studio/lessons/${lesson.id}/republish`)).status, 409);
    });

    it(`${kind}: delete works on published and unpublished lessons, discards the open draft and takes the lesson out of the studio`, async () => {
      const [published, unpublished] = [lessons[1], lessons[2]];
      const draft = await author.post<{ id: number }>(`/api/studio/lessons/${published.id}/draft`);
      assertEquals(draft.status, 200, draft.text);
      const deleted = await admin.request<{ message: string }>(`/api/studio/lessons/${published.id}`, {
        method: 'DELETE',
      });
      assertEquals(deleted.status, 200, deleted.text);
      assertEquals((await author.get(`/api/studio/drafts/${draft.body.id}`)).status, 404, 'its draft is discarded');
      assert(!(await learnerList()).some((l) => l.id === published.id), 'gone for learners');
      assertEquals((await learner.get(`/lesson/${published.id}`)).status, 404);

      assertEquals((await admin.post(`/api/studio/lessons/${unpublished.id}/unpublish`)).status, 200);
      assertEquals(
        (await admin.request(`/api/studio/lessons/${unpublished.id}`, { method: 'DELETE' })).status,
        200,
      );
      const studio = (await author.get('/studio')).text;
      for (const gone of [published, unpublished]) {
        assert(!studio.includes(`/studio/lessons/${gone.id}/history`), `${gone.title} left the studio`);
        assertEquals((await author.get(`/studio/lessons/${gone.id}/history`)).status, 404);
        for (
          const [method, path] of [
            ['DELETE', `/api/studio/lessons/${gone.id}`],
            ['POST', `/api/studio/lessons/${gone.id}/unpublish`],
            ['POST', `/api/studio/lessons/${gone.id}/republish`],
            ['POST', `/api/studio/lessons/${gone.id}/draft`],
          ]
        ) {
          assertEquals((await admin.request(path, { method })).status, 404, `${method} ${path} after deletion`);
        }
      }
    });
  });
}
