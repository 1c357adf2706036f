// The studio's statistics over HTTP on the built server: who may read them (an author or an admin; a learner
// gets 403, a signed-out visitor 401 or the sign-in page), bounded input (a bad lesson id is a
// 404, a step out of range a 400), and the funnel fed by a learner's page view, steps and quiz.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { Client } from '../helpers/client.ts';
import { serverWithMail } from '../helpers/app.ts';
import { correctAnswers, createLearner, lessonAt, responses } from '../helpers/learners.ts';
import { linkIn } from '../helpers/resend-double.mjs';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import type { LessonStats } from '../../src/lib/server/studio/stats.ts';

const ADMIN = 'stats.admin@example.com';
const AUTHOR = 'stats.author@example.com';
const app = serverWithMail({ ADMIN_EMAILS: ADMIN, AUTHOR_EMAILS: AUTHOR });
let admin: Client;
let lessonId: number;
const first = lessonAt('saving', 'beginner', 1);

async function staffClient(email: string, role: 'admin' | 'author') {
  const client = new Client(app.server.url);
  await client.post('/api/signup', {
    email,
    password: 'Admin-Passw0rd-2026',
    firstName: 'Ada',
    lastName: 'Keeper', // not a word of the password (issue 50: context words)
    phoneNumber: '+15551234567',
  });
  const mail = await app.resend.waitFor((m: { to: string[] }) => m.to.includes(email));
  await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
  assertEquals((await client.get('/api/auth/user')).body.role, role);
  return client;
}

describe('studio statistics over HTTP', () => {
  beforeAll(async () => {
    await app.start();
    admin = await staffClient(ADMIN, 'admin');
    const list = await admin.get<Array<{ id: number; slug: string }>>('/api/admin/lessons/all');
    lessonId = list.body.find((l) => l.slug === first.slug)!.id;
  });
  afterAll(app.stop);

  it('an admin or an author reads them; a learner gets 403 and a signed-out visitor 401 (API) or the sign-in page', async () => {
    const { client: learner } = await createLearner(app.server.url, app.resend);
    const author = await staffClient(AUTHOR, 'author');
    const anonymous = new Client(app.server.url);
    for (const path of ['/api/studio/stats', `/api/studio/stats/${lessonId}`]) {
      assertEquals((await admin.get(path)).status, 200, `admin ${path}`);
      assertEquals((await author.get(path)).status, 200, `author ${path}`);
      assertEquals((await learner.get(path)).status, 403, `learner ${path}`);
      assertEquals((await anonymous.get(path)).status, 401, `anonymous ${path}`);
    }
    for (const path of ['/studio/stats', `/studio/stats/${lessonId}`]) {
      assertEquals((await admin.get(path)).status, 200, `admin ${path}`);
      assertEquals((await author.get(path)).status, 200, `author ${path}`);
      const refused = await learner.get(path);
      assertEquals(refused.status, 403, `learner ${path}`);
      assertMatch(refused.text, /Not allowed/);
      const away = await anonymous.get(path);
      assertEquals(away.status, 302, `anonymous ${path}`);
      assertMatch(away.headers.get('location') ?? '', /^\/login\?next=/);
    }
    const lessonsPage = await admin.get('/admin/lessons');
    assertMatch(lessonsPage.text, /href="\/studio\/stats"/);
  });

  it('a bad lesson id answers 404 with a message, never a 5xx', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', '999999', '%27%20or%201=1']) {
      const r = await admin.get(`/api/studio/stats/${id}`);
      assertEquals(r.status, 404, `/api/studio/stats/${id}`);
      assertEquals(r.body.message, 'Lesson Not Found');
      assertEquals((await admin.get(`/studio/stats/${id}`)).status, 404, `/studio/stats/${id}`);
    }
    const sorted = await admin.get(`/studio/stats/${lessonId}?sort=drop%20table&dir=sideways`);
    assertEquals(sorted.status, 200, 'an unknown sort falls back to the quiz order');
  });

  it("a learner's page view, steps and quiz reach the funnel; a step out of range is refused", async () => {
    const before = (await admin.get<LessonStats>(`/api/studio/stats/${lessonId}`)).body;
    const { client: learner } = await createLearner(app.server.url, app.resend);
    assertEquals((await learner.get(`/lesson/${lessonId}`)).status, 200);
    assertEquals(
      (await admin.get<LessonStats>(`/api/studio/stats/${lessonId}`)).body.funnel.opened,
      before.funnel.opened,
      'a GET writes nothing',
    );
    // The page's script reports the first step shown: the opening.
    assertEquals((await learner.post(`/api/lesson/${lessonId}/step`, { step: 1 })).status, 204);
    const steps = before.steps.length;
    for (const step of [0, steps + 1, 1001, 'two', null]) {
      const r = await learner.post(`/api/lesson/${lessonId}/step`, { step });
      assertEquals(r.status, 400, `step ${step}`);
    }
    assertEquals((await learner.post(`/api/lesson/${lessonId}/step`, { step: steps })).status, 204);
    assertEquals(
      (await learner.post(`/api/lesson/${lessonId}/step`, { step: 1 }, { origin: 'https://evil.example' })).status,
      403,
    );
    assertEquals((await new Client(app.server.url).post(`/api/lesson/${lessonId}/step`, { step: 1 })).status, 401);
    const done = await learner.post(`/api/lesson/${lessonId}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(correctAnswers(first.slug)),
    });
    assertEquals(done.status, 201);
    const after = (await admin.get<LessonStats>(`/api/studio/stats/${lessonId}`)).body;
    assertEquals(after.funnel.opened, before.funnel.opened + 1);
    assertEquals(after.funnel.reachedQuiz, before.funnel.reachedQuiz + 1);
    assertEquals(after.funnel.tookQuiz, before.funnel.tookQuiz + 1);
    assertEquals(after.funnel.passedFirstTry, before.funnel.passedFirstTry + 1);
    assertEquals(after.steps[steps - 1].reached, before.steps[steps - 1].reached + 1);
    assert(after.questions.every((q, i) => q.answers === before.questions[i].answers + 1));
    assert(after.questions.every((q) => q.shareCorrect !== null));
    // The learner's data export holds the read, with the version of the lesson it was of.
    const exported = await learner.get<{ lessonReads: Array<Record<string, unknown>> }>('/api/account/export');
    assertEquals(
      exported.body.lessonReads.map((r) => [r.lessonId, r.lessonVersion, r.furthestStep, Boolean(r.quizAt)]),
      [
        [lessonId, after.lesson.version, steps, true],
      ],
    );
  });
});
