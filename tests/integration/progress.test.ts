// The progress APIs return the learner's own figures, computed from a known history.
import { assert, assertEquals } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses, wrong } from '../helpers/learners.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';

const opts = { sanitizeOps: false, sanitizeResources: false };
const resend = await startResendDouble();
// On PGlite, and also on a fresh database of the PostgreSQL in DATABASE_URL when it is set.
const servers = await Promise.all(
  databaseKinds().map(async (kind) => {
    const database = kind === 'postgres' ? await createDatabaseOnServer() : null;
    const env: Record<string, string> = { RESEND_API_KEY: 're_test', RESEND_BASE_URL: resend.url, TRUST_PROXY: 'true' };
    if (database) env.DATABASE_URL = database.url;
    return { kind, server: await startServer({ env }), database };
  }),
);

async function complete(client: Client, lesson: { id: number; slug: string }, answers: number[], durationMs: number) {
  const r = await client.post(`/api/lesson/${lesson.id}/complete`, { attemptId: crypto.randomUUID(), quizResponses: responses(answers), durationMs });
  assertEquals(r.status, 201);
}

type ProgressPillar = { pillar: string; averageScore: number | null; highlighted: boolean };

for (const { kind, server } of servers) {
  const named = (name: string) => (kind === 'pglite' ? name : `${kind}: ${name}`);

  Deno.test({
    name: named('a known history gives exactly the expected progress, analytics and badges'),
    ...opts,
    async fn() {
      const { client } = await createLearner(server.url, resend);
      await client.post('/api/assessment/submit', { savingScore: 40, creditScore: 20, investingScore: 70 });
      const saving = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
      const [l1, l2, l3] = saving;
      const a1 = correctAnswers(l1.slug);
      const a2 = correctAnswers(l2.slug);
      const a3 = correctAnswers(l3.slug);
      await complete(client, l1, a1, 60_000); // 3/3 pass
      await complete(client, l2, wrong(a2), 30_000); // 0/3 fail
      await complete(client, l2, a2.map((a, i) => (i === 0 ? (a + 1) % 4 : a)), 90_000); // 2/3 pass
      await complete(client, l3, a3, 60_000); // 3/3 pass

      const p = await client.get<{
        email: string;
        pillars: Array<{ pillar: string; completedLessons: number; totalLessons: number; averageScore: number | null; highlighted: boolean; bestStreak: number; levels: Record<string, { completed: number; total: number }> }>;
        accuracy: { correct: number; incorrect: number };
        scoreProgression: Array<{ attempt: number; score: number }>;
        metrics: { improvementRate: number; passRate: number; avgTimePerQuizMs: number; totalQuizzes: number };
        badges: Array<{ key: string; earnedAt: string }>;
      }>('/api/user/progress');
      assertEquals(p.status, 200);
      const savingRow = p.body.pillars.find((x) => x.pillar === 'saving')!;
      assertEquals([savingRow.completedLessons, savingRow.totalLessons], [3, 10]);
      assertEquals(savingRow.averageScore, 2); // (3 + 0 + 2 + 3) / 4 on the 0-3 scale
      assertEquals(savingRow.highlighted, false);
      assertEquals(savingRow.bestStreak, 2);
      assertEquals(savingRow.levels.beginner, { completed: 3, total: 4 });
      const credit = p.body.pillars.find((x) => x.pillar === 'credit')!;
      assertEquals([credit.completedLessons, credit.averageScore, credit.bestStreak], [0, null, 0]);
      assertEquals(p.body.accuracy, { correct: 8, incorrect: 4 });
      assertEquals(p.body.scoreProgression.map((s) => s.score), [3, 0, 2, 3]);
      assertEquals(p.body.metrics, { improvementRate: 33, passRate: 75, avgTimePerQuizMs: 60_000, totalQuizzes: 4 });
      assertEquals(p.body.badges.map((b) => b.key).sort(), ['assessment-complete', 'first-lesson', 'perfect-quiz']);

      const a = await client.get<{
        byPillarLevel: Array<{ pillar: string; level: string; correct: number; total: number; accuracy: number | null }>;
        mostMissed: Array<{ lessonId: number; questionId: number; missed: number; asked: number; explanation: string }>;
      }>('/api/user/quiz-analytics');
      const cell = a.body.byPillarLevel.find((c) => c.pillar === 'saving' && c.level === 'beginner')!;
      assertEquals([cell.correct, cell.total, cell.accuracy], [8, 12, 67]);
      assertEquals(a.body.byPillarLevel.find((c) => c.pillar === 'credit' && c.level === 'beginner')!.accuracy, null);
      assertEquals(a.body.mostMissed[0], { ...a.body.mostMissed[0], lessonId: l2.id, questionId: 1, missed: 2, asked: 2 });
      assertEquals(a.body.mostMissed.length, 3);
      assert(a.body.mostMissed.every((m) => m.explanation.length > 10));

      // One more pass makes a streak of 3 and completes no level yet; the badge is dated.
      const l4 = saving[3];
      await complete(client, l4, correctAnswers(l4.slug), 45_000);
      const badges = await client.get<Array<{ key: string; title: string; earnedAt: string }>>('/api/user/badges');
      const keys = badges.body.map((b) => b.key);
      assert(keys.includes('streak-3'));
      assert(keys.includes('level:saving:beginner'), 'all 4 saving beginner lessons are done');
      assert(badges.body.every((b) => !Number.isNaN(Date.parse(b.earnedAt))));

      const dash = await client.get<{ overall: { total: number; parts: Record<string, number> }; priority: string; nextLesson: { title: string; pillar: string } }>('/api/user/dashboard');
      // (40 + 20 + 70) / 300 × 25 = 10.83; saving 4 × 8.5 = 34% → 8.5; total 19.33 → 19
      assertEquals(dash.body.overall.total, 19);
      assertEquals(dash.body.overall.parts, { assessment: 10.8, saving: 8.5, credit: 0, investing: 0 });
      assertEquals(dash.body.priority, 'credit'); // 0% progress; credit's assessment score (20) is lower than investing's (70)
      assertEquals(dash.body.nextLesson.pillar, 'credit');
    },
  });

  Deno.test({
    name: named('a new learner gets empty figures, never sample numbers; other learners\' data never shows'),
    ...opts,
    async fn() {
      const { client } = await createLearner(server.url, resend);
      const p = await client.get<{ pillars: Array<{ averageScore: number | null; completedLessons: number }>; metrics: Record<string, number | null>; accuracy: Record<string, number>; badges: unknown[] }>(
        '/api/user/progress',
      );
      assert(p.body.pillars.every((x) => x.averageScore === null && x.completedLessons === 0));
      assertEquals(p.body.metrics, { improvementRate: null, passRate: null, avgTimePerQuizMs: null, totalQuizzes: 0 });
      assertEquals(p.body.accuracy, { correct: 0, incorrect: 0 });
      assertEquals(p.body.badges, []);
      const a = await client.get<{ totalAttempts: number; mostMissed: unknown[] }>('/api/user/quiz-analytics');
      assertEquals([a.body.totalAttempts, a.body.mostMissed.length], [0, 0]);
      assertEquals((await new Client(server.url).get('/api/user/progress')).status, 401);
      assertEquals((await new Client(server.url).get('/api/user/quiz-analytics')).status, 401);
      assertEquals((await new Client(server.url).get('/api/user/badges')).status, 401);
    },
  });

  Deno.test({
    name: named('the average out of 3 is highlighted from exactly 2.5: (3 + 2) / 2 is, 87 / 35 = 2.49 is not'),
    ...opts,
    async fn() {
      const { client } = await createLearner(server.url, resend);
      const [s1, s2] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
      await complete(client, s1, correctAnswers(s1.slug), 60_000); // 3
      await complete(client, s2, correctAnswers(s2.slug).map((a, i) => (i === 0 ? (a + 1) % 4 : a)), 60_000); // 2
      // Credit: the first lesson 35 times, 17 at 3/3 and 18 at 2/3 (practice retakes count).
      const [c1] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/credit/beginner')).body;
      const right = correctAnswers(c1.slug);
      for (let i = 0; i < 35; i++) await complete(client, c1, i < 17 ? right : right.map((a, q) => (q === 2 ? (a + 1) % 4 : a)), 30_000);

      const p = await client.get<{ pillars: ProgressPillar[] }>('/api/user/progress');
      const byPillar = Object.fromEntries(p.body.pillars.map((x) => [x.pillar, x]));
      assertEquals([byPillar.saving.averageScore, byPillar.saving.highlighted], [2.5, true]);
      assertEquals([byPillar.credit.averageScore, byPillar.credit.highlighted], [2.49, false]);
      assertEquals([byPillar.investing.averageScore, byPillar.investing.highlighted], [null, false]);
    },
  });

  Deno.test({
    name: named('before an assessment the dashboard invents no score: no colour, message or level; the assessment part counts 0'),
    ...opts,
    async fn() {
      const { client } = await createLearner(server.url, resend);
      const [s1] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
      await complete(client, s1, correctAnswers(s1.slug), 60_000);
      const dash = await client.get<{
        hasAssessment: boolean;
        overall: { total: number; parts: Record<string, number> };
        priority: string | null;
        pillars: Array<{ pillar: string; assessment: unknown; lessonsCompleted: number; weightedProgress: number }>;
      }>('/api/user/dashboard');
      assertEquals(dash.status, 200);
      assertEquals(dash.body.hasAssessment, false);
      assertEquals(
        dash.body.pillars.map((p) => [p.pillar, p.assessment, p.lessonsCompleted, p.weightedProgress]),
        [
          ['saving', null, 1, 8.5],
          ['credit', null, 0, 0],
          ['investing', null, 0, 0],
        ],
      );
      // 0 for the assessment, 0.25 × 8.5 = 2.125 for saving → 2
      assertEquals(dash.body.overall, { total: 2, parts: { assessment: 0, saving: 2.1, credit: 0, investing: 0 } });
      // credit and investing tie at 0%: with no scores to compare, the spec's pillar order decides
      assertEquals(dash.body.priority, 'credit');

      await client.post('/api/assessment/submit', { savingScore: 40, creditScore: 90, investingScore: 20 });
      const after = await client.get<{
        priority: string;
        pillars: Array<{ pillar: string; assessment: { score: number; colour: string; message: string; level: string } | null }>;
      }>('/api/user/dashboard');
      assertEquals(after.body.pillars.find((p) => p.pillar === 'credit')!.assessment, {
        score: 90,
        colour: 'green',
        message: 'Excellent knowledge! Continue with advanced topics.',
        level: 'advanced',
      });
      assertEquals(after.body.priority, 'investing'); // the tie now goes to the lower score (20 < 90)
    },
  });

  Deno.test({
    name: named("'Welcome' greets only the first dashboard visit, kept per learner on the server"),
    ...opts,
    async fn() {
      const { client, email, password } = await createLearner(server.url, resend, 'Jordan');
      const greeting = (html: string) => html.match(/data-testid="greeting"[^>]*>([^<]*)</)?.[1];
      const first = await client.get('/dashboard');
      assertEquals(first.status, 200);
      assertEquals(greeting(first.text), 'Welcome, Jordan!');
      assertEquals(greeting((await client.get('/dashboard')).text), 'Hello, Jordan!'); // then the local-time greeting in the browser
      // Another device (a new session, empty browser storage) is not a first visit either.
      const other = new Client(server.url);
      assertEquals((await other.post('/api/login-email', { email, password })).status, 200);
      assertEquals(greeting((await other.get('/dashboard')).text), 'Hello, Jordan!');
    },
  });
}

Deno.test({ name: 'teardown', ...opts, async fn() {
  for (const { server, database } of servers) {
    await server.stop();
    await database?.drop();
  }
  await resend.close();
} });
