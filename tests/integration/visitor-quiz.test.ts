// A visitor's quiz (issue 42) over HTTP, on PGlite and on PostgreSQL when DATABASE_URL is set:
// per-answer feedback without an account (beginner lessons only, rate-limited), the result sent
// with the sign-up, kept with the unverified account and counted once at verification, from
// whichever browser verifies, however often the sign-up is retried.
import postgres from 'postgres';
import { assert, assertEquals } from '../helpers/assert.ts';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { databaseKinds } from '../helpers/database.ts';
import { libraryServer } from '../helpers/library.ts';
import { correctAnswers, lessonAt, responses } from '../helpers/learners.ts';
import { linkIn } from '../helpers/resend-double.mjs';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const lessonIdOf = async (client: Client, slug: string) =>
  Number((await client.get(`/learn/${slug}`)).text.match(/data-lesson-id="(\d+)"/)?.[1]);

for (const kind of databaseKinds()) {
  describe(`${kind}: a visitor's quiz`, () => {
    const app = libraryServer(kind);
    beforeAll(app.start);
    afterAll(app.stop);

    it('feedback per answer for beginner lessons only; bad input is a 4xx', async () => {
      const visitor = new Client(app.url);
      const first = lessonAt('saving', 'beginner', 1);
      const id = await lessonIdOf(visitor, first.slug);
      const answer = correctAnswers(first.slug)[0];
      const attemptId = crypto.randomUUID();
      const right = await visitor.post<{ isCorrect: boolean; correctAnswer: number; explanation: string }>(
        `/api/learn/${id}/check`,
        { attemptId, questionId: 1, userAnswer: answer },
      );
      assertEquals([right.status, right.body.isCorrect, right.body.correctAnswer], [200, true, answer]);
      assert(right.body.explanation.length > 10);
      const wrong = await visitor.post<{ isCorrect: boolean }>(`/api/learn/${id}/check`, {
        attemptId,
        questionId: 1,
        userAnswer: (answer + 1) % 4,
      });
      assertEquals([wrong.status, wrong.body.isCorrect], [200, false]);

      const advanced = await lessonIdOf(visitor, lessonAt('credit', 'advanced', 1).slug);
      assertEquals(
        (await visitor.post(`/api/learn/${advanced}/check`, { attemptId, questionId: 1, userAnswer: 0 })).status,
        404,
      );
      assertEquals(
        (await visitor.post(`/api/learn/${id}/check`, { attemptId, questionId: 999, userAnswer: 0 })).status,
        400,
      );
      assertEquals(
        (await visitor.post(`/api/learn/${id}/check`, { attemptId: 'x', questionId: 1, userAnswer: 0 })).status,
        400,
      );
      assertEquals(
        (await visitor.post(`/api/learn/${id}/check`, { attemptId, questionId: 1, userAnswer: 7 })).status,
        400,
      );
      assertEquals(
        (await visitor.post('/api/learn/abc/check', { attemptId, questionId: 1, userAnswer: 0 })).status,
        404,
      );
      // Another origin cannot post (the CSRF check).
      assertEquals(
        (await visitor.request(`/api/learn/${id}/check`, {
          method: 'POST',
          json: { attemptId, questionId: 1, userAnswer: 0 },
          origin: 'https://evil.example',
        })).status,
        403,
      );
    });

    it('a passed quiz sent with the sign-up is kept, then counted exactly once when another browser verifies', async () => {
      const visitor = new Client(app.url);
      const first = lessonAt('saving', 'beginner', 2);
      const id = await lessonIdOf(visitor, first.slug);
      const advanced = await lessonIdOf(visitor, lessonAt('credit', 'advanced', 1).slug);
      const result = {
        lessonId: id,
        attemptId: crypto.randomUUID(),
        quizResponses: responses(correctAnswers(first.slug)),
        durationMs: 90_000,
      };
      // One that cannot count: not a beginner lesson (left out, not refused).
      const notBeginner = { ...result, lessonId: advanced, attemptId: crypto.randomUUID() };
      const email = uniqueEmail('visitor');
      const password = strongPassword();
      const signup = { email, password, firstName: 'Vi', lastName: 'Sitor', quizResults: [result, notBeginner] };
      assertEquals((await visitor.post('/api/signup', signup)).status, 200);
      // "Save your progress" pressed again: the same results, no second copy.
      assertEquals((await visitor.post('/api/signup', signup)).status, 200);
      assertEquals((await visitor.post('/api/signup', { ...signup, quizResults: 'no' })).status, 400);

      if (app.databaseUrl) {
        const sql = postgres(app.databaseUrl, { max: 1, onnotice: () => {} });
        try {
          const rows = await sql`select r.lesson_id, r.counted_at, u.email_verified_at from visitor_quiz_results r
            join users u on u.id = r.user_id where u.email = ${email}`;
          assertEquals(rows.map((r) => [r.lesson_id, r.counted_at, r.email_verified_at]), [[id, null, null]]);
        } finally {
          await sql.end();
        }
      }

      // Verified from another browser, with the sign-up password.
      const mail = await app.resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      const token = linkIn(mail, '/verify-email?token=').searchParams.get('token');
      const elsewhere = new Client(app.url);
      const verified = await elsewhere.post('/api/verify-email', { token, password });
      assertEquals(verified.status, 200, verified.text);
      // A used link says the address is already confirmed (issue 53), and counts nothing again.
      const again = await elsewhere.post<{ alreadyVerified?: boolean }>('/api/verify-email', { token, password });
      assertEquals([again.status, again.body.alreadyVerified], [200, true]);

      const list = await elsewhere.get<
        Array<{ id: number; completed: boolean; completionData: { attempts: number } | null }>
      >(
        '/api/lessons/saving/beginner',
      );
      const done = list.body.find((l) => l.id === id);
      assertEquals([done?.completed, done?.completionData?.attempts], [true, 1]);
      // The account's data says where that completion came from.
      const exported = await elsewhere.get<
        { quizzesBeforeSignUp: Array<{ lessonId: number; countedAt: string | null }> }
      >(
        '/api/account/export',
      );
      assertEquals(exported.body.quizzesBeforeSignUp.map((r) => [r.lessonId, r.countedAt !== null]), [[id, true]]);
      // Lesson 2 counts although the level's order had not opened it: a beginner quiz is open to everyone.
      assertEquals(list.body.find((l) => l.completed && l.id !== id), undefined);
    });
  });
}
