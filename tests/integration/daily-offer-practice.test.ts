// A reason to come back every day (issue 40), on each database: the one-time offer of the streak
// reminder after the first pass, and "Practise now" when nothing is due (answers explained, no box
// moved, the round credited to the daily goal).
import { eq } from 'drizzle-orm';
import { assert, assertEquals, assertMatch, assertRejects } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses, wrong } from '../helpers/learners.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { HttpError } from '../../src/lib/server/platform/http.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { answerReminderOffer, loadReminderOffer } from '../../src/lib/server/learning/learner-settings.ts';
import { lessonProgress, lessons, users } from '../../db/schema.ts';
import { PRACTICE_ROUND } from '../../src/lib/practice.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

Deno.env.set('LOG_LEVEL', 'warn');

interface Offer {
  offer: boolean;
  remindStreak: boolean;
  answer: 'accepted' | 'declined' | null;
}
interface Practice {
  questions: Array<{ lessonId: number; questionId: number; missed: boolean; options: string[] }>;
}
interface Settings {
  remindStreak: boolean;
  daily: { today: { lessons: number; reviews: number; done: number; goal: number; met: boolean } };
}

for (const kind of databaseKinds()) {
  describe(`the streak reminder offer on the domain module (${kind})`, () => {
    it(`${kind}: an unverified address is never offered the reminder, and its answer is refused`, async () => {
      const test: TestDatabase = await createTestDatabase(kind);
      setDatabaseHandle(test.handle);
      try {
        await loadContent(test.handle.db);
        const db = test.handle.db;
        const [user] = await db
          .insert(users)
          .values({ email: `u.${crypto.randomUUID().slice(0, 6)}@example.com`, firstName: 'U', lastName: 'L' })
          .returning();
        const [lesson] = await db.select({ id: lessons.id }).from(lessons).limit(1);
        await db.insert(lessonProgress).values({ userId: user.id, lessonId: lesson.id, completed: true });
        assertEquals((await loadReminderOffer(user.id))?.offer, false);
        const refused = await assertRejects(() => answerReminderOffer(user.id, true), HttpError);
        assertEquals(refused.status, 403);
        const [after] = await db.select().from(users).where(eq(users.id, user.id));
        assertEquals([after.remindStreak, after.reminderOffer], [false, null]);
        // Once verified, the same learner is asked.
        await db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, user.id));
        assertEquals((await loadReminderOffer(user.id))?.offer, true);
      } finally {
        await test.drop();
      }
    });
  });

  describe(`the reminder offer and practice over HTTP (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: TestDatabase | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createTestDatabase('postgres') : null;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      if (database) await database.drop().catch(() => {});
    });

    async function beginner(client: Client) {
      return (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
    }
    async function complete(client: Client, lessonId: number, answers: number[]) {
      const res = await client.post(`/api/lesson/${lessonId}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: responses(answers),
      });
      assertEquals(res.status, 201);
    }

    it(`${kind} server: the offer comes after the first pass; no is remembered, yes turns the streak reminder on; bad input is a 4xx`, async () => {
      const anonymous = new Client(server.url);
      assertEquals((await anonymous.get('/api/user/reminder-offer')).status, 401);
      assertEquals((await anonymous.post('/api/user/reminder-offer', { accept: true })).status, 401);

      const declining = await createLearner(server.url, resend);
      const offer = () => declining.client.get<Offer>('/api/user/reminder-offer');
      assertEquals((await offer()).body, { offer: false, remindStreak: false, answer: null }, 'not before a pass');
      const bad = await declining.client.post<{ errors: Record<string, string> }>('/api/user/reminder-offer', {
        accept: 'yes',
      });
      assertEquals(bad.status, 400);
      assertMatch(bad.body.errors.accept, /true or false/);
      assertEquals((await declining.client.post('/api/user/reminder-offer', {})).status, 400);
      assertEquals(
        (await declining.client.request('/api/user/reminder-offer', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          json: undefined,
        })).status,
        400,
      );
      assertEquals(
        (await declining.client.post('/api/user/reminder-offer', { accept: false }, { origin: 'https://evil.example' }))
          .status,
        403,
        'the CSRF check',
      );

      const [first] = await beginner(declining.client);
      await complete(declining.client, first.id, correctAnswers(first.slug));
      assertEquals((await offer()).body.offer, true, 'asked after the first pass');
      const no = await declining.client.post<Offer>('/api/user/reminder-offer', { accept: false });
      assertEquals([no.status, no.body.offer, no.body.answer], [200, false, 'declined']);
      assertEquals((await offer()).body.offer, false, 'never asked again');
      assertEquals((await declining.client.get<Settings>('/api/user/settings')).body.remindStreak, false);

      const accepting = await createLearner(server.url, resend);
      const [lesson] = await beginner(accepting.client);
      await complete(accepting.client, lesson.id, correctAnswers(lesson.slug));
      const yes = await accepting.client.post<Offer>('/api/user/reminder-offer', { accept: true });
      assertEquals(yes.body, { offer: false, remindStreak: true, answer: 'accepted' });
      assertEquals((await accepting.client.get<Settings>('/api/user/settings')).body.remindStreak, true);
      // Turned off later in /account: the offer does not come back.
      await accepting.client.post('/api/user/settings', { remindStreak: false });
      assertEquals((await accepting.client.get<Offer>('/api/user/reminder-offer')).body.offer, false);
    });

    it(`${kind} server: practice with nothing due asks missed questions first, explains answers, moves no box and credits the goal once`, async () => {
      const anonymous = new Client(server.url);
      assertEquals((await anonymous.get('/api/review/practice')).status, 401);
      const { client } = await createLearner(server.url, resend);
      assertEquals((await client.get<Practice>('/api/review/practice')).body.questions, [], 'nothing before a quiz');

      const [first, second, third] = await beginner(client);
      const answers = correctAnswers(first.slug);
      await complete(client, first.id, wrong(answers));
      await complete(client, first.id, answers);
      await complete(client, second.id, correctAnswers(second.slug));
      const queue = (await client.get<{ due: unknown[]; upcoming: number; nextDueAt: string }>('/api/review')).body;
      assertEquals([queue.due.length, queue.upcoming], [0, answers.length], 'nothing is due yet');

      const round = (await client.get<Practice>('/api/review/practice')).body.questions;
      assertEquals(round.length, Math.min(PRACTICE_ROUND, answers.length + correctAnswers(second.slug).length));
      assertEquals(round.slice(0, answers.length).every((q) => q.missed && q.lessonId === first.id), true);
      assertEquals(round.slice(answers.length).every((q) => !q.missed && q.lessonId === second.id), true);

      const before = (await client.get<Settings>('/api/user/settings')).body.daily.today;
      const missed = round[0];
      const right = await client.post<{ correct: boolean; correctAnswer: number; explanation: string }>(
        '/api/review/practice',
        { lessonId: missed.lessonId, questionId: missed.questionId, userAnswer: answers[missed.questionId - 1] },
      );
      assertEquals([right.status, right.body.correct, right.body.correctAnswer], [
        200,
        true,
        answers[missed.questionId - 1],
      ]);
      assert(right.body.explanation.length > 0, 'the answer is explained');
      const miss = await client.post<{ correct: boolean }>('/api/review/practice', {
        lessonId: round[1].lessonId,
        questionId: round[1].questionId,
        userAnswer: (answers[round[1].questionId - 1] + 1) % 4,
      });
      assertEquals([miss.status, miss.body.correct], [200, false]);

      // No box moved: the queue is as it was, and two days on every question is due in box 1.
      const after = (await client.get<{ due: unknown[]; upcoming: number; nextDueAt: string }>('/api/review')).body;
      assertEquals(after, queue);
      const later = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000).toISOString();
      const due = (await client.get<{ due: Array<{ box: number }> }>('/api/review', { 'x-test-now': later })).body.due;
      assertEquals(due.map((d) => d.box), answers.map(() => 1));

      // The finished round counts toward today's goal, once.
      const finish = await client.post<{ counted: boolean; daily: Settings['daily'] }>('/api/review/finish', {});
      assertEquals([finish.body.counted, finish.body.daily.today.reviews], [true, before.reviews + 1]);
      assertEquals((await client.post<{ counted: boolean }>('/api/review/finish', {})).body.counted, false);

      // Bad input is a 4xx: wrong types, an option out of range, a question not passed or missed.
      const bad = await client.post<{ errors: Record<string, string> }>('/api/review/practice', {
        lessonId: 'x',
        questionId: 1.5,
        userAnswer: 7,
      });
      assertEquals(bad.status, 400);
      assertEquals(Object.keys(bad.body.errors).sort(), ['lessonId', 'questionId', 'userAnswer']);
      assertEquals((await client.post('/api/review/practice', {})).status, 400);
      const notPassed = { lessonId: third.id, questionId: 1, userAnswer: 0 };
      assertEquals((await client.post('/api/review/practice', notPassed)).status, 404);
      assertEquals(
        (await client.post('/api/review/practice', { lessonId: 999999, questionId: 1, userAnswer: 0 })).status,
        404,
      );
      assertEquals(
        (await client.post('/api/review/practice', notPassed, { origin: 'https://evil.example' })).status,
        403,
      );
    });
  });
}
