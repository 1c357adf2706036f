// Learners' reports (issue 43) over HTTP on each database: a report on a question or a step with
// each field checked, 20 a day, notes kept as text; the studio inbox behind the role check on every
// call; status changes ("fixed" linked to a lesson version) and the reply reaching the learner's
// dashboard until dismissed.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { Client, strongPassword } from '../helpers/client.ts';
import { createLearner } from '../helpers/learners.ts';
import { linkIn } from '../helpers/resend-double.mjs';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { lessonReports, lessons, users } from '../../db/schema.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { createReport } from '../../src/lib/server/learning/reports.ts';
import { HttpError } from '../../src/lib/server/platform/http.ts';
import { REPORT_REASONS, REPORT_STATUSES, REPORTS_PER_DAY } from '../../src/lib/reports.ts';

interface InboxReport {
  id: number;
  questionId: number | null;
  step: number | null;
  subjectText: string | null;
  lessonVersion: number;
  reason: string;
  note: string;
  status: string;
  fixedInVersion: number | null;
  reply: string | null;
  replyRead: boolean;
}
interface Inbox {
  filter: string;
  counts: Record<string, number>;
  lessons: Array<{ lessonId: number; title: string; version: number; reports: InboxReport[] }>;
  truncated: boolean;
}
interface Dashboard {
  replies: Array<{ id: number; lessonTitle: string; questionId: number | null; status: string; reply: string }>;
}
type Listed = Array<{ id: number; slug: string; title: string; orderIndex: number }>;

const ADMIN = () => `studio.${crypto.randomUUID().slice(0, 6)}@example.com`;
const allReports = (inbox: Inbox) => inbox.lessons.flatMap((l) => l.reports);

for (const kind of databaseKinds()) {
  describe(`the day's limit under concurrent reports (${kind})`, () => {
    it(`${kind}: ${REPORTS_PER_DAY + 10} reports at the same moment: exactly ${REPORTS_PER_DAY} are recorded`, async () => {
      const test: TestDatabase = await createTestDatabase(kind);
      setDatabaseHandle(test.handle);
      try {
        const db = test.handle.db;
        await loadContent(db);
        const [user] = await db
          .insert(users)
          .values({ email: `r.${crypto.randomUUID().slice(0, 6)}@example.com`, firstName: 'R', lastName: 'L' })
          .returning();
        const [lesson] = await db.select({ id: lessons.id }).from(lessons).limit(1);
        const now = new Date();
        const outcomes = await Promise.allSettled(
          Array.from(
            { length: REPORTS_PER_DAY + 10 },
            () => createReport(user.id, { lessonId: lesson.id, step: 1, reason: 'typo', note: '' }, now),
          ),
        );
        const refused = outcomes.filter((o) => o.status === 'rejected');
        assertEquals(outcomes.length - refused.length, REPORTS_PER_DAY);
        for (const r of refused) assertEquals(((r as PromiseRejectedResult).reason as HttpError).status, 429);
        assertEquals((await db.select().from(lessonReports)).length, REPORTS_PER_DAY);
      } finally {
        await test.drop();
      }
    });
  });

  describe(`learners' reports and the studio inbox (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: TestDatabase | null = null;
    let server: Awaited<ReturnType<typeof startServer>>;
    const adminEmail = ADMIN();
    const authorEmail = ADMIN();
    let admin: Client;
    let author: Client;
    let lesson: { id: number; title: string };

    async function signUpStaff(email: string, role: 'admin' | 'author'): Promise<Client> {
      const client = new Client(server.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'Ada',
        lastName: 'Author',
        phoneNumber: '+15551234567',
      });
      const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      await client.post('/api/verify-email', { token: linkIn(mail, '/verify-email?token=').searchParams.get('token') });
      assertEquals((await client.get('/api/auth/user')).body.role, role);
      return client;
    }

    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createTestDatabase('postgres') : null;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          ADMIN_EMAILS: adminEmail,
          AUTHOR_EMAILS: authorEmail,
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
      admin = await signUpStaff(adminEmail, 'admin');
      author = await signUpStaff(authorEmail, 'author');
      const list = (await admin.get<Listed>('/api/lessons/saving/beginner')).body;
      lesson = list.sort((a, b) => a.orderIndex - b.orderIndex)[0];
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      await database?.drop();
    });

    it(`${kind}: the reasons and statuses of the rules are the table's`, () => {
      assertEquals([...lessonReports.reason.enumValues], [...REPORT_REASONS]);
      assertEquals([...lessonReports.status.enumValues], [...REPORT_STATUSES]);
    });

    it(`${kind}: a learner reports a question or a step; every bad field is a 400 that records nothing`, async () => {
      const { client } = await createLearner(server.url, resend);
      const good = { lessonId: lesson.id, questionId: 1, reason: 'wrong_answer', note: 'Option B looks right too.' };
      const created = await client.post<{ id: number }>('/api/reports', good);
      assertEquals(created.status, 201);
      assert(created.body.id > 0);
      const step = await client.post('/api/reports', { lessonId: lesson.id, step: 1, reason: 'typo' });
      assertEquals(step.status, 201);

      const bad: Array<[Record<string, unknown>, string, number]> = [
        [{ ...good, lessonId: 'one' }, 'lessonId', 400],
        [{ ...good, lessonId: 0 }, 'lessonId', 400],
        [{ ...good, questionId: 1.5 }, 'questionId', 400],
        [{ ...good, questionId: 999 }, 'questionId', 400],
        [{ ...good, questionId: undefined }, 'questionId', 400],
        [{ ...good, step: 2 }, 'questionId', 400],
        [{ lessonId: lesson.id, step: 500, reason: 'typo' }, 'step', 400],
        [{ ...good, reason: 'spam' }, 'reason', 400],
        [{ ...good, reason: undefined }, 'reason', 400],
        [{ ...good, note: 42 }, 'note', 400],
        [{ ...good, note: 'x'.repeat(1001) }, 'note', 400],
        [{ ...good, lessonVersion: 99 }, 'lessonVersion', 400],
        [{ ...good, extra: true }, 'body', 400],
      ];
      for (const [body, field, status] of bad) {
        const res = await client.post<{ message: string; errors?: Record<string, string> }>('/api/reports', body);
        assertEquals(res.status, status, `${JSON.stringify(body).slice(0, 80)} → ${res.status}`);
        assert(res.body.message, 'a clear message');
        if (field !== 'body') assert(res.body.errors?.[field], `${field} is named: ${JSON.stringify(res.body)}`);
      }
      const missing = await client.post('/api/reports', { ...good, lessonId: 999_999 });
      assertEquals(missing.status, 404);
      const note1000 = await client.post('/api/reports', { ...good, note: 'y'.repeat(1000) });
      assertEquals(note1000.status, 201, 'a note of exactly 1,000 characters is taken');
      const signedOut = await new Client(server.url).post('/api/reports', good);
      assertEquals(signedOut.status, 401);
      const foreign = await client.post('/api/reports', good, { origin: 'https://evil.example' });
      assertEquals(foreign.status, 403, 'the CSRF check applies');

      const inbox = (await admin.get<Inbox>('/api/studio/reports?status=all')).body;
      const mine = allReports(inbox).filter((r) => [created.body.id, step.body.id].includes(r.id));
      assertEquals(mine.length, 2, 'only the accepted reports were recorded');
    });

    it(`${kind}: a note with markup is stored and answered as the text typed`, async () => {
      const { client } = await createLearner(server.url, resend);
      const note = '<script>alert("x")</script> & <b>bold</b>';
      const created = await client.post<{ id: number }>('/api/reports', {
        lessonId: lesson.id,
        questionId: 2,
        reason: 'other',
        note: `  ${note}  `,
      });
      assertEquals(created.status, 201);
      const inbox = (await admin.get<Inbox>('/api/studio/reports')).body;
      const report = allReports(inbox).find((r) => r.id === created.body.id)!;
      assertEquals(report.note, note, 'kept as text (trimmed), not escaped or stripped');
      const page = await admin.get('/studio/reports');
      assertEquals(page.status, 200);
      assert(!page.text.includes('<script>alert("x")</script>'), 'the inbox page never puts it in as markup');
      assertMatch(page.text, /&lt;script&gt;alert\(/);
    });

    it(`${kind}: at most ${REPORTS_PER_DAY} reports a day per learner: the next is a 429 that says so`, async () => {
      const { client } = await createLearner(server.url, resend);
      const other = await createLearner(server.url, resend);
      const now = Date.now();
      const at = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });
      const body = { lessonId: lesson.id, step: 1, reason: 'unclear' };
      for (let i = 0; i < REPORTS_PER_DAY; i++) {
        const res = await client.post('/api/reports', body, { headers: at(now + i * 1000) });
        assertEquals(res.status, 201, `report ${i + 1}`);
      }
      const over = await client.post<{ message: string }>('/api/reports', body, { headers: at(now + 60_000) });
      assertEquals(over.status, 429);
      assertMatch(over.body.message, /20 reports in the last 24 hours/);
      assert(Number(over.headers.get('retry-after')) > 0, 'with Retry-After');
      assertEquals((await other.client.post('/api/reports', body)).status, 201, 'another learner is not limited');
      const nextDay = await client.post('/api/reports', body, { headers: at(now + 24 * 3600_000 + 1000) });
      assertEquals(nextDay.status, 201, 'a day after the first, a report is taken again');
    });

    it(`${kind}: ${REPORTS_PER_DAY + 5} reports sent at once: exactly ${REPORTS_PER_DAY} are taken`, async () => {
      const { client } = await createLearner(server.url, resend);
      const body = { lessonId: lesson.id, questionId: 1, reason: 'typo' };
      const answers = await Promise.all(
        Array.from({ length: REPORTS_PER_DAY + 5 }, () => client.post('/api/reports', body)),
      );
      const statuses = answers.map((a) => a.status).sort();
      assertEquals(statuses.filter((s) => s === 201).length, REPORTS_PER_DAY);
      assertEquals(statuses.filter((s) => s === 429).length, 5);
    });

    it(`${kind}: every inbox call checks the role: admin and author allowed, learner 403, signed out 401`, async () => {
      const { client } = await createLearner(server.url, resend);
      const created = await client.post<{ id: number }>('/api/reports', {
        lessonId: lesson.id,
        questionId: 1,
        reason: 'typo',
      });
      const anonymous = new Client(server.url);
      const calls: Array<[string, (c: Client) => Promise<{ status: number }>]> = [
        ['GET /api/studio/reports', (c) => c.get('/api/studio/reports')],
        ['GET /api/studio/reports?status=fixed', (c) => c.get('/api/studio/reports?status=fixed')],
        [
          'PATCH /api/studio/reports/:id',
          (c) => c.request(`/api/studio/reports/${created.body.id}`, { method: 'PATCH', json: { reply: 'Thanks' } }),
        ],
      ];
      for (const [name, call] of calls) {
        assertEquals((await call(anonymous)).status, 401, `${name} signed out`);
        assertEquals((await call(client)).status, 403, `${name} as a learner`);
        assertEquals((await call(admin)).status, 200, `${name} as an admin`);
        assertEquals((await call(author)).status, 200, `${name} as an author`);
      }
      assertEquals((await author.get('/studio/reports')).status, 200, 'the page serves an author');
      assertEquals((await anonymous.get('/studio/reports')).status, 302, 'the page sends a visitor to sign in');
      assertEquals((await client.get('/studio/reports')).status, 403, 'the page refuses a learner');
      assertEquals((await admin.get('/api/studio/reports?status=closed')).status, 400);
    });

    it(`${kind}: the author replies and marks it fixed; the learner sees the reply on the dashboard until dismissed`, async () => {
      const { client } = await createLearner(server.url, resend);
      const created = await client.post<{ id: number }>('/api/reports', {
        lessonId: lesson.id,
        questionId: 1,
        reason: 'wrong_answer',
        note: 'Two options look right.',
      });
      const id = created.body.id;
      const patch = (json: unknown) =>
        admin.request<InboxReport>(`/api/studio/reports/${id}`, { method: 'PATCH', json });
      assertEquals((await client.get<Dashboard>('/api/user/dashboard')).body.replies, [], 'no reply yet');

      const open = (await admin.get<Inbox>('/api/studio/reports?status=open')).body;
      const group = open.lessons.find((l) => l.lessonId === lesson.id)!;
      const listed = group.reports.find((r) => r.id === id)!;
      assertEquals([listed.status, listed.questionId, listed.lessonVersion], ['open', 1, group.version]);
      assert(listed.subjectText, 'the question is named by its text');

      // Bad changes are refused and change nothing.
      assertEquals((await patch({ status: 'closed' })).status, 400);
      assertEquals((await patch({})).status, 400);
      assertEquals((await patch({ reply: 'r'.repeat(2001) })).status, 400);
      assertEquals((await patch({ status: 'fixed', fixedInVersion: group.version + 1 })).status, 400);
      assertEquals((await patch({ status: 'wont_fix', fixedInVersion: group.version })).status, 400);
      assertEquals(
        (await admin.request('/api/studio/reports/99999999', { method: 'PATCH', json: { reply: 'x' } })).status,
        404,
      );
      assertEquals(
        (await admin.request('/api/studio/reports/abc', { method: 'PATCH', json: { reply: 'x' } })).status,
        404,
      );

      const replied = await patch({ reply: 'Good catch <b>thanks</b>: option C is now the only right one.' });
      assertEquals(replied.status, 200);
      const fixed = await patch({ status: 'fixed' });
      assertEquals(
        [fixed.body.status, fixed.body.fixedInVersion],
        ['fixed', group.version],
        'linked to the current version',
      );

      const dashboard = (await client.get<Dashboard>('/api/user/dashboard')).body;
      assertEquals(dashboard.replies.length, 1);
      assertEquals(dashboard.replies[0].reply, 'Good catch <b>thanks</b>: option C is now the only right one.');
      assertEquals([dashboard.replies[0].status, dashboard.replies[0].lessonTitle], ['fixed', lesson.title]);
      const page = await client.get('/dashboard');
      assertMatch(page.text, /Replies to your reports/);
      assert(!page.text.includes('<b>thanks</b>'), 'the reply is shown escaped');

      // Another learner neither sees it nor can dismiss it.
      const stranger = await createLearner(server.url, resend);
      assertEquals((await stranger.client.get<Dashboard>('/api/user/dashboard')).body.replies, []);
      assertEquals(
        (await stranger.client.post<{ dismissed: number }>('/api/reports/dismiss', { ids: [id] })).body.dismissed,
        0,
      );
      assertEquals((await client.post('/api/reports/dismiss', { ids: [] })).status, 400);
      assertEquals((await client.post('/api/reports/dismiss', { ids: ['x'] })).status, 400);

      const dismissed = await client.post<{ dismissed: number }>('/api/reports/dismiss', { ids: [id] });
      assertEquals(dismissed.body.dismissed, 1);
      assertEquals((await client.get<Dashboard>('/api/user/dashboard')).body.replies, []);

      // The filters follow the status; reopening unlinks the version; a changed reply shows again.
      const fixedList = allReports((await admin.get<Inbox>('/api/studio/reports?status=fixed')).body);
      assert(fixedList.some((r) => r.id === id && r.replyRead));
      assert(!allReports((await admin.get<Inbox>('/api/studio/reports?status=open')).body).some((r) => r.id === id));
      const wontFix = await patch({ status: 'wont_fix', reply: 'On second thought, B is a trap on purpose.' });
      assertEquals([wontFix.body.status, wontFix.body.fixedInVersion], ['wont_fix', null]);
      const again = (await client.get<Dashboard>('/api/user/dashboard')).body.replies;
      assertEquals(again.map((r) => [r.id, r.status]), [[id, 'wont_fix']]);
      const picked = await patch({ status: 'fixed', fixedInVersion: group.version });
      assertEquals(picked.body.fixedInVersion, group.version, 'the author may pick the version');
    });

    it(`${kind}: the learner's reports are in their data export and go with their account`, async () => {
      const { client, password } = await createLearner(server.url, resend);
      const created = await client.post<{ id: number }>('/api/reports', {
        lessonId: lesson.id,
        step: 1,
        reason: 'outdated',
        note: 'The rate quoted is from last year.',
      });
      await admin.request(`/api/studio/reports/${created.body.id}`, { method: 'PATCH', json: { reply: 'Updated.' } });
      const exported = await client.get<{ reports: Array<Record<string, unknown>> }>('/api/account/export');
      assertEquals(exported.body.reports.length, 1);
      assertEquals(
        [exported.body.reports[0].note, exported.body.reports[0].reply, exported.body.reports[0].step],
        ['The rate quoted is from last year.', 'Updated.', 1],
      );
      assert(!('repliedBy' in exported.body.reports[0]), 'who replied stays out');
      assertEquals((await client.post('/api/account/delete', { password })).status, 200);
      const inbox = (await admin.get<Inbox>('/api/studio/reports?status=all')).body;
      assert(!allReports(inbox).some((r) => r.id === created.body.id), 'deleted with the account');
    });
  });
}
