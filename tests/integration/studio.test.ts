// The authoring studio over HTTP on each database (issue 43): the role on every studio call
// (author, admin, learner, signed out), drafts that learners and the public pages never see,
// publishing refused with the content rules' problems, a direct admin publish that leaves a stale
// draft to rebase, and the version history with "Restore as draft".
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { linkIn } from '../helpers/resend-double.mjs';
import { Client, strongPassword } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

interface Content {
  title: string;
  pillar: string;
  level: string;
  orderIndex: number;
  duration: number;
  weight: number;
  sections: Array<{ header?: string; subheader?: string; content: string }>;
  learningObjectives: string[];
  questions: Array<{ id?: number; question: string; options: string[]; correctAnswer: number; explanation: string }>;
  sources: Array<{ title: string; publisher?: string; url: string }>;
  reviewedAt: string | null;
}
interface Draft {
  id: number;
  lessonId: number | null;
  revision: number;
  baseVersion: number | null;
  publishedVersion: number | null;
  stale: boolean;
  content: Content;
  problems: string[];
}
interface Version {
  version: number;
  note: string;
  publishedBy: string | null;
}

const AUTHOR = 'writer@example.com';
const ADMIN = 'editor.in.chief@example.com';

/** The save body the studio editor sends for a draft's content. */
const save = (d: Pick<Draft, 'revision' | 'content'>, patch: Partial<Content> = {}) => {
  const { sources, reviewedAt, ...lesson } = { ...d.content, ...patch };
  return { revision: d.revision, lesson, sources, reviewedAt };
};

for (const kind of databaseKinds()) {
  describe(`the authoring studio (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: TestDatabase | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    let author: Client;
    let admin: Client;
    let learner: Client;
    let beginnerIds: number[];

    async function signUp(email: string, role: string): Promise<Client> {
      const client = new Client(server.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'Sam',
        lastName: 'Studio',
        phoneNumber: '+15551234567',
      });
      const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
      assertEquals((await client.get<{ role: string }>('/api/auth/user')).body.role, role);
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
          AUTHOR_EMAILS: `${AUTHOR},${ADMIN}`,
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
      author = await signUp(AUTHOR, 'author');
      admin = await signUp(ADMIN, 'admin');
      learner = (await createLearner(server.url, resend)).client;
      const list = await learner.get<Array<{ id: number }>>('/api/lessons/saving/beginner');
      beginnerIds = list.body.map((l) => l.id);
      assert(beginnerIds.length >= 5);
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      if (database) await database.drop().catch(() => {});
    });

    const openDraft = async (lessonId: number) => {
      const r = await author.post<Draft>(`/api/studio/lessons/${lessonId}/draft`);
      assertEquals(r.status, 200, r.text);
      return r.body;
    };
    /** The title a learner's list of saving/beginner lessons shows for the lesson. */
    const learnerTitle = async (lessonId: number) =>
      (await learner.get<Array<{ id: number; title: string }>>('/api/lessons/saving/beginner')).body
        .find((l) => l.id === lessonId)?.title;

    it(`${kind}: every studio call checks the role: author and admin may, a learner gets 403, signed out 401; only an admin publishes`, async () => {
      const id = beginnerIds[0];
      const draft = await openDraft(id);
      const anonymous = new Client(server.url);
      const calls: Array<[string, string, unknown?]> = [
        ['GET', '/api/studio/lessons'],
        ['POST', `/api/studio/lessons/${id}/draft`],
        ['GET', `/api/studio/lessons/${id}/versions`],
        ['GET', `/api/studio/lessons/${id}/versions/1`],
        ['POST', `/api/studio/lessons/${id}/versions/1/restore`],
        ['POST', '/api/studio/drafts', save(draft)],
        ['GET', `/api/studio/drafts/${draft.id}`],
        ['PUT', `/api/studio/drafts/${draft.id}`, save(draft)],
        ['POST', `/api/studio/drafts/${draft.id}/rebase`],
        ['POST', `/api/studio/drafts/${draft.id}/publish`, { note: 'x' }],
        ['DELETE', `/api/studio/drafts/${draft.id}`],
      ];
      for (const [method, path, json] of calls) {
        assertEquals((await learner.request(path, { method, json })).status, 403, `learner ${method} ${path}`);
        assertEquals((await anonymous.request(path, { method, json })).status, 401, `anonymous ${method} ${path}`);
      }
      // An author may do everything but publish; the spec's admin API refuses authors outright.
      assertEquals((await author.post(`/api/studio/drafts/${draft.id}/publish`, { note: 'x' })).status, 403);
      for (const [method, path] of [['GET', '/api/admin/lessons'], ['GET', `/api/admin/lessons/${id}`]]) {
        assertEquals((await author.request(path, { method })).status, 403, `author ${method} ${path}`);
      }
      assertEquals((await author.request(`/api/admin/lessons/${id}`, { method: 'DELETE' })).status, 403);
      assertEquals((await author.get('/api/studio/lessons')).status, 200);
      for (const path of ['/studio', `/studio/drafts/${draft.id}`, `/studio/lessons/${id}/history`]) {
        assertEquals((await learner.get(path)).status, 403, `learner ${path}`);
        assertEquals((await anonymous.get(path)).status, 302, `anonymous ${path}`);
        assertEquals((await author.get(path)).status, 200, `author ${path}`);
      }
      assertEquals((await author.get('/studio/drafts/999999')).status, 404);
      assertEquals((await author.get('/studio/lessons/999999/history')).status, 404);
      assertEquals((await admin.get('/api/studio/lessons')).status, 200);
      assertEquals((await admin.get(`/api/studio/drafts/${draft.id}`)).status, 200);
      // A state change from another origin is refused before the role is even looked at.
      const foreign = await author.request(`/api/studio/drafts/${draft.id}`, {
        method: 'DELETE',
        origin: 'https://evil.example',
      });
      assertEquals(foreign.status, 403);
      assertEquals((await author.request(`/api/studio/drafts/${draft.id}`, { method: 'DELETE' })).status, 200);
    });

    it(`${kind}: a saved draft is invisible to learners and the public pages until an admin publishes it`, async () => {
      const id = beginnerIds[1];
      const before = await learnerTitle(id);
      const draft = await openDraft(id);
      assertEquals(draft.content.title, before);
      assertEquals(draft.problems, [], 'a curriculum lesson passes the rules as it stands');
      const saved = await author.request<Draft>(`/api/studio/drafts/${draft.id}`, {
        method: 'PUT',
        json: save(draft, { title: 'Drafted title nobody sees yet' }),
      });
      assertEquals(saved.status, 200, saved.text);
      assertEquals(saved.body.revision, draft.revision + 1);
      assertEquals(await learnerTitle(id), before);
      const all = await learner.get('/api/lessons/all');
      assert(!all.text.includes('Drafted title'), 'not in the learner catalogue');
      for (const path of ['/curriculum', '/']) {
        const page = await new Client(server.url).get(path);
        assert(!page.text.includes('Drafted title'), `not on ${path}`);
      }
      // Opening again returns the same draft, not a fresh copy.
      assertEquals((await openDraft(id)).id, draft.id);

      const published = await admin.post<{ version: number }>(`/api/studio/drafts/${draft.id}/publish`, {
        note: 'A clearer title',
      });
      assertEquals(published.status, 200, published.text);
      assertEquals(await learnerTitle(id), 'Drafted title nobody sees yet');
      assertEquals((await author.get(`/api/studio/drafts/${draft.id}`)).status, 404, 'the draft is closed');
      const versions = (await author.get<Version[]>(`/api/studio/lessons/${id}/versions`)).body;
      assertEquals(versions[0].version, published.body.version);
      assertEquals(versions[0].note, 'A clearer title');
      assert(versions[0].publishedBy, 'who published it');
    });

    it(`${kind}: publishing is refused with the list of problems and changes nothing; bad input is a 4xx`, async () => {
      const id = beginnerIds[2];
      const before = await learnerTitle(id);
      const draft = await openDraft(id);
      const broken = await author.request<Draft>(`/api/studio/drafts/${draft.id}`, {
        method: 'PUT',
        json: save(draft, {
          title: 'Broken draft',
          reviewedAt: '2001-01-01',
          questions: draft.content.questions.slice(0, 2),
        }),
      });
      assertEquals(broken.status, 200, 'a draft may be saved with problems');
      assert(broken.body.problems.some((p) => /3 to 5 questions/.test(p)), broken.body.problems.join('\n'));
      const refused = await admin.post<{ message: string; problems: string[] }>(
        `/api/studio/drafts/${draft.id}/publish`,
        { note: 'nope' },
      );
      assertEquals(refused.status, 422);
      assert(refused.body.problems.some((p) => /3 to 5 questions/.test(p)), refused.text);
      assertEquals(await learnerTitle(id), before);
      const fixed = await author.request<Draft>(`/api/studio/drafts/${draft.id}`, {
        method: 'PUT',
        json: save(broken.body, { questions: draft.content.questions, reviewedAt: draft.content.reviewedAt }),
      });
      // The 2-question save bumped the revision; this one is current, so it saves.
      assertEquals(fixed.status, 200, fixed.text);
      const stale = await author.request(`/api/studio/drafts/${draft.id}`, { method: 'PUT', json: save(draft) });
      assertEquals(stale.status, 409);
      const bad = await author.request<{ errors: Record<string, string> }>(`/api/studio/drafts/${draft.id}`, {
        method: 'PUT',
        json: { ...save(fixed.body), reviewedAt: 'yesterday' },
      });
      assertEquals(bad.status, 400);
      assertMatch(bad.body.errors.reviewedAt, /date like/);
      assertEquals(
        (await author.request('/api/studio/drafts/999999', { method: 'PUT', json: save(fixed.body) })).status,
        404,
      );
      assertEquals((await author.get('/api/studio/drafts/abc')).status, 404);
      assertEquals((await admin.post(`/api/studio/drafts/${draft.id}/publish`, { note: 'x'.repeat(501) })).status, 400);
      assertEquals((await author.request(`/api/studio/drafts/${draft.id}`, { method: 'DELETE' })).status, 200);
      assertEquals(await learnerTitle(id), before);
    });

    it(`${kind}: a direct publish through the admin API leaves the draft marked stale: publish refused, rebase keeps the draft's own changes`, async () => {
      const id = beginnerIds[3];
      const draft = await openDraft(id);
      const sections = draft.content.sections.map((
        s,
        i,
      ) => (i === 0 ? { ...s, content: `${s.content}\n\nAn author's added line.` } : s));
      const edited = (await author.request<Draft>(`/api/studio/drafts/${draft.id}`, {
        method: 'PUT',
        json: save(draft, { sections }),
      })).body;
      const current = (await admin.get<Record<string, unknown> & { version: number }>(`/api/admin/lessons/${id}`)).body;
      const direct = await admin.request<{ version: number }>(`/api/admin/lessons/${id}`, {
        method: 'PUT',
        json: { ...current, title: 'Retitled directly by an admin' },
      });
      assertEquals(direct.status, 200, direct.text);
      const versions = (await author.get<Version[]>(`/api/studio/lessons/${id}/versions`)).body;
      assertEquals(versions[0].version, direct.body.version, 'the direct publish is in the history too');
      const seen = (await author.get<Draft>(`/api/studio/drafts/${draft.id}`)).body;
      assertEquals([seen.stale, seen.baseVersion, seen.publishedVersion], [
        true,
        draft.baseVersion,
        direct.body.version,
      ]);
      assertEquals((await admin.post(`/api/studio/drafts/${draft.id}/publish`, { note: 'x' })).status, 409);
      const rebased = await author.post<Draft & { kept: string[] }>(`/api/studio/drafts/${draft.id}/rebase`);
      assertEquals(rebased.status, 200, rebased.text);
      assertEquals(rebased.body.kept, ['sections']);
      assertEquals(rebased.body.stale, false);
      assertEquals(rebased.body.content.title, 'Retitled directly by an admin');
      assertEquals(rebased.body.content.sections, edited.content.sections);
      assertEquals((await admin.post(`/api/studio/drafts/${draft.id}/publish`, { note: 'Both' })).status, 200);
      const lesson =
        (await admin.get<{ title: string; sections: Content['sections'] }>(`/api/admin/lessons/${id}`)).body;
      assertEquals(lesson.title, 'Retitled directly by an admin');
      assertMatch(lesson.sections[0].content, /An author's added line/);
      assertEquals(await learnerTitle(id), 'Retitled directly by an admin');
    });

    it(`${kind}: "Restore as draft" brings back an older version, which learners see only once it is published`, async () => {
      const id = beginnerIds[4];
      const original = await learnerTitle(id);
      const first = await openDraft(id);
      await author.request(`/api/studio/drafts/${first.id}`, {
        method: 'PUT',
        json: save(first, { title: 'Second title' }),
      });
      assertEquals((await admin.post(`/api/studio/drafts/${first.id}/publish`, { note: 'v2' })).status, 200);
      assertEquals(await learnerTitle(id), 'Second title');
      const versions = (await author.get<Version[]>(`/api/studio/lessons/${id}/versions`)).body;
      assertEquals(versions.map((v) => v.note).slice(0, 1), ['v2']);
      const older = versions[1];
      const old = await author.get<Content>(`/api/studio/lessons/${id}/versions/${older.version}`);
      assertEquals(old.body.title, original);
      const restored = await author.post<Draft>(`/api/studio/lessons/${id}/versions/${older.version}/restore`);
      assertEquals(restored.status, 200, restored.text);
      assertEquals(restored.body.content.title, original);
      assertEquals(await learnerTitle(id), 'Second title', 'a restored draft is still a draft');
      const draftPage = await author.get(`/studio/drafts/${restored.body.id}`);
      assertEquals(draftPage.status, 200);
      assertMatch(draftPage.text, /Before it can be published/);
      assertEquals((await admin.post(`/api/studio/drafts/${restored.body.id}/publish`, { note: 'Back' })).status, 200);
      const history = await author.get(`/studio/lessons/${id}/history?a=${older.version}&b=${versions[0].version}`);
      assertEquals(history.status, 200);
      assertMatch(history.text, /Title: Second title/);
      assertMatch(history.text, /v2/);
      assertEquals(await learnerTitle(id), original);
      assertEquals((await author.get(`/api/studio/lessons/${id}/versions/99999`)).status, 404);
    });

    it(`${kind}: a new lesson is a draft until published, then learners find it`, async () => {
      const template = await openDraft(beginnerIds[0]);
      const created = await author.post<Draft>('/api/studio/drafts', {
        ...save(template, { title: 'A brand new lesson', orderIndex: 77 }),
        revision: undefined,
      });
      assertEquals(created.status, 201, created.text);
      assertEquals(created.body.lessonId, null);
      const listed = (await learner.get<Array<{ title: string }>>('/api/lessons/saving/beginner')).body;
      assert(!listed.some((l) => l.title === 'A brand new lesson'));
      const published = await admin.post<{ id: number }>(`/api/studio/drafts/${created.body.id}/publish`, {
        note: 'New',
      });
      assertEquals(published.status, 200, published.text);
      assertEquals(await learnerTitle(published.body.id), 'A brand new lesson');
      await author.request(`/api/studio/drafts/${template.id}`, { method: 'DELETE' });
    });
  });
}
