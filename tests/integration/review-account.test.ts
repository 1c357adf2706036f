// The review queue on an injectable clock, the data export and account deletion, over HTTP.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { serverWithMail } from '../helpers/app.ts';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const app = serverWithMail();

const DAY = 24 * 60 * 60 * 1000;
const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });

interface Review {
  due: Array<{ id: string; box: number; question: string }>;
  upcoming: number;
  nextDueAt: string | null;
}

describe('review and account data', () => {
  beforeAll(app.start);
  afterAll(app.stop);

  it('a missed question enters review, is due after 1 day, then moves up or back a box on the Leitner schedule', async () => {
    const { client } = await createLearner(app.server.url, app.resend);
    const [lesson] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/credit/beginner')).body;
    const answers = correctAnswers(lesson.slug);
    const t0 = Date.now();
    // Miss question 2 only.
    const r = await client.post(`/api/lesson/${lesson.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(answers.map((a, i) => (i === 1 ? (a + 1) % 4 : a))),
    }, { headers: at(t0) });
    assertEquals(r.status, 201);

    const now = await client.get<Review>('/api/review', at(t0 + 1000));
    assertEquals([now.body.due.length, now.body.upcoming], [0, 1]);
    const item = (await client.get<Review>('/api/review', at(t0 + DAY + 1000))).body.due;
    assertEquals(item.length, 1);
    assertEquals(item[0].box, 1);
    const early = await client.post(`/api/review/${item[0].id}/answer`, { userAnswer: answers[1] }, {
      headers: at(t0 + 1000),
    });
    assertEquals(early.status, 409);

    // Right: up to box 2, due in 3 days. A double submit does not move it twice.
    const right = await client.post<{ correct: boolean; box: number; explanation: string; correctAnswer: number }>(
      `/api/review/${item[0].id}/answer`,
      { userAnswer: answers[1] },
      { headers: at(t0 + DAY + 2000) },
    );
    assertEquals([right.body.correct, right.body.box, right.body.correctAnswer], [true, 2, answers[1]]);
    assert(right.body.explanation.length > 10);
    assertEquals(
      (await client.post(`/api/review/${item[0].id}/answer`, { userAnswer: answers[1] }, {
        headers: at(t0 + DAY + 3000),
      })).status,
      409,
    );
    assertEquals((await client.get<Review>('/api/review', at(t0 + DAY + 2 * DAY))).body.due.length, 0);
    // Wrong in box 2: back to box 1.
    const wrongAt = t0 + DAY + 3 * DAY + 5000;
    const wrong = await client.post<{ correct: boolean; box: number }>(`/api/review/${item[0].id}/answer`, {
      userAnswer: (answers[1] + 1) % 4,
    }, { headers: at(wrongAt) });
    assertEquals([wrong.body.correct, wrong.body.box], [false, 1]);
    // Right twice (1 → 2 → 3), then wrong in box 3: back one box to 2, due in 3 days (not 1).
    let t = wrongAt;
    const answerAt = (userAnswer: number, when: number) =>
      client.post<{ box: number; retired: boolean; dueAt: string }>(
        `/api/review/${item[0].id}/answer`,
        { userAnswer },
        { headers: at(when) },
      );
    for (const [wait, box] of [[1, 2], [3, 3]] as const) {
      t += wait * DAY + 1000;
      const step = await answerAt(answers[1], t);
      assertEquals([step.body.box, step.body.retired], [box, false]);
    }
    t += 7 * DAY + 1000;
    const back = await answerAt((answers[1] + 1) % 4, t);
    assertEquals([back.body.box, back.body.retired, back.body.dueAt], [2, false, new Date(t + 3 * DAY).toISOString()]);
    assertEquals((await client.get<Review>('/api/review', at(t + 3 * DAY - 1000))).body.due.length, 0);
    assertEquals((await client.get<Review>('/api/review', at(t + 3 * DAY))).body.due[0]?.box, 2);
    // Right three times in a row (2 → 3 → 4 → retired below).
    for (const [wait, box] of [[3, 3], [7, 4]] as const) {
      t += wait * DAY + 1000;
      const step = await answerAt(answers[1], t);
      assertEquals([step.body.box, step.body.retired], [box, false]);
    }
    t += 14 * DAY + 1000;
    const last = await client.post<{ retired: boolean }>(
      `/api/review/${item[0].id}/answer`,
      { userAnswer: answers[1] },
      { headers: at(t) },
    );
    assertEquals(last.body.retired, true);
    const after = await client.get<Review>('/api/review', at(t + 100 * DAY));
    assertEquals([after.body.due.length, after.body.upcoming], [0, 0]);
    // Another learner cannot answer this item.
    const other = await createLearner(app.server.url, app.resend);
    assertEquals((await other.client.post(`/api/review/${item[0].id}/answer`, { userAnswer: 0 })).status, 404);
    assertEquals((await other.client.post('/api/review/not-an-id/answer', { userAnswer: 0 })).status, 404);
    assertEquals((await other.client.post(`/api/review/${item[0].id}/answer`, { userAnswer: 9 })).status, 400);
  });

  it("the export holds the learner's data and no secrets; deletion removes it and frees the e-mail", async () => {
    const { client, email, password } = await createLearner(app.server.url, app.resend);
    // Two answers, by the values the current assessment file gives its options (the third option of question 1, the first of question 5).
    const assessment = parseYaml(
      Deno.readTextFileSync(new URL('../../db/content/assessment.yaml', import.meta.url)),
    ) as { questions: Array<{ id: number; options: Array<{ value: string }> }> };
    const optionValue = (id: number, index: number) =>
      assessment.questions.find((q) => q.id === id)!.options[index].value;
    const submitted = await client.post('/api/assessment/submit', {
      answers: { 1: optionValue(1, 2), 5: optionValue(5, 0) },
    });
    assertEquals(submitted.status, 201);
    const [lesson] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
    await client.post(`/api/lesson/${lesson.id}/complete`, {
      attemptId: crypto.randomUUID(),
      quizResponses: responses(correctAnswers(lesson.slug)),
    });
    const exported = await client.get<
      {
        user: { email: string };
        assessments: unknown[];
        quizAttempts: Array<
          {
            lessonTitle: string;
            score: number;
            responses: Array<{ questionId: number; question: string; isCorrect: boolean; explanation: string }>;
          }
        >;
        lessonProgress: unknown[];
        badges: unknown[];
        emails: unknown[];
      }
    >('/api/account/export');
    assertEquals(exported.status, 200);
    assertMatch(exported.headers.get('content-disposition') ?? '', /attachment/);
    assertEquals(exported.body.user.email, email);
    assertEquals(exported.body.assessments.length, 1);
    assertEquals(exported.body.quizAttempts.length, 1);
    assertEquals(exported.body.quizAttempts[0].score, correctAnswers(lesson.slug).length, 'every question right');
    const asked =
      (await client.get<{ questions: Array<{ id: number; question: string }> }>(`/api/lesson/${lesson.id}`)).body
        .questions;
    assertEquals(
      exported.body.quizAttempts[0].responses.map((
        r,
      ) => [r.questionId, r.question, r.isCorrect, r.explanation.length > 0]),
      asked.map((q) => [q.id, q.question, true, true]),
      'each answer with the question as it was asked',
    );
    assertEquals(exported.body.lessonProgress.length, 1);
    assert(exported.body.emails.length >= 1);
    assert(
      !/passwordHash|password_hash|secretHash|token_hash|\$argon2/.test(exported.text),
      'no secrets in the export',
    );

    const wrong = await client.post('/api/account/delete', { password: 'not-my-password' });
    assertEquals(wrong.status, 403);
    assertEquals((await client.get('/api/auth/user')).status, 200, 'still there');
    const crossSite = await client.post('/api/account/delete', { password }, { origin: 'https://evil.example' });
    assertEquals(crossSite.status, 403);
    const deleted = await client.post('/api/account/delete', { password });
    assertEquals(deleted.status, 200);
    assertEquals((await client.get('/api/auth/user')).status, 401);
    const fresh = new Client(app.server.url);
    assertEquals((await fresh.post('/api/login-email', { email, password })).status, 401);
    const confirmations = (m: { to: string[]; subject: string }) =>
      m.to.includes(email) && m.subject === 'Confirm your e-mail address';
    const before = app.resend.delivered.filter(confirmations).length;
    const again = await fresh.post('/api/signup', {
      email,
      password,
      firstName: 'Back',
      lastName: 'Again',
      phoneNumber: '+15551234567',
    });
    assertEquals(again.status, 200);
    // A new confirmation arrives (greeting no one by name: the address is not verified yet).
    await app.resend.waitFor(() => app.resend.delivered.filter(confirmations).length > before);
    const mail = app.resend.delivered.filter(confirmations).at(-1);
    assert(
      mail.text.includes('Hi,') && !mail.text.includes('Back'),
      'no user-chosen name in a mail to an unverified address',
    );
    assertEquals((await new Client(app.server.url).get('/api/account/export')).status, 401);
  });
});
