// The statement budgets of docs/DESIGN.md (Performance), counted by the server itself
// (STATEMENT_COUNTS=1 answers each request's count in X-Statements, BEGIN and COMMIT included),
// on PGlite and on PostgreSQL: a signed-in GET sends at most 2 statements (the session, then the
// page), a public page and a 304 at most 1, a quiz completion at most 4, whatever the number of
// questions. Each route is asked once to warm up, then counted.
import { assert, assertEquals } from '../helpers/assert.ts';
import { Client, strongPassword, uniqueEmail } from '../helpers/client.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { linkIn, startResendDouble } from '../helpers/resend-double.mjs';
import { correctAnswers, responses } from '../helpers/learners.ts';
import { answersScoring, assessmentQuestions } from '../helpers/assessment-answers.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

const SIGNED_IN_GET = 2;
const PUBLIC_GET = 1;
const COMPLETION = 4;

type Check = { who: string; path: string; budget: number; init?: Parameters<Client['request']>[1] };

for (const kind of databaseKinds()) {
  describe(`${kind}: statements per request`, () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;
    const adminEmail = uniqueEmail('admin');
    const authorEmail = uniqueEmail('author');
    const people: Record<string, Client> = {};

    async function account(email: string): Promise<Client> {
      const client = new Client(server.url);
      await client.post('/api/signup', {
        email,
        password: strongPassword(),
        firstName: 'Sam',
        lastName: 'Counter',
        phoneNumber: '+15551234567',
      });
      const mail = await resend.waitFor((m: { to: string[] }) => m.to.includes(email));
      const verified = await client.post('/api/verify-email', {
        token: linkIn(mail, '/verify-email?token=').searchParams.get('token'),
      });
      assertEquals(verified.status, 200, verified.text);
      return client;
    }

    /** The statements one request sent, after one warm-up request. */
    async function statementsOf(client: Client, path: string, init?: Check['init']) {
      await client.request(path, init);
      const reply = await client.request(path, init);
      assert(reply.status < 500, `${path} answered ${reply.status}: ${reply.text.slice(0, 200)}`);
      const header = reply.headers.get('x-statements');
      return {
        status: reply.status,
        statements: header === null ? 0 : Number(header),
        etag: reply.headers.get('etag'),
      };
    }

    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          STATEMENT_COUNTS: '1',
          ADMIN_EMAILS: adminEmail,
          AUTHOR_EMAILS: authorEmail,
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
      people.learner = await account(uniqueEmail());
      people.author = await account(authorEmail);
      people.admin = await account(adminEmail);
      people.visitor = new Client(server.url);
      const answers = answersScoring(Object.fromEntries(assessmentQuestions.map((q) => [q.id, 4])));
      for (const who of ['learner', 'author', 'admin']) {
        const submitted = await people[who].post('/api/assessment/submit', { answers });
        assertEquals(submitted.status, 201, submitted.text);
      }
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      await database?.drop();
    });

    it('every page and API read a learner, visitor, author or admin uses stays within its budget', async () => {
      const lessons = await people.learner.get<Array<{ id: number; slug: string }>>('/api/lessons/all/saving');
      const first = lessons.body[0];
      const draft = await people.author.post<{ id: number }>(`/api/studio/lessons/${first.id}/draft`, {});
      assert(draft.status < 300, draft.text);
      const learnerGets = [
        '/dashboard',
        '/progress',
        '/lessons',
        '/lessons?pillar=credit&level=intermediate',
        '/lessons?pillar=investing&view=all',
        `/lesson/${first.id}`,
        '/review',
        '/account',
        '/plan',
        '/api/plan',
        '/assessment',
        '/learn',
        `/learn/${first.slug}`,
        '/api/auth/user',
        '/api/assessment',
        '/api/assessment/user',
        '/api/assessment/questions',
        '/api/lessons/counts',
        '/api/lessons/all/credit',
        '/api/lessons/saving/beginner',
        '/api/progress/user',
        `/api/lesson/${first.id}`,
        '/api/user/progress',
        '/api/user/quiz-analytics',
        '/api/user/dashboard',
        '/api/user/home',
        '/api/user/badges',
        '/api/user/settings',
        '/api/user/reminder-offer',
        '/api/review',
        '/api/review/practice',
        '/api/account/export',
        '/api/auth/providers',
      ];
      const studioGets = [
        '/studio',
        '/studio/drafts/new',
        `/studio/drafts/${draft.body.id}`,
        `/studio/drafts/${draft.body.id}/preview`,
        `/studio/lessons/${first.id}/history`,
        '/studio/reports',
        '/studio/stats',
        `/studio/stats/${first.id}`,
        '/api/studio/lessons',
        `/api/studio/drafts/${draft.body.id}`,
        `/api/studio/lessons/${first.id}/versions`,
        `/api/studio/lessons/${first.id}/versions/1`,
        '/api/studio/reports',
        '/api/studio/stats',
        `/api/studio/stats/${first.id}`,
      ];
      const adminGets = [
        '/admin/lessons',
        '/api/admin/lessons',
        '/api/admin/lessons/all',
        `/api/admin/lessons/${first.id}`,
      ];
      const visitorGets = [
        '/learn',
        `/learn/${first.slug}`,
        '/learn/no-such-lesson',
        '/sitemap.xml',
        '/robots.txt',
        '/login',
      ];
      const checks: Check[] = [
        ...learnerGets.map((path) => ({ who: 'learner', path, budget: SIGNED_IN_GET })),
        ...studioGets.map((path) => ({ who: 'author', path, budget: SIGNED_IN_GET })),
        ...[...studioGets, ...adminGets].map((path) => ({ who: 'admin', path, budget: SIGNED_IN_GET })),
        ...visitorGets.map((path) => ({ who: 'visitor', path, budget: PUBLIC_GET })),
        // A search counts against the client's search limit, then searches (issue 50, F8).
        { who: 'visitor', path: '/learn?q=budget', budget: 2 },
        { who: 'learner', path: '/learn?q=budget', budget: SIGNED_IN_GET + 1 },
      ];
      const over: string[] = [];
      for (const check of checks) {
        const { statements, status } = await statementsOf(people[check.who], check.path, check.init);
        if (statements > check.budget) {
          over.push(`${check.who} ${check.path} (${status}): ${statements} > ${check.budget}`);
        }
      }
      // A visitor's repeat visit with the page's tag: a 304 from at most one statement.
      const page = await statementsOf(people.visitor, `/learn/${first.slug}`);
      assert(page.etag, 'a public lesson page carries an ETag');
      const repeat = await statementsOf(people.visitor, `/learn/${first.slug}`, {
        headers: { 'if-none-match': page.etag },
      });
      assertEquals(repeat.status, 304);
      if (repeat.statements > PUBLIC_GET) over.push(`visitor 304: ${repeat.statements} > ${PUBLIC_GET}`);
      assertEquals(over, [], `over budget:\n${over.join('\n')}`);
    });

    it('a quiz completion sends at most 4 statements, whatever the number of questions', async () => {
      const lessons = await people.learner.get<Array<{ id: number; slug: string; questionCount: number }>>(
        '/api/lessons/all/saving',
      );
      const counts: number[] = [];
      for (const lesson of lessons.body.filter((l) => l.questionCount > 0).slice(0, 2)) {
        const answers = responses(correctAnswers(lesson.slug));
        const attemptId = crypto.randomUUID();
        const reply = await people.learner.post(`/api/lesson/${lesson.id}/complete`, {
          attemptId,
          quizResponses: answers,
        });
        assertEquals(reply.status, 201, reply.text);
        counts.push(Number(reply.headers.get('x-statements')));
      }
      assert(counts.every((n) => n >= 3 && n <= COMPLETION), `completions sent ${counts.join(', ')} statements`);
    });
  });
}
