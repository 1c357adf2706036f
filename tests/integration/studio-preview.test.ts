// "Preview as a learner" over HTTP on each database (issue 43): the draft's page through the
// learner's lesson components, and its quiz graded against the draft's own questions (a key changed
// only in the draft, a question new in the draft numbered by its position) while nothing is recorded.
import postgres from 'postgres';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { migrateDatabase, openDatabase } from '../../db/client.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { Client, strongPassword } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

interface Question {
  id?: number;
  question: string;
  options: string[];
  correctAnswer: number;
  explanation: string;
}
interface Draft {
  id: number;
  revision: number;
  content: Record<string, unknown> & { questions: Question[]; sources: unknown; reviewedAt: unknown };
}
interface Checked {
  questionId: number;
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
  explanation: string;
}

const AUTHOR = 'preview.writer@example.com';
const ADMIN = 'preview.chief@example.com';
const RECORDS = ['quiz_attempts', 'lesson_progress', 'learner_days', 'review_items', 'quiz_checks', 'lesson_reads'];

for (const kind of databaseKinds()) {
  describe(`the studio's draft preview (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    let author: Client;
    let admin: Client;
    let learner: Client;
    let lessonId: number;

    async function signUp(email: string): Promise<Client> {
      const client = new Client(server.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'Pat',
        lastName: 'Preview',
        phoneNumber: '+15551234567',
      });
      const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
      return client;
    }
    /** Rows in the tables a learner's quiz writes to (PostgreSQL: read beside the server). */
    async function records(): Promise<Record<string, number> | null> {
      if (!database) return null;
      const sql = postgres(database.url, { max: 1, onnotice: () => {} });
      try {
        const counts: Record<string, number> = {};
        for (const table of RECORDS) {
          counts[table] = (await sql.unsafe(`select count(*)::int as n from ${table}`))[0].n as number;
        }
        return counts;
      } finally {
        await sql.end();
      }
    }

    beforeAll(async () => {
      resend = await startResendDouble();
      if (kind === 'postgres') {
        database = await createDatabaseOnServer();
        const handle = await openDatabase({ url: database.url, max: 1 });
        await migrateDatabase(handle);
        await handle.close();
      }
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          ADMIN_EMAILS: ADMIN,
          AUTHOR_EMAILS: `${AUTHOR},${ADMIN}`,
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
      author = await signUp(AUTHOR);
      admin = await signUp(ADMIN);
      learner = (await createLearner(server.url, resend)).client;
      lessonId = (await learner.get<Array<{ id: number }>>('/api/lessons/saving/beginner')).body[0].id;
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      if (database) await database.drop().catch(() => {});
    });

    it(`${kind}: the quiz is graded by the draft's key, a new question by its position, and nothing is recorded`, async () => {
      const opened = await author.post<Draft>(`/api/studio/lessons/${lessonId}/draft`);
      assertEquals(opened.status, 200, opened.text);
      const draft = opened.body;
      const [first, ...rest] = draft.content.questions;
      const published = first.correctAnswer;
      const changed = (published + 1) % first.options.length;
      const added: Question = {
        question: 'Which one is new in this draft?',
        options: ['This one', 'Not this one', 'Nor this one', 'None of them'],
        correctAnswer: 0,
        explanation: 'It was added to the draft and has no id yet.',
      };
      const { sources, reviewedAt, ...lesson } = draft.content;
      const saved = await author.request<Draft>(`/api/studio/drafts/${draft.id}`, {
        method: 'PUT',
        json: {
          revision: draft.revision,
          lesson: { ...lesson, questions: [{ ...first, correctAnswer: changed }, ...rest, added] },
          sources,
          reviewedAt,
        },
      });
      assertEquals(saved.status, 200, saved.text);
      const total = draft.content.questions.length + 1;

      const before = await records();
      const attemptId = crypto.randomUUID();
      const check = (client: Client, questionId: number, userAnswer: number) =>
        client.post<Checked>(`/api/studio/drafts/${draft.id}/check`, { attemptId, questionId, userAnswer });
      const right = await check(author, 1, changed);
      assertEquals(right.status, 200, right.text);
      assertEquals(right.body.isCorrect, true, 'the draft key grades it');
      assertEquals(right.body.correctAnswer, changed);
      assertEquals(right.body.explanation, first.explanation);
      const old = await check(admin, 1, published);
      assertEquals([old.status, old.body.isCorrect], [200, false], 'the published key no longer does');
      // Checking again in the same attempt answers again: a preview keeps no first answer.
      assertEquals((await check(author, 1, published)).body.isCorrect, false);
      const fresh = await check(author, total, 0);
      assertEquals([fresh.status, fresh.body.isCorrect], [200, true], 'the new question is number ' + total);

      const answers = (pick: (q: Question, i: number) => number) =>
        [...draft.content.questions.slice(1), added].map((q, i) => ({ questionId: i + 2, userAnswer: pick(q, i) }));
      const pass = await author.post<Record<string, unknown>>(`/api/studio/drafts/${draft.id}/complete`, {
        attemptId,
        quizResponses: [{ questionId: 1, userAnswer: changed }, ...answers((q) => q.correctAnswer)],
        durationMs: 5000,
      });
      assertEquals(pass.status, 200, pass.text);
      assertEquals([pass.body.passed, pass.body.score, pass.body.totalQuestions], [true, total, total]);
      assertEquals([pass.body.badgesEarned, pass.body.nextLesson, pass.body.daily], [[], null, null]);
      const fail = await admin.post<Record<string, unknown>>(`/api/studio/drafts/${draft.id}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: [{ questionId: 1, userAnswer: published }, ...answers((q) => (q.correctAnswer + 1) % 2)],
      });
      assertEquals([fail.status, fail.body.passed, fail.body.score], [200, false, 0], fail.text);

      if (before) assertEquals(await records(), before, 'no attempt, progress, day, review item, check or read');
      // The learner-facing traces of the author (the same on PGlite): no progress, no streak.
      const mine = await author.get<Array<{ id: number; completed: boolean; completionData: unknown }>>(
        '/api/lessons/saving/beginner',
      );
      const row = mine.body.find((l) => l.id === lessonId)!;
      assertEquals([row.completed, row.completionData], [false, null]);
      // The published lesson still grades by its own key.
      const live = await author.post<Checked>(`/api/lesson/${lessonId}/check`, {
        attemptId: crypto.randomUUID(),
        questionId: first.id,
        userAnswer: published,
      });
      assertEquals([live.status, live.body.isCorrect], [200, true], live.text);
    });

    it(`${kind}: authors and admins may preview; a learner gets 403, signed out 401 (the page: sign in); bad input is a 4xx`, async () => {
      const draft = (await author.post<Draft>(`/api/studio/lessons/${lessonId}/draft`)).body;
      const anonymous = new Client(server.url);
      const body = { attemptId: crypto.randomUUID(), questionId: 1, userAnswer: 0 };
      const complete = { attemptId: crypto.randomUUID(), quizResponses: [{ questionId: 1, userAnswer: 0 }] };
      for (const [path, json] of [['check', body], ['complete', complete]] as const) {
        const url = `/api/studio/drafts/${draft.id}/${path}`;
        assertEquals((await learner.post(url, json)).status, 403, `learner ${path}`);
        assertEquals((await anonymous.post(url, json)).status, 401, `anonymous ${path}`);
        assertEquals((await author.request(url, { method: 'POST', json, origin: 'https://evil.example' })).status, 403);
      }
      assertEquals((await admin.post(`/api/studio/drafts/${draft.id}/check`, body)).status, 200);

      const page = `/studio/drafts/${draft.id}/preview`;
      const shown = await author.get(page);
      assertEquals(shown.status, 200);
      assert(shown.text.includes('Preview of a draft — nothing is recorded'), 'the banner');
      assert(shown.text.includes(`href="/studio/drafts/${draft.id}"`), 'the way back to the draft');
      assert(shown.text.includes('class="lesson"'), "the learner's lesson article");
      assert(!shown.text.includes('Report a problem with step'), 'nothing to report in a preview');
      assertEquals((await admin.get(page)).status, 200);
      assertEquals((await learner.get(page)).status, 403);
      const out = await anonymous.get(page);
      assertEquals(out.status, 302);
      assert(out.headers.get('location')?.startsWith('/login'), 'sign in first');
      assertEquals((await author.get('/studio/drafts/999999/preview')).status, 404);

      const bad: Array<[string, unknown, number]> = [
        ['check', { ...body, questionId: 999 }, 400],
        ['check', { ...body, userAnswer: 7 }, 400],
        ['check', { questionId: 1 }, 400],
        ['complete', complete, 400],
        ['complete', { ...complete, quizResponses: 'all' }, 400],
      ];
      for (const [path, json, status] of bad) {
        const r = await author.post<{ message?: string }>(`/api/studio/drafts/${draft.id}/${path}`, json);
        assertEquals(r.status, status, `${path} ${JSON.stringify(json)}: ${r.text}`);
        assert(r.body.message, 'a message');
      }
      assertEquals((await author.post('/api/studio/drafts/999999/check', body)).status, 404);
      const garbled = (await author.post('/api/studio/drafts/abc/check', body)).status;
      assert(garbled >= 400 && garbled < 500, `a 4xx for a garbled id, not ${garbled}`);
    });
  });
}
