// The money coach on the dashboard API: tips quote the learner's own answers and results, and
// never repeat the dashboard's Continue lesson.
import { assert, assertEquals } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';
import { answersScoring, labelScoring } from '../helpers/assessment-answers.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

interface Tip {
  id: string;
  text: string;
  evidence: string;
  lesson: { id: number; slug: string; title: string };
}
interface Dashboard {
  coach: { tips: Tip[]; continueReason: string | null };
  nextLesson: { id: number } | null;
}

describe('the money coach', () => {
  let resend: Awaited<ReturnType<typeof startResendDouble>>;
  let server: Awaited<ReturnType<typeof startServer>>;
  beforeAll(async () => {
    resend = await startResendDouble();
    server = await startServer({
      env: { RESEND_API_KEY: 're_test', RESEND_BASE_URL: resend.url, TRUST_PROXY: 'true' },
    });
  });
  afterAll(async () => {
    await server?.stop();
    await resend?.close();
  });

  it('first names the Continue lesson (issue 52), then quotes the chosen answers, then builds on the newest passed quiz', async () => {
    const { client } = await createLearner(server.url, resend);
    // Strong everywhere except q10 (rebalancing: bonds into stocks) and q12 (fees "about the same").
    const answers = answersScoring({ 1: 4, 2: 4, 3: 4, 4: 4, 5: 4, 6: 4, 7: 4, 8: 4, 9: 4, 10: 0, 11: 4, 12: 0 });
    assertEquals((await client.post('/api/assessment/submit', { answers })).status, 201);
    const dashboard = async () => (await client.get<Dashboard>('/api/user/dashboard')).body;

    const before = await dashboard();
    assertEquals(before.coach.tips[0].lesson.id, before.nextLesson?.id, 'the first tip is the next step');
    const ids = before.coach.tips.slice(1).map((t) => t.id);
    assertEquals(ids.slice(0, 2), ['rebalancing-knowledge', 'fees-knowledge']);
    assertEquals(
      before.coach.tips[1].evidence,
      `For Noor's 60% stocks and 40% bonds target (question 10), you chose “${labelScoring(10, 0)}”`,
    );
    assertEquals(
      before.coach.tips[2].evidence,
      `For the two funds with yearly fees of 0.05% and 1% (question 12), you chose “${labelScoring(12, 0)}”`,
    );
    for (const tip of before.coach.tips.slice(1)) {
      assert(tip.lesson.id !== before.nextLesson?.id, `${tip.id} repeats the Continue lesson`);
    }

    const [lesson] =
      (await client.get<Array<{ id: number; slug: string; title: string }>>('/api/lessons/credit/beginner')).body;
    const right = correctAnswers(lesson.slug);
    const passed = await client.post(`/api/lesson/${lesson.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(right.map((a, i) => (i === 0 ? (a + 1) % 4 : a))),
    });
    assertEquals(passed.status, 201);

    const after = await dashboard();
    assertEquals(after.coach.tips.some((t) => t.id === 'first-quiz'), false, 'a quiz was taken');
    const build = after.coach.tips.find((t) => t.id === 'build-on-last-pass');
    if (build) {
      assertEquals(build.evidence, `You passed “${lesson.title}” with ${right.length - 1} of ${right.length} right`);
    }
    assertEquals(after.coach.tips[0].lesson.id, after.nextLesson?.id, 'the first tip is the next step');
    for (const tip of after.coach.tips.slice(1)) {
      assert(tip.lesson.id !== after.nextLesson?.id, `${tip.id} repeats the Continue lesson`);
    }
  });
});
