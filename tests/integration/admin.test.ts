// Admin lesson management over HTTP: the role check, every form rule at its boundaries, the
// concurrent-edit conflict, soft delete that keeps history, and the audit log.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';

const opts = { sanitizeOps: false, sanitizeResources: false };
const resend = await startResendDouble();
const server = await startServer({
  env: { RESEND_API_KEY: 're_test', RESEND_BASE_URL: resend.url, TRUST_PROXY: 'true', LOG_LEVEL: 'info', ADMIN_EMAILS: 'admin.one@example.com,admin.two@example.com' },
});

async function adminClient(email: string) {
  const password = 'Admin-Passw0rd-2026';
  const client = new Client(server.url);
  const signup = await client.post('/api/signup', { email, password, firstName: 'Ada', lastName: 'Admin', phoneNumber: '+15551234567' });
  assertEquals(signup.status, 200);
  const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
  const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
  await client.get(`/api/verify-email?token=${token}`);
  assertEquals((await client.get('/api/auth/user')).body.role, 'admin');
  return client;
}

const admin = await adminClient('admin.one@example.com');
const second = await adminClient('admin.two@example.com');

const lesson = (patch: Record<string, unknown> = {}) => ({
  title: 'Test lesson',
  pillar: 'credit',
  level: 'advanced',
  orderIndex: 50,
  duration: 5,
  weight: 1,
  sections: [{ header: 'Intro', subheader: 'Why', content: 'Some **bold** text.' }],
  learningObjectives: ['One', 'Two'],
  questions: [{ question: 'Which one?', options: ['a', 'b', 'c', 'd'], correctAnswer: 2, explanation: 'Because c.' }],
  ...patch,
});

Deno.test({
  name: 'a learner gets 403 and a signed-out visitor 401 on every admin call',
  ...opts,
  async fn() {
    const { client } = await createLearner(server.url, resend);
    const anonymous = new Client(server.url);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/lessons/all'],
      ['POST', '/api/admin/lessons', lesson()],
      ['GET', '/api/admin/lessons/1'],
      ['PUT', '/api/admin/lessons/1', lesson({ version: 1 })],
      ['DELETE', '/api/admin/lessons/1'],
      ['POST', '/api/admin/preview', { sections: [] }],
    ];
    for (const [method, path, json] of calls) {
      assertEquals((await client.request(path, { method, json })).status, 403, `learner ${method} ${path}`);
      assertEquals((await anonymous.request(path, { method, json })).status, 401, `anonymous ${method} ${path}`);
    }
    const page = await client.get('/admin/lessons');
    assertEquals(page.status, 403);
    assertMatch(page.text, /Not allowed/);
    assertEquals((await anonymous.get('/admin/lessons')).status, 302);
  },
});

Deno.test({
  name: 'every form rule is enforced on the server at its boundaries',
  ...opts,
  async fn() {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ title: '' }, 'title', 'Title is required'],
      [{ pillar: 'gold' }, 'pillar', 'Pillar must be saving, credit or investing'],
      [{ level: 'expert' }, 'level', 'Level must be beginner, intermediate or advanced'],
      [{ sections: [] }, 'sections', 'Add at least one section'],
      [{ sections: undefined }, 'sections', 'Sections are required'],
      [{ orderIndex: 0 }, 'orderIndex', 'Order must be at least 1'],
      [{ orderIndex: 2.5 }, 'orderIndex', 'Order must be a whole number'],
      [{ duration: 0 }, 'duration', 'Duration must be at least 1'],
      [{ weight: -0.01 }, 'weight', 'Weight must be from 0 to 100'],
      [{ weight: 100.01 }, 'weight', 'Weight must be from 0 to 100'],
      [{ weight: 12.345 }, 'weight', 'Weight goes in steps of 0.01'],
      [{ questions: [{ question: 'Q', options: ['a', 'b', 'c'], correctAnswer: 0 }] }, 'questions.0.options', 'Fill in all four options'],
      [{ questions: [{ question: 'Q', options: ['a', 'b', 'c', 'd'], correctAnswer: 5 }] }, 'questions.0.correctAnswer', 'Choose the correct option'],
    ];
    for (const [patch, field, message] of cases) {
      const r = await admin.post('/api/admin/lessons', lesson(patch));
      assertEquals(r.status, 400, JSON.stringify(patch));
      assertEquals((r.body.errors as Record<string, string>)[field], message, JSON.stringify(patch));
    }
    // The boundaries that pass, with defaults and the spec's alternate field names.
    const ok = await admin.post<{ id: number; orderIndex: number; duration: number; weight: number; questions: Array<{ options: string[]; correctAnswer: number }> }>(
      '/api/admin/lessons',
      {
        title: 'Boundaries',
        pillar: 'saving',
        level: 'advanced',
        orderIndex: 60,
        weight: 100,
        estimatedDuration: 1,
        sections: [{ content: 'x' }],
        quizQuestions: [{ question: 'Q?', options: '["a","b","c","d"]', correct_answer: 3, explanation: 'd' }],
      },
    );
    assertEquals(ok.status, 201);
    assertEquals([ok.body.orderIndex, ok.body.duration, ok.body.weight], [60, 1, 100]);
    assertEquals(ok.body.questions[0].correctAnswer, 3);
    const defaults = await admin.post<{ orderIndex: number; duration: number; weight: number }>('/api/admin/lessons', {
      title: 'Defaults',
      pillar: 'investing',
      level: 'advanced',
      sections: [{ content: 'x' }],
      orderIndex: 61,
    });
    assertEquals([defaults.body.duration, defaults.body.weight], [10, 16.67]);
    const taken = await admin.post('/api/admin/lessons', lesson({ pillar: 'saving', level: 'beginner', orderIndex: 1 }));
    assertEquals(taken.status, 409);
  },
});

Deno.test({
  name: 'two authors editing the same lesson: the second save is refused with 409',
  ...opts,
  async fn() {
    const created = await admin.post<{ id: number; version: number }>('/api/admin/lessons', lesson({ orderIndex: 70 }));
    assertEquals(created.status, 201);
    const { id, version } = created.body;
    const first = await admin.request<{ version: number; title: string }>(`/api/admin/lessons/${id}`, { method: 'PUT', json: lesson({ orderIndex: 70, title: 'First edit', version }) });
    assertEquals(first.status, 200);
    assertEquals(first.body.version, version + 1);
    const stale = await second.request(`/api/admin/lessons/${id}`, { method: 'PUT', json: lesson({ orderIndex: 70, title: 'Second edit', version }) });
    assertEquals(stale.status, 409);
    assertMatch(stale.body.message as string, /Someone else saved this lesson/);
    assertEquals((await admin.get<{ title: string }>(`/api/admin/lessons/${id}`)).body.title, 'First edit');
    const noVersion = await second.request(`/api/admin/lessons/${id}`, { method: 'PUT', json: lesson({ orderIndex: 70 }) });
    assertEquals(noVersion.status, 400);
  },
});

Deno.test({
  name: 'deleting a lesson keeps learners\' attempts readable; editing questions never rewrites old attempts',
  ...opts,
  async fn() {
    const { client } = await createLearner(server.url, resend);
    const [first] = (await client.get<Array<{ id: number; slug: string; title: string }>>('/api/lessons/saving/beginner')).body;
    const done = await client.post(`/api/lesson/${first.id}/complete`, { attemptId: crypto.randomUUID(), quizResponses: responses(correctAnswers(first.slug)) });
    assertEquals(done.status, 201);
    const before = await client.get<{ mostMissed: unknown[]; byPillarLevel: Array<{ pillar: string; level: string; correct: number }> }>('/api/user/quiz-analytics');

    const current = await admin.get<{ version: number } & Record<string, unknown>>(`/api/admin/lessons/${first.id}`);
    const edited = await admin.request(`/api/admin/lessons/${first.id}`, {
      method: 'PUT',
      json: {
        ...lesson({ pillar: 'saving', level: 'beginner', orderIndex: 1, title: first.title }),
        version: current.body.version,
        questions: [{ question: 'A brand-new question?', options: ['w', 'x', 'y', 'z'], correctAnswer: 0, explanation: 'w' }],
      },
    });
    assertEquals(edited.status, 200);
    const progress = await client.get<{ scoreProgression: Array<{ score: number; lessonTitle: string }> }>('/api/user/progress');
    assertEquals(progress.body.scoreProgression, [{ ...progress.body.scoreProgression[0], score: 3, lessonTitle: first.title }]);
    const after = await client.get<{ byPillarLevel: Array<{ pillar: string; level: string; correct: number; total: number }> }>('/api/user/quiz-analytics');
    assertEquals(after.body.byPillarLevel, before.body.byPillarLevel, 'the old attempt still counts 3 of 3');

    const del = await admin.request(`/api/admin/lessons/${first.id}`, { method: 'DELETE' });
    assertEquals(del.status, 200);
    assertEquals((await admin.get(`/api/admin/lessons/${first.id}`)).status, 404);
    assertEquals((await admin.request(`/api/admin/lessons/${first.id}`, { method: 'DELETE' })).status, 404);
    assertEquals((await client.get(`/api/lesson/${first.id}`)).status, 404);
    const history = await client.get<{ scoreProgression: Array<{ lessonTitle: string }>; metrics: { totalQuizzes: number } }>('/api/user/progress');
    assertEquals(history.status, 200);
    assertEquals(history.body.metrics.totalQuizzes, 1);
    assertEquals(history.body.scoreProgression[0].lessonTitle, first.title);
    const counts = await client.get<Record<string, Record<string, { total: number }>>>('/api/lessons/counts');
    assertEquals(counts.body.saving.beginner.total, 3);
    const all = await admin.get<Array<{ id: number }>>('/api/admin/lessons/all');
    assert(!all.body.some((l) => l.id === first.id));
  },
});

Deno.test({
  name: 'admin changes are logged with who, what and when',
  ...opts,
  async fn() {
    const created = await admin.post<{ id: number }>('/api/admin/lessons', lesson({ orderIndex: 95, title: 'Logged lesson' }));
    await admin.request(`/api/admin/lessons/${created.body.id}`, { method: 'DELETE' });
    const me = await admin.get<{ id: string }>('/api/auth/user');
    const lines = server
      .logs()
      .split('\n')
      .filter((l: string) => l.includes('"msg":"admin change"'))
      .map((l: string) => JSON.parse(l));
    const mine = lines.filter((l: { lessonId: number }) => l.lessonId === created.body.id);
    assertEquals(mine.map((l: { action: string }) => l.action), ['lesson.create', 'lesson.delete']);
    assert(mine.every((l: { actorId: string; time: string }) => l.actorId === me.body.id && !Number.isNaN(Date.parse(l.time))));
  },
});

Deno.test({
  name: 'the preview renders markdown exactly as learners see it and strips script',
  ...opts,
  async fn() {
    const r = await admin.post<{ html: string[] }>('/api/admin/preview', {
      sections: [{ content: '**bold** and *italic*\n- one\n- two' }, { content: '<script>alert(1)</script>[x](javascript:alert(1)) <img src=x onerror=alert(1)>' }],
    });
    assertEquals(r.status, 200);
    assertMatch(r.body.html[0], /<strong>bold<\/strong>/);
    assertMatch(r.body.html[0], /<em>italic<\/em>/);
    assertMatch(r.body.html[0], /<li>one<\/li>/);
    assert(!/<script|href\s*=\s*"?javascript:|\sonerror\s*=|<img/i.test(r.body.html[1]), r.body.html[1]);
  },
});

Deno.test({ name: 'teardown', ...opts, async fn() {
  await server.stop();
  await resend.close();
} });
