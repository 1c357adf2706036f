// Issue 40: one "next lesson" rule for the dashboard and the finish screen, from the placement the
// assessment computes, the same answer on every load until something changes; and mastery per
// pillar from the latest quiz and review answers.
import { assert, assertEquals } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import type { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, lessonAt, responses, wrong } from '../helpers/learners.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });
type Mastery = Array<
  { pillar: string; met: number; right: number; total: number; percent: number | null; advice: string }
>;
type Next = { id: number; title: string; pillar: string; level: string; reason: string } | null;

/** Strong saving and investing; credit: both knowledge questions right (Advanced), both habits weak (result 50). */
export const placedAdvancedInCredit = answersScoring({
  1: 4,
  2: 4,
  3: 4,
  4: 4,
  5: 0,
  6: 0,
  7: 4,
  8: 4,
  9: 4,
  10: 4,
  11: 4,
  12: 4,
});

async function idOf(client: Client, pillar: string, slug: string): Promise<number> {
  const list = (await client.get<Array<{ id: number; slug: string }>>(`/api/lessons/all/${pillar}`)).body;
  const found = list.find((l) => l.slug === slug);
  assert(found, `no lesson ${slug}`);
  return found.id;
}

for (const kind of databaseKinds()) {
  describe(`the next lesson (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createDatabaseOnServer() : null;
      const env: Record<string, string> = {
        RESEND_API_KEY: 're_test',
        RESEND_BASE_URL: resend.url,
        TRUST_PROXY: 'true',
      };
      if (database) env.DATABASE_URL = database.url;
      server = await startServer({ env });
    });
    afterAll(async () => {
      await server?.stop();
      await database?.drop();
      await resend?.close();
    });

    it('a learner placed Advanced in credit, their lowest pillar, is sent to Credit Advanced and on through it', async () => {
      const { client } = await createLearner(server.url, resend);
      assertEquals((await client.post('/api/assessment/submit', { answers: placedAdvancedInCredit })).status, 201);
      const first = lessonAt('credit', 'advanced', 1);
      const second = lessonAt('credit', 'advanced', 2);
      const loads: Next[] = [];
      for (let i = 0; i < 3; i++) {
        loads.push((await client.get<{ nextLesson: Next }>('/api/user/dashboard')).body.nextLesson);
      }
      assertEquals(loads.map((n) => n?.id), Array(3).fill(await idOf(client, 'credit', first.slug)));
      assertEquals(
        loads[0]?.reason,
        'Our assessment places you at Advanced in Credit, and of the pillars at Advanced Credit has your lowest result (50 of 100): this is the first Advanced Credit lesson',
      );

      const done = await client.post<{ passed: boolean; nextLesson: Next }>(`/api/lesson/${loads[0]!.id}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: responses(correctAnswers(first.slug)),
      });
      assertEquals([done.status, done.body.passed], [201, true]);
      const secondId = await idOf(client, 'credit', second.slug);
      assertEquals([done.body.nextLesson?.id, done.body.nextLesson?.level], [secondId, 'advanced']);
      assert(done.body.nextLesson!.reason.includes('this is your next Advanced Credit lesson'));
      // The dashboard says the same after the pass, on every load.
      for (let i = 0; i < 2; i++) {
        assertEquals((await client.get<{ nextLesson: Next }>('/api/user/dashboard')).body.nextLesson?.id, secondId);
      }
    });

    it('mastery: the share of the questions met right at the latest try, quiz or review, on the dashboard and progress', async () => {
      const { client } = await createLearner(server.url, resend);
      const t0 = Date.now();
      const lesson = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/credit/beginner')).body[0];
      const answers = correctAnswers(lesson.slug);
      const n = answers.length;
      const creditOf = async (path: string, when: number) =>
        (await client.get<{ mastery: Mastery }>(path, at(when))).body.mastery.find((m) => m.pillar === 'credit')!;
      const before = await creditOf('/api/user/dashboard', t0);
      assertEquals([before.met, before.right, before.percent], [0, 0, null]);
      const total = before.total;
      assert(total > n, 'credit has more questions than its first lesson');

      // A pass with the first question missed: n met, n - 1 right.
      const complete = (picks: number[], when: number) =>
        client.post(`/api/lesson/${lesson.id}/complete`, {
          attemptId: crypto.randomUUID(),
          quizResponses: responses(picks),
        }, { headers: at(when) });
      assertEquals((await complete(answers.map((a, i) => (i === 0 ? (a + 1) % 4 : a)), t0)).status, 201);
      for (const path of ['/api/user/dashboard', '/api/user/progress']) {
        const m = await creditOf(path, t0 + 1000);
        assertEquals([m.met, m.right, m.total, m.percent], [n, n - 1, total, Math.round((100 * (n - 1)) / n)], path);
        assert(m.advice.startsWith('Answer the 1 question you missed right when review brings it back'), m.advice);
      }

      // The missed question answered right in review, two days on: every question met is right.
      const review =
        (await client.get<{ due: Array<{ id: string; lessonId: number }> }>('/api/review', at(t0 + 2 * DAY)))
          .body;
      assertEquals(review.due.length, 1);
      const right = await client.post(`/api/review/${review.due[0].id}/answer`, { userAnswer: answers[0] }, {
        headers: at(t0 + 2 * DAY),
      });
      assertEquals(right.status, 200);
      const afterReview = await creditOf('/api/user/progress', t0 + 2 * DAY + 1000);
      assertEquals([afterReview.met, afterReview.right, afterReview.percent], [n, n, 100]);
      assertEquals(
        afterReview.advice,
        `Take more Credit lessons: ${total - n} of its questions are still ahead of you`,
      );

      // A later quiz try with every answer wrong is the latest try of each question.
      assertEquals((await complete(wrong(answers), t0 + 3 * DAY)).status, 201);
      const afterRetake = await creditOf('/api/user/dashboard', t0 + 3 * DAY + 1000);
      assertEquals([afterRetake.met, afterRetake.right, afterRetake.percent], [n, 0, 0]);

      // Every question right in a quiz again, then one of them missed in review: the review is the latest try.
      assertEquals((await complete(answers, t0 + 4 * DAY)).status, 201);
      assertEquals((await creditOf('/api/user/progress', t0 + 4 * DAY + 1000)).right, n);
      const due =
        (await client.get<{ due: Array<{ id: string; questionId: number }> }>('/api/review', at(t0 + 5 * DAY)))
          .body.due;
      assert(due.length > 0, 'the questions missed in the earlier try are due');
      const missedInReview = await client.post<{ correct: boolean }>(`/api/review/${due[0].id}/answer`, {
        userAnswer: (answers[due[0].questionId - 1] + 1) % 4,
      }, { headers: at(t0 + 5 * DAY) });
      assertEquals([missedInReview.status, missedInReview.body.correct], [200, false]);
      const afterMiss = await creditOf('/api/user/dashboard', t0 + 5 * DAY + 1000);
      assertEquals([afterMiss.met, afterMiss.right], [n, n - 1]);
      assert(afterMiss.advice.startsWith('Answer the 1 question you missed right when review brings it back'));
    });
  });
}
