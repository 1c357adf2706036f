import { assert, assertEquals } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, lessonsIn, responses, wrong } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const app = serverWithMail();

interface Item {
  id: number;
  slug: string;
  orderIndex: number;
  level: string;
  locked: boolean;
  completed: boolean;
  completionData: { lastScore: number; bestScore: number } | null;
}

async function lessonsOf(client: Client, pillar: string, level: string) {
  return (await client.get<Item[]>(`/api/lessons/${pillar}/${level}`)).body;
}

describe('lessons over HTTP', () => {
  beforeAll(app.start);
  afterAll(app.stop);

  it('lessons open in order: a pass unlocks the next lesson; a locked lesson cannot be read or completed', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const beginner = await lessonsOf(client, 'saving', 'beginner');
    const files = lessonsIn('saving', 'beginner');
    assert(files.length >= 3, 'the test needs three lessons in the level');
    assertEquals(beginner.map((l) => [l.orderIndex, l.slug]), files.map((f, i) => [i + 1, f.slug]));
    // Only the first lesson of the level is open.
    assertEquals(beginner.map((l) => l.locked), files.map((_, i) => i > 0));
    const [first, second] = beginner;
    const n = correctAnswers(first.slug).length;

    const locked = await client.get(`/api/lesson/${second.id}`);
    assertEquals(locked.status, 403);
    const lockedComplete = await client.post(`/api/lesson/${second.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(correctAnswers(second.slug)),
    });
    assertEquals(lockedComplete.status, 403);

    const lesson = await client.get<{ questions: Array<Record<string, unknown>>; sections: unknown[] }>(
      `/api/lesson/${first.id}`,
    );
    assertEquals(lesson.status, 200);
    assertEquals(lesson.body.questions.length, n);
    for (const q of lesson.body.questions) {
      assertEquals(
        Object.keys(q).sort(),
        ['id', 'options', 'question'],
        'no correct answers or explanations before the quiz',
      );
    }
    assert(!/correctAnswer|correct_answer|explanation/.test(lesson.text));

    const pass = await client.post<
      {
        passed: boolean;
        score: number;
        completed: boolean;
        results: Array<{ correctAnswer: number; explanation: string }>;
      }
    >(
      `/api/lesson/${first.id}/complete`,
      { attemptId: crypto.randomUUID(), quizResponses: responses(correctAnswers(first.slug)), durationMs: 65_000 },
    );
    assertEquals(pass.status, 201);
    assertEquals([pass.body.passed, pass.body.score, pass.body.completed], [true, n, true]);
    assertEquals(pass.body.results.map((r) => r.correctAnswer), correctAnswers(first.slug));
    assert(pass.body.results.every((r) => r.explanation.length > 10));

    const after = await lessonsOf(client, 'saving', 'beginner');
    // The pass opens the second lesson, and only that one.
    assertEquals(after.map((l) => l.locked), files.map((_, i) => i > 1));
    assertEquals(after[0].completed, true);
    assertEquals(after[0].completionData?.lastScore, n);
    assertEquals((await lessonsOf(client, 'saving', 'intermediate')).every((l) => l.locked), true);
  });

  it('the server grades the answers itself: claimed scores and isCorrect are ignored', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [first] = await lessonsOf(client, 'credit', 'beginner');
    const answers = wrong(correctAnswers(first.slug));
    const cheat = await client.post<{ passed: boolean; score: number; completed: boolean }>(
      `/api/lesson/${first.id}/complete`,
      {
        attemptId: crypto.randomUUID(),
        quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer, isCorrect: true })),
        score: 3,
        completed: true,
        correctAnswers: 3,
        totalQuestions: 3,
      },
    );
    assertEquals(cheat.status, 201);
    assertEquals([cheat.body.passed, cheat.body.score, cheat.body.completed], [false, 0, false]);
  });

  it('twenty identical completions in parallel record one attempt and no 5xx', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [first] = await lessonsOf(client, 'investing', 'beginner');
    const body = { attemptId: crypto.randomUUID(), quizResponses: responses(correctAnswers(first.slug)) };
    const results = await Promise.all(
      Array.from(
        { length: 20 },
        () => client.post<{ duplicate: boolean; passed: boolean }>(`/api/lesson/${first.id}/complete`, body),
      ),
    );
    assertEquals(results.filter((r) => r.status >= 500).length, 0);
    assertEquals(results.filter((r) => r.status === 201).length, 1);
    assertEquals(results.filter((r) => r.status === 200 && r.body.duplicate).length, 19);
    assert(results.every((r) => r.body.passed === true));
    const progress = await client.get<Array<{ lessonId: number; attempts: number; completed: boolean }>>(
      '/api/progress/user',
    );
    const entry = progress.body.find((p) => p.lessonId === first.id)!;
    assertEquals(entry.attempts, 1);
    assertEquals(entry.completed, true);
  });

  it('a later failed attempt keeps the lesson completed and the best score', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [first] = await lessonsOf(client, 'saving', 'beginner');
    await client.post(`/api/lesson/${first.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(correctAnswers(first.slug)),
    });
    const fail = await client.post<{ passed: boolean; completed: boolean }>(`/api/lesson/${first.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(wrong(correctAnswers(first.slug))),
    });
    assertEquals([fail.body.passed, fail.body.completed], [false, true]);
    const progress = await client.get<
      Array<{ lessonId: number; completed: boolean; score: number; bestScore: number; attempts: number }>
    >('/api/progress/user');
    const entry = progress.body.find((p) => p.lessonId === first.id)!;
    assertEquals([entry.completed, entry.score, entry.bestScore, entry.attempts], [
      true,
      0,
      correctAnswers(first.slug).length,
      2,
    ]);
    assertEquals((await lessonsOf(client, 'saving', 'beginner'))[1].locked, false);
  });

  it('placement opens levels: credit intermediate is open at once for a learner placed there', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    await client.post('/api/assessment/submit', { savingScore: 10, creditScore: 60, investingScore: 90 });
    // The level's first lesson is open; the others wait for the one before them.
    assertEquals(
      (await lessonsOf(client, 'credit', 'intermediate')).map((l) => l.locked),
      lessonsIn('credit', 'intermediate').map((_, i) => i > 0),
    );
    assertEquals((await lessonsOf(client, 'credit', 'advanced')).every((l) => l.locked), true);
    assertEquals((await lessonsOf(client, 'investing', 'advanced'))[0].locked, false);
    assertEquals((await lessonsOf(client, 'saving', 'intermediate')).every((l) => l.locked), true);
    const counts = await client.get<Record<string, Record<string, { total: number; completed: number }>>>(
      '/api/lessons/counts',
    );
    assertEquals(counts.body.credit.beginner, { total: lessonsIn('credit', 'beginner').length, completed: 0 });
    assertEquals(counts.body.credit.intermediate.total, lessonsIn('credit', 'intermediate').length);
    assertEquals(counts.body.credit.weightedProgress as unknown as number, 0);
    const all = await client.get<Item[]>('/api/lessons/all/credit');
    assertEquals(all.body.map((l) => l.slug), lessonsIn('credit').map((l) => l.slug));
  });

  it('the lessons list and a lesson page are sent as UTF-8 and read back as the same text', async () => {
    const { client } = await createLearner(app.server.url, app.resend, 'Zoë');
    const [first] = await lessonsOf(client, 'saving', 'beginner');
    const file = Deno.readTextFileSync(new URL(`../../db/content/lessons/${first.slug}.md`, import.meta.url));
    assert(/[×÷]/.test(file), 'the first saving lesson has a multiplication or division sign to show');
    const list = await client.get('/lessons?pillar=saving');
    assertEquals(list.status, 200);
    // Browsers find the encoding in the first 1024 bytes (HTML's encoding sniffing).
    assert(/<meta charset="utf-8"/i.test(list.text.slice(0, 1024)), 'the page declares UTF-8 where browsers look');
    assert(list.text.includes('>Zoë</a>'), 'the name reads as Zoë');
    assert(list.text.includes('<title>Saving lessons · Wealth Coach</title>'));
    const page = await client.get(`/lesson/${first.id}`);
    assertEquals(page.status, 200);
    assert(/[×÷]/.test(page.text), 'the signs are sent as they are');
    // The quiz island's props (Astro's serialization: [0, value] or [1, list]) hold the lesson's questions.
    const island = page.text.match(/<astro-island[^>]*component-url="[^"]*LessonQuiz[^"]*"[^>]*>/)![0];
    const props = JSON.parse(readAttribute(island, 'props'));
    const api = await client.get<{ questions: unknown[] }>(`/api/lesson/${first.id}`);
    assertEquals(revive(props.questions), api.body.questions, 'the quiz data reads back as the questions');
  });

  it('a missing lesson answers "404 Not Found" on the wire, a locked one "403 Forbidden"', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const locked = (await lessonsOf(client, 'saving', 'advanced')).find((l) => l.locked);
    assert(locked, 'a new learner has a locked advanced lesson');
    const statusLine = async (path: string) => {
      const { hostname, port } = new URL(app.server.url);
      const conn = await Deno.connect({ hostname, port: Number(port) });
      const cookie = [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const request =
        `GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\nConnection: close\r\n\r\n`;
      await conn.write(new TextEncoder().encode(request));
      const head = new Uint8Array(64);
      const read = await conn.read(head);
      conn.close();
      return new TextDecoder().decode(head.subarray(0, read ?? 0)).split('\r\n')[0];
    };
    assertEquals(await statusLine('/lesson/999999'), 'HTTP/1.1 404 Not Found');
    assertEquals(await statusLine(`/lesson/${locked.id}`), 'HTTP/1.1 403 Forbidden');
  });

  it('the pass that completes a level is marked on the finish answer; the first pass of the day marks the streak day', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const level = await lessonsOf(client, 'credit', 'beginner');
    const kinds: string[][] = [];
    for (const lesson of level) {
      const pass = await client.post<{ celebrations: Array<{ kind: string; sentence: string }> }>(
        `/api/lesson/${lesson.id}/complete`,
        { attemptId: crypto.randomUUID(), quizResponses: responses(correctAnswers(lesson.slug)) },
      );
      assertEquals(pass.status, 201);
      kinds.push(pass.body.celebrations.map((c) => c.kind));
    }
    assertEquals(kinds[0], ['streak-day', 'goal-met'], 'a new learner: the day counts and the goal of 1 is met');
    assertEquals(kinds.slice(1, -1).every((k) => k.length === 0), true, 'nothing new in between');
    assertEquals(kinds.at(-1), ['level-finished']);
    const again = await client.post<{ celebrations: unknown[] }>(`/api/lesson/${level[0].id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(correctAnswers(level[0].slug)),
    });
    assertEquals(again.body.celebrations, [], 'a lesson passed again marks nothing');
  });

  it('bad lesson requests get 4xx, never 5xx', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [first] = await lessonsOf(client, 'saving', 'beginner');
    // Each body is one fault away from a valid answer to this lesson's n questions.
    const zeros = (count: number) => Array.from({ length: count }, () => 0);
    const n = correctAnswers(first.slug).length;
    const bodies: unknown[] = [
      {},
      { attemptId: 'not-a-uuid', quizResponses: responses(zeros(n)) },
      { attemptId: crypto.randomUUID(), quizResponses: [] },
      { attemptId: crypto.randomUUID(), quizResponses: responses(zeros(n - 1)) },
      { attemptId: crypto.randomUUID(), quizResponses: responses([...zeros(n - 1), 4]) },
      { attemptId: crypto.randomUUID(), quizResponses: responses([...zeros(n - 1), -1]) },
      { attemptId: crypto.randomUUID(), quizResponses: [...responses(zeros(n)), { questionId: n + 1, userAnswer: 1 }] },
      {
        attemptId: crypto.randomUUID(),
        quizResponses: [
          { questionId: 1, userAnswer: 0 },
          { questionId: 1, userAnswer: 1 },
          ...responses(zeros(n)).slice(2),
        ],
      },
      { attemptId: crypto.randomUUID(), quizResponses: 'all right' },
      [1, 2],
    ];
    for (const body of bodies) {
      const r = await client.post(`/api/lesson/${first.id}/complete`, body);
      assertEquals(r.status, 400, JSON.stringify(body).slice(0, 80));
    }
    assertEquals(
      (await client.post('/api/lesson/999999/complete', {
        attemptId: crypto.randomUUID(),
        quizResponses: responses([0, 0, 0]),
      })).status,
      404,
    );
    assertEquals((await client.get('/api/lesson/abc')).status, 404);
    assertEquals((await client.get('/api/lesson/99999999999999999999')).status, 404);
    assertEquals((await client.get('/api/lessons/gold/beginner')).status, 400);
    assertEquals((await client.get('/api/lessons/saving/expert')).status, 400);
    assertEquals((await client.get('/api/lessons/all/gold')).status, 400);
    assertEquals((await new Client(app.server.url).get('/api/lessons/counts')).status, 401);
    assertEquals((await new Client(app.server.url).get(`/api/lesson/${first.id}`)).status, 401);
    const progress = await client.get<unknown[]>('/api/progress/user');
    assertEquals(progress.body, [], 'no bad request recorded anything');
  });
});

/** An attribute's value as a browser reads it (Astro writes &quot;, &amp;, &#39;, &lt; and &gt;). */
function readAttribute(tag: string, name: string): string {
  const entities: Record<string, string> = { quot: '"', amp: '&', lt: '<', gt: '>', '#39': "'" };
  return tag.match(new RegExp(`\\s${name}="([^"]*)"`))![1].replace(/&(quot|amp|lt|gt|#39);/g, (_, e) => entities[e]);
}

/** A value of Astro's island props: [0, plain or object] or [1, list]. */
function revive(value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const [kind, inner] = value;
  if (kind === 1) return (inner as unknown[]).map(revive);
  if (inner && typeof inner === 'object') {
    return Object.fromEntries(Object.entries(inner).map(([k, v]) => [k, revive(v)]));
  }
  return inner;
}
