// The money plan over HTTP (issue 57), on PGlite and PostgreSQL: "Save my plan" keeps versions,
// bad figures get a message per field and change nothing, the plan's step leads the next-step rule
// (the dashboard's Continue, the finish screen, the coach's tips quote its figures), the /plan page,
// the data export and deletion, no figure in the logs, and the statement budgets.
import postgres from 'postgres';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { Client } from '../helpers/client.ts';
import { createDatabaseOnServer, databaseKinds } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { correctAnswers, createLearner, lessonAt, responses } from '../helpers/learners.ts';
import { answersScoring, assessmentQuestions } from '../helpers/assessment-answers.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

interface Saved {
  id: string;
  version: number;
  input: Record<string, unknown>;
  summary: { stepId: string; stepTitle: string; headline: string; amountCents: number | null; action: string };
  createdAt: string;
}
interface Dashboard {
  nextLesson: { id: number; title: string; reason: string } | null;
  coach: {
    tips: Array<{ id: string; text: string; lesson: { id: number; slug: string } }>;
    continueReason: string | null;
    plan: { stepTitle: string; headline: string } | null;
  };
}

// The worked example of tests/unit/money-plan.test.ts, typed as a phone sends it.
const WORKED = {
  takeHomePay: '3,200',
  essentialSpending: '$2000',
  emergencySavings: '1500',
  debts: [
    { name: 'Zebracard', balance: '1000', apr: '18%', minimumPayment: '50' },
    { name: 'Loan', balance: '2000', apr: '6', minimumPayment: '100' },
  ],
  grossPay: '48000',
  matchPercent: '50',
  matchUpToPercent: '6',
  contributionPercent: '4',
  hasDependents: false,
};

for (const kind of databaseKinds()) {
  describe(`${kind}: the money plan`, () => {
    let server: Awaited<ReturnType<typeof startServer>>;
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: Awaited<ReturnType<typeof createDatabaseOnServer>> | undefined;

    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createDatabaseOnServer() : undefined;
      server = await startServer({
        env: {
          RESEND_API_KEY: 're_test',
          RESEND_BASE_URL: resend.url,
          TRUST_PROXY: 'true',
          STATEMENT_COUNTS: '1',
          LOG_LEVEL: 'debug',
          ...(database ? { DATABASE_URL: database.url } : {}),
        },
      });
    });
    afterAll(async () => {
      await server?.stop();
      await resend?.close();
      await database?.drop();
    });

    const lessonIds = async (client: Client) => {
      const all = [];
      for (const pillar of ['saving', 'credit', 'investing']) {
        all.push(...(await client.get<Array<{ id: number; slug: string }>>(`/api/lessons/all/${pillar}`)).body);
      }
      return new Map(all.map((l) => [l.slug, l.id]));
    };
    const pass = (client: Client, id: number, slug: string) =>
      client.post<{ nextLesson: { id: number; reason: string } | null }>(`/api/lesson/${id}/complete`, {
        attemptId: crypto.randomUUID(),
        quizResponses: responses(correctAnswers(slug)),
      });

    it('saves versions, answers the newest, and nothing leaves with bad figures', async () => {
      const { client } = await createLearner(server.url, resend);
      assertEquals((await client.get('/api/plan')).body, null);
      const first = await client.post<Saved>('/api/plan', WORKED);
      assertEquals(first.status, 201, first.text);
      assertEquals(
        first.body.summary,
        {
          stepId: 'starter-fund',
          stepTitle: 'Build a starter emergency fund',
          headline: '$500 more to your starter fund',
          amountCents: 50000,
          action: 'Put $1,050 a month into your emergency fund: $500 to go, done in month 1',
          surplusCents: 105000,
          stepLines: {
            'starter-fund': '$500 more to your starter fund',
            'employer-match': '$480 a year of employer match left on the table',
            'high-interest-debt': '$1,000 of high-interest debt to pay off',
            'full-fund': '$4,500 more to your full emergency fund',
            invest: '$970 a month to invest for the long term',
          },
        } as unknown as Saved['summary'],
      );
      assertEquals(first.body.input.takeHomePay, 3200);
      const second = await client.post<Saved>('/api/plan', { ...WORKED, emergencySavings: '2000' });
      assertEquals(second.status, 201);
      const newest = await client.get<Saved>('/api/plan');
      assertEquals([newest.body.id, newest.body.version], [second.body.id, 1]);
      assertEquals(newest.body.summary.headline, '$480 a year of employer match left on the table');

      const bad = await client.post<{ message: string; errors: Record<string, string> }>('/api/plan', {
        ...WORKED,
        debts: [
          { name: 'A', balance: '-5', apr: '10', minimumPayment: '5' },
          { name: 'B', balance: '100', apr: '101', minimumPayment: '5' },
          { name: 'C', balance: '100', apr: '10', minimumPayment: '0' },
        ],
      });
      assertEquals(bad.status, 400);
      assertEquals(bad.body.errors, {
        'debts.0.balance': "A balance can't be negative",
        'debts.1.apr': 'APR must be 100% or less',
        'debts.2.minimumPayment':
          'A minimum payment of $0 never pays off a balance: enter the minimum from your statement',
      });
      for (const body of [{ takeHomePay: 'lots' }, { hasDependents: 'maybe' }, { debts: 'none' }, []]) {
        const reply = await client.post('/api/plan', body);
        assertEquals(reply.status, 400, JSON.stringify(body));
      }
      assertEquals((await client.get<Saved>('/api/plan')).body.id, second.body.id);
      const visitor = new Client(server.url);
      assertEquals((await visitor.post('/api/plan', WORKED)).status, 401);
      assertEquals((await visitor.get('/api/plan')).status, 401);
    });

    it("the plan's step leads the next step; when none of its lessons is open the rule goes on as before", async () => {
      const { client } = await createLearner(server.url, resend);
      const twin = (await createLearner(server.url, resend)).client;
      const ids = await lessonIds(client);
      const dashboard = async (c: Client) => (await c.get<Dashboard>('/api/user/dashboard')).body;
      const first = lessonAt('saving', 'beginner', 1).slug;
      for (const c of [client, twin]) assertEquals((await pass(c, ids.get(first)!, first)).status, 201);
      assertEquals((await dashboard(client)).coach.plan, null);
      assertEquals((await client.post('/api/plan', WORKED)).status, 201);

      let seen = await dashboard(client);
      assertEquals(seen.nextLesson?.id, ids.get('saving-pay-yourself-first'));
      assertMatch(seen.nextLesson!.reason, /Your money plan's step is “Build a starter emergency fund”/);
      assertMatch(seen.coach.continueReason ?? '', /Your money plan: \$500 more to your starter fund\. Put \$1,050/);
      assertEquals(seen.coach.plan, {
        stepTitle: 'Build a starter emergency fund',
        headline: '$500 more to your starter fund',
      });

      // Passing it: the finish screen and the dashboard name the step's next lesson.
      const passed = await pass(client, ids.get('saving-pay-yourself-first')!, 'saving-pay-yourself-first');
      assertEquals(passed.status, 201, passed.text);
      assertEquals(passed.body.nextLesson?.id, ids.get('saving-emergency-fund-101'));
      assertEquals((await dashboard(client)).nextLesson?.id, ids.get('saving-emergency-fund-101'));

      // Both beginner lessons passed; the third is Intermediate, not open yet: the rule as before.
      await pass(client, ids.get('saving-emergency-fund-101')!, 'saving-emergency-fund-101');
      for (const slug of ['saving-pay-yourself-first', 'saving-emergency-fund-101']) {
        await pass(twin, ids.get(slug)!, slug);
      }
      seen = await dashboard(client);
      const without = await dashboard(twin);
      assertEquals(seen.nextLesson?.id, without.nextLesson?.id);
      assert(!/money plan/.test(seen.nextLesson?.reason ?? ''), seen.nextLesson?.reason);
      // The dashboard still shows the step and its number.
      assertEquals(seen.coach.plan?.headline, '$500 more to your starter fund');

      // The /plan page lists the step's lessons with what is passed.
      const page = await client.get('/plan');
      assertEquals(page.status, 200);
      assertMatch(page.text, /Education, not advice/);
      assertMatch(page.text, /nothing you type leaves this browser until you press/);
      assert(page.text.includes('✓ passed'), 'passed lessons are marked');
      assertEquals((await new Client(server.url).request('/plan')).status, 302);
    });

    it("the coach's tips quote the plan's figures and name the step's other open lesson", async () => {
      const { client } = await createLearner(server.url, resend);
      const answers = answersScoring(Object.fromEntries(assessmentQuestions.map((q) => [q.id, 4])));
      assertEquals((await client.post('/api/assessment/submit', { answers })).status, 201);
      const ids = await lessonIds(client);
      for (const order of [1, 2, 3]) {
        const slug = lessonAt('saving', 'beginner', order).slug;
        assertEquals((await pass(client, ids.get(slug)!, slug)).status, 201);
      }
      // $2,000 − $1,900 − $250 = −$150: step 0, spending less than you earn.
      const short = { takeHomePay: '2000', essentialSpending: '1900', emergencySavings: '0', debts: [WORKED.debts[0]] };
      short.debts = [{ ...WORKED.debts[0], minimumPayment: '250' }];
      const saved = await client.post<Saved>('/api/plan', short);
      assertEquals(saved.body.summary.headline, '$150 a month to cut from your spending');
      const seen = (await client.get<Dashboard>('/api/user/dashboard')).body;
      assertEquals(seen.nextLesson?.id, ids.get('saving-budgeting-methods'));
      // The first tip is the one next step (issue 52), quoting the plan; the plan's own tip follows.
      const [first, tip] = seen.coach.tips;
      assertEquals(first.lesson.id, seen.nextLesson?.id);
      assertMatch(first.text, /Your money plan: /);
      assertEquals([tip.id, tip.lesson.id], ['money-plan', ids.get('saving-your-paycheck')]);
      assertMatch(tip.text, /^Your money plan: \$150 a month to cut from your spending\. Spend \$150 a month less/);
    });

    it('a saved plan is in the export, goes with the account, and no figure reaches the logs or e-mails', async () => {
      const { client, id, password } = await createLearner(server.url, resend);
      await client.post('/api/plan', WORKED);
      await client.post('/api/plan', { ...WORKED, takeHomePay: '3217.89' });
      const exported = await client.get<{ moneyPlans: Array<{ input: Record<string, unknown>; currentStep: string }> }>(
        '/api/account/export',
      );
      assertEquals(exported.body.moneyPlans.map((p) => [p.input.takeHomePay, p.currentStep]), [
        [3200, 'starter-fund'],
        [3217.89, 'starter-fund'],
      ]);
      const logs = server.logs();
      assertMatch(logs, /money plan saved/);
      for (const figure of ['3217.89', '3,217.89', 'Zebracard', '$500 more']) {
        assert(!logs.includes(figure), `the log holds ${figure}`);
        assert(!JSON.stringify(resend.delivered).includes(figure), `an e-mail holds ${figure}`);
      }
      const deleted = await client.post('/api/account/delete', { password });
      assert(deleted.status < 300, deleted.text);
      if (database) {
        const sql = postgres(database.url, { max: 1, onnotice: () => {} });
        const [{ n }] = await sql`select count(*)::int as n from money_plans where user_id = ${id}`;
        await sql.end();
        assertEquals(n, 0);
      }
    });

    it('/plan and /api/plan read in one statement after the session; a save writes once', async () => {
      const { client } = await createLearner(server.url, resend);
      await client.post('/api/plan', WORKED);
      for (const path of ['/plan', '/api/plan', '/dashboard', '/api/user/dashboard']) {
        await client.request(path);
        const reply = await client.request(path);
        assertEquals(reply.status, 200, path);
        assert(Number(reply.headers.get('x-statements')) <= 2, `${path}: ${reply.headers.get('x-statements')}`);
      }
      const save = await client.post('/api/plan', WORKED);
      assert(Number(save.headers.get('x-statements')) <= 3, `save: ${save.headers.get('x-statements')}`);
    });
  });
}
