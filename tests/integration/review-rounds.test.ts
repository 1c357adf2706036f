// The review queue in rounds: a learner with many missed questions gets at most REVIEW_ROUND of
// them at a time, oldest due first, and is told how many more are due.
import { assertEquals } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { correctAnswers, createLearner, responses, wrong } from '../helpers/learners.ts';
import { REVIEW_ROUND } from '../../src/lib/server/learning/review.ts';

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });

interface Review {
  due: Array<{ id: string; lessonId: number; box: number }>;
  moreDue: number;
  upcoming: number;
  nextDueAt: string | null;
}

const app = serverWithMail();

describe('review rounds', () => {
  beforeAll(app.start);
  afterAll(app.stop);

  it('a long review queue comes in rounds of REVIEW_ROUND, oldest first, with the rest counted as more due', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const t0 = Date.now();
    // Fail beginner lessons in order (every answer wrong), a minute apart, passing each after its
    // failure to open the next, until more than a round is missed.
    let missed = 0;
    const order: number[] = [];
    const beginner = [];
    for (const pillar of ['credit', 'saving']) {
      beginner.push(...(await client.get<Array<{ id: number; slug: string }>>(`/api/lessons/${pillar}/beginner`)).body);
    }
    for (const lesson of beginner) {
      if (missed > REVIEW_ROUND + 4) break;
      const answers = correctAnswers(lesson.slug);
      const when = t0 + order.length * 60_000;
      const failed = await client.post(`/api/lesson/${lesson.id}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: responses(wrong(answers)),
      }, { headers: at(when) });
      assertEquals(failed.status, 201);
      const passed = await client.post(`/api/lesson/${lesson.id}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: responses(answers),
      }, { headers: at(when + 1000) });
      assertEquals(passed.status, 201);
      order.push(lesson.id);
      missed += answers.length;
    }
    assertEquals(missed > REVIEW_ROUND, true, 'the beginner lessons miss more than a round');
    const first = (await client.get<Review>('/api/review', at(t0 + 2 * DAY))).body;
    assertEquals([first.due.length, first.moreDue, first.upcoming], [REVIEW_ROUND, missed - REVIEW_ROUND, 0]);
    // Oldest due first: the round starts with the first failed lesson's questions.
    assertEquals(first.due[0].lessonId, order[0]);
    assertEquals(new Set(first.due.map((d) => d.id)).size, REVIEW_ROUND);

    // Answer the round (right): the rest become the next round, the answered ones wait.
    for (const item of first.due) {
      const res = await client.post(`/api/review/${item.id}/answer`, { userAnswer: 0 }, {
        headers: at(t0 + 2 * DAY + 1000),
      });
      assertEquals(res.status, 200);
    }
    const second = (await client.get<Review>('/api/review', at(t0 + 2 * DAY + 2000))).body;
    assertEquals([second.due.length, second.moreDue, second.upcoming], [missed - REVIEW_ROUND, 0, REVIEW_ROUND]);
    assertEquals(second.due.some((d) => first.due.some((f) => f.id === d.id)), false);

    // The page shows the same round and says how many more are due.
    const page = await client.get('/review', at(t0 + 4 * DAY));
    assertEquals(page.status, 200);
    const text = page.text.replaceAll('<!-- -->', '');
    assertEquals(text.includes(`Question 1 of ${REVIEW_ROUND}`), true, 'the page asks one round');
  });
});
