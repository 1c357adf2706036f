// Admin lesson management over HTTP: the role check, every form rule at its boundaries, the
// concurrent-edit conflict, soft delete that keeps history, and the audit log.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, lessonAt, lessonsIn, responses } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

let resend: Awaited<ReturnType<typeof startResendDouble>>;
let server: Awaited<ReturnType<typeof startServer>>;
let admin: Awaited<ReturnType<typeof adminClient>>;
let second: Awaited<ReturnType<typeof adminClient>>;

interface AdminLesson {
  id: number;
  slug: string;
  version: number;
  title: string;
  pillar: string;
  level: string;
  orderIndex: number;
  duration: number;
  weight: number;
  sections: Array<{ header?: string; subheader?: string; content: string }>;
  learningObjectives: string[];
  questions: Array<{ id: number; question: string; options: string[]; correctAnswer: number; explanation: string }>;
}

async function adminClient(email: string, base: string = server.url) {
  const password = 'Admin-Passw0rd-2026';
  const client = new Client(base);
  const signup = await client.post('/api/signup', {
    email,
    password,
    firstName: 'Ada',
    lastName: 'Keeper', // not a word of the password (issue 50: context words)
    phoneNumber: '+15551234567',
  });
  assertEquals(signup.status, 200);
  const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
  const token = new URL(mail.text.match(/https?:\/\/\S+/)![0]).searchParams.get('token');
  await client.post('/api/verify-email', { token });
  assertEquals((await client.get('/api/auth/user')).body.role, 'admin');
  return client;
}

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

describe('admin lesson management', () => {
  beforeAll(async () => {
    resend = await startResendDouble();
    server = await startServer({
      env: {
        RESEND_API_KEY: 're_test',
        RESEND_BASE_URL: resend.url,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'info',
        ADMIN_EMAILS: 'admin.one@example.com,admin.two@example.com',
      },
    });
    admin = await adminClient('admin.one@example.com');
    second = await adminClient('admin.two@example.com');
  });
  afterAll(async () => {
    await server?.stop();
    await resend?.close();
  });

  it('a learner gets 403 and a signed-out visitor 401 on every admin call', async () => {
    const { client } = await createLearner(server.url, resend);
    const anonymous = new Client(server.url);
    const calls: Array<[string, string, unknown?]> = [
      ['GET', '/api/admin/lessons/all'],
      ['GET', '/api/admin/lessons'],
      ['POST', '/api/admin/lessons', lesson()],
      ['GET', '/api/admin/lessons/1'],
      ['PUT', '/api/admin/lessons/1', lesson({ version: 1 })],
      ['DELETE', '/api/admin/lessons/1'],
      ['POST', '/api/studio/preview', { sections: [] }],
    ];
    for (const [method, path, json] of calls) {
      assertEquals((await client.request(path, { method, json })).status, 403, `learner ${method} ${path}`);
      assertEquals((await anonymous.request(path, { method, json })).status, 401, `anonymous ${method} ${path}`);
    }
    const page = await client.get('/admin/lessons');
    assertEquals(page.status, 403);
    assertMatch(page.text, /Not allowed/);
    assertEquals((await anonymous.get('/admin/lessons')).status, 302);
  });

  it('every form rule is enforced on the server at its boundaries', async () => {
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
      [
        { questions: [{ question: 'Q', options: ['a', 'b', 'c'], correctAnswer: 0 }] },
        'questions.0.options',
        'Fill in all four options',
      ],
      [
        { questions: [{ question: 'Q', options: ['a', 'b', 'c', 'd'], correctAnswer: 5 }] },
        'questions.0.correctAnswer',
        'Choose the correct option',
      ],
    ];
    for (const [patch, field, message] of cases) {
      const r = await admin.post('/api/admin/lessons', lesson(patch));
      assertEquals(r.status, 400, JSON.stringify(patch));
      assertEquals((r.body.errors as Record<string, string>)[field], message, JSON.stringify(patch));
    }
    // The boundaries that pass, with defaults and the spec's alternate field names.
    const ok = await admin.post<
      {
        id: number;
        orderIndex: number;
        duration: number;
        weight: number;
        questions: Array<{ options: string[]; correctAnswer: number }>;
      }
    >(
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
    // A new lesson's weight defaults to the median weight of its level's lessons (not 100/6).
    const weights = lessonsIn('investing', 'advanced').map((l) => l.weight).sort((a, b) => a - b);
    const mid = weights.length / 2;
    const median = weights.length % 2 ? weights[Math.floor(mid)] : (weights[mid - 1] + weights[mid]) / 2;
    assertEquals([defaults.body.duration, defaults.body.weight], [10, Math.round(median * 100) / 100]);
    assert(defaults.body.weight !== 16.67);
    const taken = await admin.post(
      '/api/admin/lessons',
      lesson({ pillar: 'saving', level: 'beginner', orderIndex: 1 }),
    );
    assertEquals(taken.status, 409);
  });

  it('two authors editing the same lesson: the second save is refused with 409', async () => {
    const created = await admin.post<{ id: number; version: number }>('/api/admin/lessons', lesson({ orderIndex: 70 }));
    assertEquals(created.status, 201);
    const { id, version } = created.body;
    const first = await admin.request<{ version: number; title: string }>(`/api/admin/lessons/${id}`, {
      method: 'PUT',
      json: lesson({ orderIndex: 70, title: 'First edit', version }),
    });
    assertEquals(first.status, 200);
    assertEquals(first.body.version, version + 1);
    const stale = await second.request(`/api/admin/lessons/${id}`, {
      method: 'PUT',
      json: lesson({ orderIndex: 70, title: 'Second edit', version }),
    });
    assertEquals(stale.status, 409);
    assertMatch(stale.body.message as string, /Someone else saved this lesson/);
    assertEquals((await admin.get<{ title: string }>(`/api/admin/lessons/${id}`)).body.title, 'First edit');
    const noVersion = await second.request(`/api/admin/lessons/${id}`, {
      method: 'PUT',
      json: lesson({ orderIndex: 70 }),
    });
    assertEquals(noVersion.status, 400);
  });

  it("deleting a lesson keeps learners' attempts readable; editing questions never rewrites old attempts", async () => {
    const { client } = await createLearner(server.url, resend);
    const [first] =
      (await client.get<Array<{ id: number; slug: string; title: string }>>('/api/lessons/saving/beginner')).body;
    const done = await client.post(`/api/lesson/${first.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(correctAnswers(first.slug)),
    });
    assertEquals(done.status, 201);
    const before = await client.get<
      { mostMissed: unknown[]; byPillarLevel: Array<{ pillar: string; level: string; correct: number }> }
    >('/api/user/quiz-analytics');

    const current = await admin.get<{ version: number } & Record<string, unknown>>(`/api/admin/lessons/${first.id}`);
    const edited = await admin.request(`/api/admin/lessons/${first.id}`, {
      method: 'PUT',
      json: {
        ...lesson({ pillar: 'saving', level: 'beginner', orderIndex: 1, title: first.title }),
        version: current.body.version,
        questions: [{
          question: 'A brand-new question?',
          options: ['w', 'x', 'y', 'z'],
          correctAnswer: 0,
          explanation: 'w',
        }],
      },
    });
    assertEquals(edited.status, 200);
    const progress = await client.get<{ scoreProgression: Array<{ score: number; lessonTitle: string }> }>(
      '/api/user/progress',
    );
    assertEquals(progress.body.scoreProgression, [{
      ...progress.body.scoreProgression[0],
      score: 3,
      lessonTitle: first.title,
    }], 'all right, 3 on the 0-3 scale');
    const after = await client.get<
      { byPillarLevel: Array<{ pillar: string; level: string; correct: number; total: number }> }
    >('/api/user/quiz-analytics');
    assertEquals(
      after.body.byPillarLevel,
      before.body.byPillarLevel,
      'the old attempt still counts every question it asked',
    );
    const cell = after.body.byPillarLevel.find((c) => c.pillar === 'saving' && c.level === 'beginner')!;
    const asked = correctAnswers(first.slug).length;
    assertEquals(
      [cell.correct, cell.total],
      [asked, asked],
      'all of the questions as they were asked, not the one question of the edit',
    );

    const del = await admin.request(`/api/admin/lessons/${first.id}`, { method: 'DELETE' });
    assertEquals(del.status, 200);
    assertEquals((await admin.get(`/api/admin/lessons/${first.id}`)).status, 404);
    assertEquals((await admin.request(`/api/admin/lessons/${first.id}`, { method: 'DELETE' })).status, 404);
    assertEquals((await client.get(`/api/lesson/${first.id}`)).status, 404);
    const history = await client.get<
      { scoreProgression: Array<{ lessonTitle: string }>; metrics: { totalQuizzes: number } }
    >('/api/user/progress');
    assertEquals(history.status, 200);
    assertEquals(history.body.metrics.totalQuizzes, 1);
    assertEquals(history.body.scoreProgression[0].lessonTitle, first.title);
    const counts = await client.get<Record<string, Record<string, { total: number }>>>('/api/lessons/counts');
    assertEquals(counts.body.saving.beginner.total, lessonsIn('saving', 'beginner').length - 1);
    const all = await admin.get<Array<{ id: number }>>('/api/admin/lessons/all');
    assert(!all.body.some((l) => l.id === first.id));
  });

  it('admin changes are logged with who, what and when', async () => {
    const created = await admin.post<{ id: number; version: number }>(
      '/api/admin/lessons',
      lesson({ orderIndex: 95, title: 'Logged lesson' }),
    );
    const updated = await admin.request(`/api/admin/lessons/${created.body.id}`, {
      method: 'PUT',
      json: lesson({ orderIndex: 95, title: 'Logged lesson, edited', version: created.body.version }),
    });
    assertEquals(updated.status, 200);
    await admin.request(`/api/admin/lessons/${created.body.id}`, { method: 'DELETE' });
    const me = await admin.get<{ id: string }>('/api/auth/user');
    const lines = server
      .logs()
      .split('\n')
      .filter((l: string) => l.includes('"msg":"admin change"'))
      .map((l: string) => JSON.parse(l));
    const mine = lines.filter((l: { lessonId: number }) => l.lessonId === created.body.id);
    assertEquals(mine.map((l: { action: string }) => l.action), ['lesson.create', 'lesson.update', 'lesson.delete']);
    assertEquals(mine.map((l: { title: string }) => l.title), [
      'Logged lesson',
      'Logged lesson, edited',
      'Logged lesson, edited',
    ]);
    assert(
      mine.every((l: { actorId: string; time: string }) =>
        l.actorId === me.body.id && !Number.isNaN(Date.parse(l.time))
      ),
    );
  });

  it('the preview renders markdown exactly as learners see it and strips script', async () => {
    const r = await admin.post<{ html: string[] }>('/api/studio/preview', {
      sections: [{ content: '**bold** and *italic*\n- one\n- two' }, {
        content: '<script>alert(1)</script>[x](javascript:alert(1)) <img src=x onerror=alert(1)>',
      }],
    });
    assertEquals(r.status, 200);
    assertMatch(r.body.html[0], /<strong>bold<\/strong>/);
    assertMatch(r.body.html[0], /<em>italic<\/em>/);
    assertMatch(r.body.html[0], /<li>one<\/li>/);
    assert(!/<script|href\s*=\s*"?javascript:|\sonerror\s*=|<img/i.test(r.body.html[1]), r.body.html[1]);
  });

  it('section 5 through the API: each value just inside its rule is saved, just outside is refused with its field message', async () => {
    let order = 200;
    const count = async () => (await admin.get<AdminLesson[]>('/api/admin/lessons/all')).body.length;
    const before = await count();
    const bad = (value: unknown) =>
      [
        [{ orderIndex: value }, 'orderIndex', 'Order must be a whole number'],
        [{ duration: value }, 'duration', 'Duration must be a whole number'],
        [{ weight: value }, 'weight', 'Weight must be a number from 0 to 100'],
      ] as Array<[Record<string, unknown>, string, string]>;
    const refused: Array<[Record<string, unknown>, string, string]> = [
      [{ orderIndex: 0 }, 'orderIndex', 'Order must be at least 1'],
      [{ orderIndex: 1.5 }, 'orderIndex', 'Order must be a whole number'],
      [{ duration: 0 }, 'duration', 'Duration must be at least 1'],
      [{ duration: 1.5 }, 'duration', 'Duration must be a whole number'],
      [{ duration: undefined, estimatedDuration: 1.5 }, 'estimatedDuration', 'Duration must be a whole number'],
      [{ weight: -0.01 }, 'weight', 'Weight must be from 0 to 100'],
      [{ weight: 100.01 }, 'weight', 'Weight must be from 0 to 100'],
      [{ weight: 16.675 }, 'weight', 'Weight goes in steps of 0.01'],
      [{ pillar: 'retirement' }, 'pillar', 'Pillar must be saving, credit or investing'],
      [{ pillar: 'Saving' }, 'pillar', 'Pillar must be saving, credit or investing'],
      [{ level: 'expert' }, 'level', 'Level must be beginner, intermediate or advanced'],
      [{ level: 'Beginner' }, 'level', 'Level must be beginner, intermediate or advanced'],
      [{ title: undefined }, 'title', 'Title is required'],
      [{ title: '   ' }, 'title', 'Title is required'],
      [{ pillar: undefined }, 'pillar', 'Choose a pillar for the lesson'],
      [{ level: undefined }, 'level', 'Choose a level for the lesson'],
      [{ sections: undefined }, 'sections', 'Sections are required'],
      [{ sections: [] }, 'sections', 'Add at least one section'],
      [{ sections: [{ header: 'Only a header', content: '' }] }, 'sections.0.content', 'Section content is required'],
      // Wrongly typed values are refused, never coerced (null, '' and false used to become 0, true 1, [3] 3).
      ...[null, '', false, true, [3], {}, 'ten'].flatMap(bad),
      [
        { questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: '1' }] },
        'questions.0.correctAnswer',
        'Choose the correct option',
      ],
      [
        { questions: [{ question: 'Q?', options: ['a', 'b'], correctAnswer: 0 }] },
        'questions.0.options',
        'Fill in all four options',
      ],
      [
        { questions: [{ question: 'Q?', options: ['a', 'b', 'c', ''], correctAnswer: 0 }] },
        'questions.0.options',
        'Fill in all four options',
      ],
    ];
    for (const [patch, field, message] of refused) {
      const r = await admin.post('/api/admin/lessons', lesson({ orderIndex: ++order, ...patch }));
      assertEquals(r.status, 400, JSON.stringify(patch));
      assertEquals((r.body.errors as Record<string, string>)[field], message, JSON.stringify(patch));
    }
    assertEquals(await count(), before, 'nothing refused was saved');

    const accepted: Array<[Record<string, unknown>, keyof AdminLesson, unknown]> = [
      [{ duration: 1 }, 'duration', 1],
      [{ duration: '1' }, 'duration', 1],
      [{ weight: 0 }, 'weight', 0],
      [{ weight: 100 }, 'weight', 100],
      [{ weight: 16.67 }, 'weight', 16.67],
      [{ weight: '16.67' }, 'weight', 16.67],
      [{ orderIndex: '290' }, 'orderIndex', 290],
    ];
    for (const [patch, field, value] of accepted) {
      const r = await admin.post<AdminLesson>('/api/admin/lessons', lesson({ orderIndex: ++order, ...patch }));
      assertEquals(r.status, 201, JSON.stringify(patch));
      assertEquals(r.body[field], value, JSON.stringify(patch));
      assertEquals((await admin.get<AdminLesson>(`/api/admin/lessons/${r.body.id}`)).body[field], value, 'as stored');
    }
    // orderIndex 1 is allowed: a lesson saved at order 1 (every level's order 1 is a curriculum lesson).
    const all = (await admin.get<AdminLesson[]>('/api/admin/lessons/all')).body;
    const first = all.find((l) => l.pillar === 'credit' && l.level === 'advanced' && l.orderIndex === 1)!;
    const kept = await admin.request<AdminLesson>(`/api/admin/lessons/${first.id}`, {
      method: 'PUT',
      json: { ...first, orderIndex: 1 },
    });
    assertEquals([kept.status, kept.body.orderIndex, kept.body.title], [200, 1, first.title]);
  });

  it('the list of all lessons (whole) and the admin list (summaries) are the same gzipped for a browser or plain, and show an edit at once', async () => {
    const plain = await admin.get<AdminLesson[]>('/api/admin/lessons/all', { 'accept-encoding': 'identity' });
    assertEquals([plain.status, plain.headers.get('content-encoding'), plain.headers.get('cache-control')], [
      200,
      null,
      'no-store',
    ]);
    // Deno's fetch asks for gzip and unpacks it, as a browser does.
    const packed = await admin.get<AdminLesson[]>('/api/admin/lessons/all');
    assertEquals([
      packed.status,
      packed.headers.get('content-encoding'),
      packed.headers.get('vary')?.includes('Accept-Encoding'),
    ], [200, 'gzip', true]);
    assertEquals(packed.body, plain.body);
    // The list the admin screen loads: each lesson's summary, in the same order, no content.
    const summaries = await admin.get<Array<Record<string, unknown>>>('/api/admin/lessons');
    assertEquals(summaries.status, 200);
    assertEquals(
      summaries.body,
      plain.body.map((l) => ({
        id: l.id,
        version: l.version,
        title: l.title,
        pillar: l.pillar,
        level: l.level,
        orderIndex: l.orderIndex,
        duration: l.duration,
        weight: l.weight,
        questionCount: l.questions.length,
        state: 'published',
      })),
    );
    assert(
      summaries.text.length * 10 < plain.text.length,
      `${summaries.text.length} bytes against ${plain.text.length}`,
    );
    const target = plain.body.find((l) => l.pillar === 'saving' && l.level === 'advanced')!;
    assert(
      target.questions.every((q) => typeof q.correctAnswer === 'number' && q.explanation),
      'whole lessons, answers included',
    );
    const title = `${target.title} (edited ${crypto.randomUUID().slice(0, 4)})`;
    assertEquals(
      (await admin.request(`/api/admin/lessons/${target.id}`, { method: 'PUT', json: { ...target, title } })).status,
      200,
    );
    for (const encoding of ['identity', 'gzip']) {
      const after = await admin.get<AdminLesson[]>('/api/admin/lessons/all', { 'accept-encoding': encoding });
      assertEquals(after.body.find((l) => l.id === target.id)?.title, title, encoding);
      const listed = await admin.get<AdminLesson[]>('/api/admin/lessons', { 'accept-encoding': encoding });
      assertEquals(listed.body.find((l) => l.id === target.id)?.title, title, encoding);
    }
    assertEquals(
      (await admin.request(`/api/admin/lessons/${target.id}`, {
        method: 'PUT',
        json: { ...target, title: target.title, version: target.version + 1 },
      })).status,
      200,
    );
  });

  it('a PUT that moves a lesson onto a taken pillar, level and orderIndex gets 409 and changes nothing', async () => {
    const created = await admin.post<AdminLesson>('/api/admin/lessons', lesson({ orderIndex: 300 }));
    assertEquals(created.status, 201);
    const { id, version } = created.body;
    const message = 'Another lesson already has this pillar, level and order. Choose another order number.';
    for (
      const move of [{ orderIndex: 1 }, { pillar: 'saving', level: 'beginner', orderIndex: 2 }, {
        level: 'intermediate',
        orderIndex: 3,
      }]
    ) {
      const r = await admin.request(`/api/admin/lessons/${id}`, { method: 'PUT', json: lesson({ ...move, version }) });
      assertEquals(r.status, 409, JSON.stringify(move));
      assertEquals([r.body.message, (r.body.errors as Record<string, string>).orderIndex], [message, message]);
    }
    const after = await admin.get<AdminLesson>(`/api/admin/lessons/${id}`);
    assertEquals([after.body.pillar, after.body.level, after.body.orderIndex, after.body.version], [
      'credit',
      'advanced',
      300,
      version,
    ]);
    // A wrongly typed value on a PUT is refused like on a POST.
    const typed = await admin.request(`/api/admin/lessons/${id}`, {
      method: 'PUT',
      json: lesson({ orderIndex: 300, weight: null, version }),
    });
    assertEquals([typed.status, (typed.body.errors as Record<string, string>).weight], [
      400,
      'Weight must be a number from 0 to 100',
    ]);
  });

  it("question ids survive edits: a learner's review item keeps its own question, a removed one drops out, and new ids are fresh", async () => {
    const { client } = await createLearner(server.url, resend);
    const all = (await admin.get<AdminLesson[]>('/api/admin/lessons/all')).body;
    const target = all.find((l) => l.pillar === 'credit' && l.level === 'beginner' && l.orderIndex === 1)!;
    const [q1, q2, q3, ...rest] = target.questions;
    const n = target.questions.length;
    assertEquals(target.questions.map((q) => q.id), Array.from({ length: n }, (_, i) => i + 1));
    const wrong = (q: { correctAnswer: number }) => (q.correctAnswer + 1) % 4;
    // Right on question 1 (and any after 3), wrong on 2 and 3.
    const done = await client.post(`/api/lesson/${target.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: [
        { questionId: 1, userAnswer: q1.correctAnswer },
        { questionId: 2, userAnswer: wrong(q2) },
        { questionId: 3, userAnswer: wrong(q3) },
        ...rest.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })),
      ],
    });
    assertEquals(done.status, 201);

    // The author drops question 2, moves 3 to the front and adds a question (the others stay as they are).
    const added = {
      question: 'Which of these is on a credit report?',
      options: ['Payment history', 'Salary', 'Savings balance', 'Religion'],
      correctAnswer: 0,
      explanation: 'Payment history.',
    };
    const first = await admin.request<AdminLesson>(`/api/admin/lessons/${target.id}`, {
      method: 'PUT',
      json: { ...target, questions: [q3, q1, ...rest, added] },
    });
    assertEquals(first.status, 200);
    assertEquals(first.body.questions.map((q) => [q.id, q.question]), [
      [3, q3.question],
      [1, q1.question],
      ...rest.map((q) => [q.id, q.question]),
      [n + 1, added.question],
    ]);
    // Removing the newest question and adding another never reuses its id.
    const second = await admin.request<AdminLesson>(`/api/admin/lessons/${target.id}`, {
      method: 'PUT',
      json: {
        ...first.body,
        questions: [...first.body.questions.slice(0, -1), { ...added, question: 'Another new question?' }],
      },
    });
    const keptIds = [3, 1, ...rest.map((q) => q.id)];
    assertEquals(second.body.questions.map((q) => q.id), [...keptIds, n + 2]);

    const later = { 'x-test-now': new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString() };
    const review = await client.get<
      { due: Array<{ id: string; lessonId: number; question: string; options: string[] }> }
    >('/api/review', later);
    assertEquals(review.status, 200);
    const mine = review.body.due.filter((d) => d.lessonId === target.id);
    assertEquals(
      mine.map((d) => [d.question, d.options]),
      [[q3.question, q3.options]],
      'question 3 with its own text; question 2 was removed',
    );
    const answered = await client.request<{ correct: boolean; explanation: string }>(
      `/api/review/${mine[0].id}/answer`,
      { method: 'POST', json: { userAnswer: q3.correctAnswer }, headers: later },
    );
    assertEquals([answered.status, answered.body.correct, answered.body.explanation], [200, true, q3.explanation]);

    // Analytics still name the questions as they were asked (attempts keep their own copy).
    const analytics = await client.get<
      { mostMissed: Array<{ lessonId: number; questionId: number; question: string }> }
    >('/api/user/quiz-analytics');
    assertEquals(
      analytics.body.mostMissed.filter((m) => m.lessonId === target.id).map((m) => [m.questionId, m.question]).sort(),
      [[2, q2.question], [3, q3.question]],
    );
    // The learner's page gets the new ids, and answers are graded by id.
    const page = await client.get<{ questions: Array<{ id: number }> }>(`/api/lesson/${target.id}`);
    assertEquals(page.body.questions.map((q) => q.id), [...keptIds, n + 2]);
    const retry = await client.post<{ score: number; passed: boolean }>(`/api/lesson/${target.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: [
        { questionId: 3, userAnswer: q3.correctAnswer },
        { questionId: 1, userAnswer: q1.correctAnswer },
        ...rest.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })),
        { questionId: n + 2, userAnswer: 0 },
      ],
    });
    assertEquals([retry.status, retry.body.score, retry.body.passed], [201, keptIds.length + 1, true]);
  });

  it('an edit made in the admin screen is never overwritten by a restart on the same data', async () => {
    const dataDir = Deno.makeTempDirSync({ prefix: 'finance-admin-restart-' });
    const env = {
      DATA_DIR: dataDir,
      RESEND_API_KEY: 're_test',
      RESEND_BASE_URL: resend.url,
      TRUST_PROXY: 'true',
      ADMIN_EMAILS: 'restart.admin@example.com',
    };
    try {
      const before = await startServer({ env });
      const author = await adminClient('restart.admin@example.com', before.url);
      const all = (await author.get<AdminLesson[]>('/api/admin/lessons/all')).body;
      // Two curriculum lessons (each loaded from its file at start): one edited, one deleted.
      const target = all.find((l) => l.slug === lessonAt('credit', 'beginner', 2).slug)!;
      const removed = all.find((l) => l.slug === lessonAt('credit', 'beginner', 3).slug)!;
      const edited = await author.request<AdminLesson>(`/api/admin/lessons/${target.id}`, {
        method: 'PUT',
        json: {
          ...target,
          title: 'Utilisation, as the author wrote it',
          sections: [{ header: 'Edited', content: 'Edited **text**.' }],
        },
      });
      assertEquals(edited.status, 200);
      assertEquals((await author.request(`/api/admin/lessons/${removed.id}`, { method: 'DELETE' })).status, 200);
      await before.stop();

      const after = await startServer({ env });
      try {
        const again = new Client(after.url);
        again.cookies = author.cookies;
        const lessonNow = await again.get<AdminLesson>(`/api/admin/lessons/${target.id}`);
        assertEquals(lessonNow.status, 200);
        assertEquals([lessonNow.body.title, lessonNow.body.sections, lessonNow.body.version], [
          edited.body.title,
          edited.body.sections,
          edited.body.version,
        ]);
        assertEquals((await again.get(`/api/admin/lessons/${removed.id}`)).status, 404);
        const list = (await again.get<AdminLesson[]>('/api/admin/lessons/all')).body;
        assertEquals(list.length, all.length - 1);
        assert(!list.some((l) => l.slug === removed.slug), 'the deleted curriculum lesson stays deleted');
      } finally {
        await after.stop();
      }
    } finally {
      Deno.removeSync(dataDir, { recursive: true });
    }
  });

  it('the preview shows section headers as h2, subheaders and practice tools as the lesson page does', async () => {
    const r = await admin.post<{ html: string[] }>('/api/studio/preview', {
      sections: [{
        header: 'Grow <i>it</i>',
        subheader: 'Small steps',
        content: 'Try it:\n[[calculator:compound-growth]]\nThen **decide**.',
      }],
    });
    assertEquals(r.status, 200);
    const [html] = r.body.html;
    assertMatch(
      html,
      /^<section class="lesson-section"><h2>Grow &lt;i&gt;it&lt;\/i&gt;<\/h2><p class="subheader">Small steps<\/p><div class="prose">/,
    );
    assertMatch(
      html,
      /<div class="practice-placeholder" data-calculator="compound-growth"><p class="practice-placeholder-title">Compound-growth calculator<\/p>/,
    );
    assertMatch(html, /<strong>decide<\/strong>/);
    assert(!html.includes('[[calculator'), html);
  });
});
