// The money coach on the dashboard API: tips quote the learner's own answers and results.
import { assertEquals } from '../helpers/assert.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';

const opts = { sanitizeOps: false, sanitizeResources: false };
const resend = await startResendDouble();
const server = await startServer({ env: { RESEND_API_KEY: 're_test', RESEND_BASE_URL: resend.url, TRUST_PROXY: 'true' } });

interface Tip { id: string; text: string; lesson: { slug: string; title: string } }

Deno.test({
  name: 'the coach quotes the chosen answers, then builds on the newest passed quiz',
  ...opts,
  async fn() {
    const { client } = await createLearner(server.url, resend);
    // Strong everywhere except q4 = 0 (no savings goals) and q12 = 1 (heard of the words, can explain none).
    const answers = { 1: '4', 2: '4', 3: '4', 4: '0', 5: '4', 6: '4', 7: '4', 8: '4', 9: '4', 10: '4', 11: '4', 12: '1' };
    assertEquals((await client.post('/api/assessment/submit', { answers })).status, 201);
    const tips = async () => (await client.get<{ coach: { tips: Tip[] } }>('/api/user/dashboard')).body.coach.tips;

    const before = await tips();
    assertEquals(before.map((t) => t.id), ['new-to-terms', 'no-goal-reviews', 'first-quiz', 'keep-going']);
    assertEquals(
      before[0].text.split(', so ')[0],
      'You said you have heard of 3 or all 4 of stocks, bonds, index funds and expense ratio, but you couldn\'t explain any of them (question 12)',
    );
    assertEquals(before[1].text.split(', so ')[0], 'You said you don\'t have any savings goals yet (question 4)');
    // Saving is the focus (every pillar at 0% progress; saving has the lowest score, 75).
    assertEquals(before[3].text.split(', so ')[0], 'You scored 75/100 in Saving in the assessment (Advanced) and have completed 0 of its 10 lessons');

    const [lesson] = (await client.get<Array<{ id: number; slug: string; title: string }>>('/api/lessons/credit/beginner')).body;
    const right = correctAnswers(lesson.slug);
    const passed = await client.post(`/api/lesson/${lesson.id}/complete`, { attemptId: crypto.randomUUID(), quizResponses: responses(right.map((a, i) => (i === 2 ? (a + 1) % 4 : a))) });
    assertEquals(passed.status, 201);

    const after = await tips();
    assertEquals(after.some((t) => t.id === 'first-quiz'), false, 'a quiz was taken');
    const build = after.find((t) => t.id === 'build-on-last-pass');
    assertEquals(build?.lesson.slug, 'credit-utilization');
    assertEquals(build?.text, `You passed “${lesson.title}” with 2 of 3 right, so carry on in Credit with “${build?.lesson.title}”, the next lesson open to you after it.`);
  },
});

Deno.test({ name: 'teardown', ...opts, async fn() {
  await server.stop();
  await resend.close();
} });
