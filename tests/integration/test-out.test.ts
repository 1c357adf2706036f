// A level's test-out (issue 56), through the real server on PGlite and PostgreSQL: 5 questions from
// the level's lesson quizzes, a different draw each day, 4 right opens the level and those below it
// (its lessons still in order), once a day per level, misses in review, bad input a 4xx, and every
// request within the statement budgets of docs/DESIGN.md.
import { assert, assertEquals } from '../helpers/assert.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { correctAnswers, createLearner } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import type { Client } from '../helpers/client.ts';

const DAY = 86_400_000;
// docs/DESIGN.md: a signed-in page at most 2 statements (the session, then the page); a test-out's
// start and submission are writes like a quiz completion, at most 4 whatever the draw (the session,
// readJson's check of the malformed-body limit, the learner's one read, the one write).
const PAGE = 2;
const WRITE = 4;
const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });

interface Drawn {
  lessonId: number;
  questionId: number;
  question: string;
  options: string[];
}
interface ListedLesson {
  id: number;
  slug: string;
  orderIndex: number;
  locked: boolean;
}

for (const kind of databaseKinds()) {
  describe(`${kind}: test-out of a level`, () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
    const slugs = new Map<number, string>();

    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          STATEMENT_COUNTS: '1',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      await database?.drop();
    });

    async function lessonsOf(client: Client, pillar: string, level: string, now: number) {
      const list = (await client.get<ListedLesson[]>(`/api/lessons/${pillar}/${level}`, at(now))).body;
      for (const l of list) slugs.set(l.id, l.slug);
      return list.sort((a, b) => a.orderIndex - b.orderIndex);
    }
    const rightAnswer = (q: Drawn) => correctAnswers(slugs.get(q.lessonId)!)[q.questionId - 1];
    /** Answers with the first `right` questions right and the rest wrong. */
    const answer = (draw: Drawn[], right: number) =>
      draw.map((q, i) => ({
        lessonId: q.lessonId,
        questionId: q.questionId,
        userAnswer: i < right ? rightAnswer(q) : (rightAnswer(q) + 1) % q.options.length,
      }));
    const statements = (reply: { headers: Headers }) => Number(reply.headers.get('x-statements') ?? 0);

    it('fail, once a day, misses in review; the next day a new draw and a pass opens the level in order', async () => {
      const { client } = await createLearner(server.url, resend);
      const t0 = Date.now();
      const intermediate = await lessonsOf(client, 'saving', 'intermediate', t0);
      assert(intermediate.every((l) => l.locked), 'a new learner has Intermediate Saving locked');

      // Offered beside the locked level's button, which stays a disabled, locked span.
      const list = await client.get('/lessons?pillar=saving', at(t0));
      assert(list.text.includes('href="/test-out/saving/intermediate"'), 'the lessons list offers the test-out');
      assert(/class="level locked" aria-disabled="true"/.test(list.text), 'the locked level stays disabled');

      const page = await client.get('/test-out/saving/intermediate', at(t0));
      assertEquals(page.status, 200);
      assert(page.text.includes('Test out of Intermediate Saving'));
      assert(statements(page) <= PAGE, `the page sent ${statements(page)} statements`);

      const started = await client.post<{ questions: Drawn[]; passMark: number }>(
        '/api/test-out/saving/intermediate/start',
        {},
        { headers: at(t0) },
      );
      assertEquals(started.status, 200, started.text);
      assert(statements(started) <= WRITE, `a start sent ${statements(started)} statements`);
      const first = started.body.questions;
      assertEquals([first.length, started.body.passMark], [5, 4]);
      assert(first.every((q) => intermediate.some((l) => l.id === q.lessonId)), 'drawn from the level only');
      assertEquals(new Set(first.map((q) => `${q.lessonId}:${q.questionId}`)).size, 5);
      assert(!started.text.includes('correctAnswer') && !started.text.includes('explanation'), 'no answers sent');

      // Reloading the same day gives the same draw (no fishing for easier questions).
      const again = await client.post<{ questions: Drawn[] }>('/api/test-out/saving/intermediate/start', {}, {
        headers: at(t0 + 60_000),
      });
      assertEquals(again.body.questions, first);

      const failed = await client.post<{ score: number; passed: boolean; missed: Array<Record<string, unknown>> }>(
        '/api/test-out/saving/intermediate/submit',
        { answers: answer(first, 3) },
        { headers: at(t0 + 120_000) },
      );
      assertEquals(failed.status, 200, failed.text);
      assert(statements(failed) <= WRITE, `a submission sent ${statements(failed)} statements`);
      assertEquals([failed.body.score, failed.body.passed, failed.body.missed.length], [3, false, 2]);
      assertEquals(Object.keys(failed.body.missed[0]).sort(), ['lessonId', 'lessonTitle', 'question']);
      assert((await lessonsOf(client, 'saving', 'intermediate', t0)).every((l) => l.locked), 'still locked');

      // A second submission of the same draw changes nothing.
      const twice = await client.post('/api/test-out/saving/intermediate/submit', { answers: answer(first, 5) }, {
        headers: at(t0 + 130_000),
      });
      assertEquals(twice.status, 409);

      // Once a day: refused until the learner's next day, with when to come back.
      const today = await client.post('/api/test-out/saving/intermediate/start', {}, { headers: at(t0 + 180_000) });
      assertEquals(today.status, 429);
      assert(Number(today.headers.get('retry-after')) > 0);
      const takenPage = await client.get('/test-out/saving/intermediate', at(t0 + 180_000));
      assert(takenPage.text.includes('You can try again tomorrow'));

      // The misses are in review like any other miss, due the next day.
      const review = await client.get<{ due: Array<{ lessonId: number; questionId: number }> }>(
        '/api/review',
        at(t0 + 2 * DAY),
      );
      const missed = first.slice(3).map((q) => `${q.lessonId}:${q.questionId}`).sort();
      assertEquals(review.body.due.map((d) => `${d.lessonId}:${d.questionId}`).sort(), missed);

      // The next day: a different draw (none of the first day's questions while others remain).
      const t1 = t0 + DAY + 3_600_000;
      const next = await client.post<{ questions: Drawn[] }>('/api/test-out/saving/intermediate/start', {}, {
        headers: at(t1),
      });
      assertEquals(next.status, 200, next.text);
      const seen = new Set(first.map((q) => `${q.lessonId}:${q.questionId}`));
      assert(next.body.questions.every((q) => !seen.has(`${q.lessonId}:${q.questionId}`)), 'a different draw');

      const passed = await client.post<{ score: number; passed: boolean }>(
        '/api/test-out/saving/intermediate/submit',
        { answers: answer(next.body.questions, 4) },
        { headers: at(t1 + 60_000) },
      );
      assertEquals([passed.body.score, passed.body.passed], [4, true]);

      // The level is open, its lessons in order; Advanced stays locked; the test-out is not offered again.
      const opened = await lessonsOf(client, 'saving', 'intermediate', t1);
      assertEquals(opened.map((l) => l.locked), opened.map((_, i) => i > 0));
      assert((await lessonsOf(client, 'saving', 'advanced', t1)).every((l) => l.locked));
      const openAlready = await client.post('/api/test-out/saving/intermediate/start', {}, {
        headers: at(t1 + 2 * DAY),
      });
      assertEquals(openAlready.status, 409);

      // The next step follows the opened level: Saving is now at Intermediate, so by the one rule
      // (issue 52: the lowest open level first) Credit, still at Beginner, comes before it.
      const dashboard = await client.get<{ nextLesson: { id: number; reason: string } | null }>(
        '/api/user/dashboard',
        at(t1),
      );
      assertEquals(dashboard.body.nextLesson?.id, (await lessonsOf(client, 'credit', 'beginner', t1))[0].id);
    });

    it('passing Advanced opens Intermediate too; another pillar is untouched', async () => {
      const { client } = await createLearner(server.url, resend);
      const t0 = Date.now();
      await lessonsOf(client, 'credit', 'advanced', t0);
      const started = await client.post<{ questions: Drawn[] }>('/api/test-out/credit/advanced/start', {}, {
        headers: at(t0),
      });
      const result = await client.post<{ passed: boolean; missed: unknown[] }>(
        '/api/test-out/credit/advanced/submit',
        { answers: answer(started.body.questions, 5) },
        { headers: at(t0 + 1000) },
      );
      assertEquals([result.body.passed, result.body.missed.length], [true, 0]);
      const [inter, adv] = [
        await lessonsOf(client, 'credit', 'intermediate', t0),
        await lessonsOf(client, 'credit', 'advanced', t0),
      ];
      assertEquals([inter[0].locked, adv[0].locked, adv[1].locked], [false, false, true]);
      assert((await lessonsOf(client, 'saving', 'intermediate', t0)).every((l) => l.locked));
      // The learner's data export carries it (their test-outs are data about them).
      const exported = await client.get<{ testOuts: Array<{ pillar: string; level: string; score: number }> }>(
        '/api/account/export',
      );
      assertEquals(exported.body.testOuts.map((t) => [t.pillar, t.level, t.score]), [['credit', 'advanced', 5]]);
      const levels = await client.get('/lessons?pillar=credit', at(t0));
      assert(!levels.text.includes('href="/test-out/credit/'), 'no test-out offered for open levels');
    });

    it('bad input is a clear 4xx and changes nothing', async () => {
      const { client } = await createLearner(server.url, resend);
      await lessonsOf(client, 'saving', 'advanced', Date.now());
      const visitor = new (client.constructor as typeof Client)(server.url);
      assertEquals((await visitor.post('/api/test-out/saving/intermediate/start', {})).status, 401);
      assertEquals((await client.post('/api/test-out/saving/beginner/start', {})).status, 404);
      assertEquals((await client.post('/api/test-out/cooking/advanced/start', {})).status, 404);
      assertEquals((await client.get('/test-out/saving/beginner')).status, 404);
      assertEquals((await client.post('/api/test-out/saving/advanced/submit', { answers: [] })).status, 409);
      assertEquals((await client.post('/api/test-out/saving/advanced/submit', { answers: 'all' })).status, 400);
      const started = await client.post<{ questions: Drawn[] }>('/api/test-out/saving/advanced/start', {
        timeZone: 'Not/AZone',
      });
      assertEquals(started.status, 200);
      const draw = started.body.questions;
      const partial = await client.post('/api/test-out/saving/advanced/submit', { answers: answer(draw, 5).slice(1) });
      assertEquals(partial.status, 400);
      const doubled = answer(draw, 5);
      doubled[4] = doubled[0];
      assertEquals((await client.post('/api/test-out/saving/advanced/submit', { answers: doubled })).status, 400);
      const foreign = answer(draw, 5);
      foreign[0] = { ...foreign[0], lessonId: 999_999 };
      assertEquals((await client.post('/api/test-out/saving/advanced/submit', { answers: foreign })).status, 400);
      // Still in progress, nothing recorded: the right answers pass now.
      const ok = await client.post<{ passed: boolean }>('/api/test-out/saving/advanced/submit', {
        answers: answer(draw, 5),
      });
      assertEquals(ok.body.passed, true);
    });
  });
}
