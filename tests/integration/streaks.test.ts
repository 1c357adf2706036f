// The daily streak and goal on a real database (PGlite, and PostgreSQL when DATABASE_URL is set):
// days in the learner's time zone across a daylight-saving change, freezes, review sessions
// counted once, read-only status, the settings endpoint, and export and deletion of the new data.
import { and, eq, sql } from 'drizzle-orm';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { Client } from '../helpers/client.ts';
import { correctAnswers, createLearner, responses, wrong } from '../helpers/learners.ts';
import { rowsOf, setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import {
  type DailyStatus,
  dailyStatus,
  finishReviewSession,
  recordActivity,
} from '../../src/lib/server/learning/streaks.ts';
import { answerReminderOffer, updateSettings } from '../../src/lib/server/learning/learner-settings.ts';
import { sendDueReminders } from '../../src/lib/server/learning/reminders.ts';
import { deleteAccount, exportAccount } from '../../src/lib/server/auth/account-data.ts';
import {
  emailOutbox,
  learnerDays,
  learnerStreaks,
  lessons,
  remindersSent,
  reviewItems,
  users,
} from '../../db/schema.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';

Deno.env.set('LOG_LEVEL', 'warn');
type Db = TestDatabase['handle']['db'];

async function withDatabase(
  kind: TestDatabase['kind'],
  fn: (db: Db, newLearner: (fields?: Partial<typeof users.$inferInsert>) => Promise<string>) => Promise<void>,
) {
  const test = await createTestDatabase(kind);
  setDatabaseHandle(test.handle);
  try {
    await loadContent(test.handle.db);
    let n = 0;
    const newLearner = async (fields: Partial<typeof users.$inferInsert> = {}) => {
      const [user] = await test.handle.db
        .insert(users)
        .values({
          email: `learner${++n}.${crypto.randomUUID().slice(0, 6)}@example.com`,
          firstName: 'Lee',
          lastName: 'Learner',
          emailVerifiedAt: new Date(),
          ...fields,
        })
        .returning();
      return user.id;
    };
    await fn(test.handle.db, newLearner);
  } finally {
    await test.drop();
  }
}

const at = (iso: string) => new Date(iso);
async function countOf(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  return Number(rowsOf<{ n: number }>(await db.execute(query))[0].n);
}
/** The settings the account page's form shows, read from its server-rendered HTML. */
function shownSettings(page: string) {
  const inputs = (name: string) => page.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`, 'g')) ?? [];
  const checked = (input = '') => /\schecked[\s=/>]/.test(input);
  return {
    timeZone: page.match(/data-testid="time-zone">([^<]*)</)?.[1],
    dailyGoal: Number(inputs('dailyGoal').find((input) => checked(input))?.match(/value="(\d+)"/)?.[1]),
    remindReview: checked(inputs('remindReview')[0]),
    remindStreak: checked(inputs('remindStreak')[0]),
  };
}
const brief = (s: DailyStatus) => ({
  day: s.day,
  streak: s.streak,
  freezes: s.freezes,
  atRisk: s.atRisk,
  done: s.today.done,
  met: s.today.met,
});

for (const kind of databaseKinds()) {
  describe(`the daily streak and goal on the domain modules (${kind})`, () => {
    it(`${kind}: a lesson and a review session on one local day count once for the streak and twice for the goal; the zone is stored`, async () => {
      await withDatabase(kind, async (db, newLearner) => {
        const id = await newLearner({ dailyGoal: 2 });
        const before = await dailyStatus(id, at('2026-06-01T12:00:00Z'));
        assertEquals(before, {
          day: '2026-06-01',
          timeZone: 'UTC',
          streak: 0,
          longest: 0,
          freezes: 0,
          atRisk: false,
          today: { lessons: 0, reviews: 0, done: 0, goal: 2, met: false },
        });
        assertEquals((await db.select().from(learnerStreaks)).length, 0, 'reading the status writes nothing');

        // 21:00 on 31 May in Los Angeles is 04:00 on 1 June in UTC: the day is the learner's.
        const lesson = await recordActivity(id, 'lesson', at('2026-06-01T04:00:00Z'), 'America/Los_Angeles');
        assertEquals(lesson, {
          day: '2026-05-31',
          timeZone: 'America/Los_Angeles',
          streak: 1,
          longest: 1,
          freezes: 0,
          atRisk: false,
          today: { lessons: 1, reviews: 0, done: 1, goal: 2, met: false },
        });
        const [user] = await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id));
        assertEquals(user.timeZone, 'America/Los_Angeles');
        const review = await recordActivity(id, 'review', at('2026-06-01T06:59:00Z'));
        assertEquals([review.day, review.streak, review.today], ['2026-05-31', 1, {
          lessons: 1,
          reviews: 1,
          done: 2,
          goal: 2,
          met: true,
        }]);
        assertEquals(
          await db.select({ day: learnerDays.day, lessons: learnerDays.lessons, reviews: learnerDays.reviews }).from(
            learnerDays,
          ).where(eq(learnerDays.userId, id)),
          [{ day: '2026-05-31', lessons: 1, reviews: 1 }],
        );
        // Status later the same local day, and the next day (nothing yet: at risk, no freeze).
        assertEquals(brief(await dailyStatus(id, at('2026-06-01T06:00:00Z'))), {
          day: '2026-05-31',
          streak: 1,
          freezes: 0,
          atRisk: false,
          done: 2,
          met: true,
        });
        assertEquals(brief(await dailyStatus(id, at('2026-06-01T08:00:00Z'))), {
          day: '2026-06-01',
          streak: 1,
          freezes: 0,
          atRisk: true,
          done: 0,
          met: false,
        });
      });
    });

    it(`${kind}: east and west of UTC the same instants fall on different days`, async () => {
      await withDatabase(kind, async (_db, newLearner) => {
        const tokyo = await newLearner({ timeZone: 'Asia/Tokyo' });
        const la = await newLearner({ timeZone: 'America/Los_Angeles' });
        // 16:00 UTC on 1 June and 14:00 UTC on 2 June: both 2 June in Tokyo, 1 and 2 June in Los Angeles.
        for (const instant of ['2026-06-01T16:00:00Z', '2026-06-02T14:00:00Z']) {
          await recordActivity(tokyo, 'lesson', at(instant));
          await recordActivity(la, 'lesson', at(instant));
        }
        assertEquals(brief(await dailyStatus(tokyo, at('2026-06-02T14:30:00Z'))), {
          day: '2026-06-02',
          streak: 1,
          freezes: 0,
          atRisk: false,
          done: 2,
          met: true,
        });
        assertEquals(brief(await dailyStatus(la, at('2026-06-02T14:30:00Z'))), {
          day: '2026-06-02',
          streak: 2,
          freezes: 0,
          atRisk: false,
          done: 1,
          met: true,
        });
      });
    });

    it(`${kind}: across New York's spring-forward day and Berlin's fall-back day, calendar days count, not 24-hour spans`, async () => {
      await withDatabase(kind, async (db, newLearner) => {
        const ny = await newLearner({ timeZone: 'America/New_York' });
        // 23:30 EST on 7 March, then 23:30 EDT on 8 March: 23 hours apart, two days.
        await recordActivity(ny, 'lesson', at('2026-03-08T04:30:00Z'));
        const second = await recordActivity(ny, 'lesson', at('2026-03-09T03:30:00Z'));
        assertEquals([second.day, second.streak], ['2026-03-08', 2]);
        // 00:30 EDT on 9 March: a new day, nothing done yet, and no freeze: at risk.
        assertEquals(brief(await dailyStatus(ny, at('2026-03-09T04:30:00Z'))), {
          day: '2026-03-09',
          streak: 2,
          freezes: 0,
          atRisk: true,
          done: 0,
          met: false,
        });
        // 23:59 EDT on 10 March: 9 March was missed and there is no freeze: the streak has ended.
        assertEquals(brief(await dailyStatus(ny, at('2026-03-11T03:59:00Z'))), {
          day: '2026-03-10',
          streak: 0,
          freezes: 0,
          atRisk: false,
          done: 0,
          met: false,
        });

        const berlin = await newLearner({ timeZone: 'Europe/Berlin' });
        // 00:05 CEST and 23:55 CET on 25 October are 24 h 50 min apart but one day.
        await recordActivity(berlin, 'lesson', at('2026-10-24T22:05:00Z'));
        const same = await recordActivity(berlin, 'lesson', at('2026-10-25T22:55:00Z'));
        assertEquals([same.day, same.streak, same.today.lessons], ['2026-10-25', 1, 2]);
        const next = await recordActivity(berlin, 'review', at('2026-10-25T23:05:00Z'));
        assertEquals([next.day, next.streak, next.today.done], ['2026-10-26', 2, 1]);
        assertEquals((await db.select().from(learnerDays).where(eq(learnerDays.userId, berlin))).length, 2);
      });
    });

    it(`${kind}: 7 days earn a freeze that covers one missed day; two missed days with one freeze end the streak`, async () => {
      await withDatabase(kind, async (db, newLearner) => {
        const id = await newLearner({ timeZone: 'Europe/Berlin' });
        const noonOn = (day: number) => at(`2026-01-${String(day).padStart(2, '0')}T11:00:00Z`);
        let status: DailyStatus | undefined;
        for (let day = 1; day <= 7; day++) {
          status = await recordActivity(id, 'lesson', noonOn(day));
          assertEquals(status.freezes, day === 7 ? 1 : 0, `day ${day}`);
        }
        assertEquals([status!.streak, status!.longest], [7, 7]);
        // 8 January missed: on the 9th the freeze is spoken for, so missing the 9th too would end it.
        assertEquals(brief(await dailyStatus(id, noonOn(9))), {
          day: '2026-01-09',
          streak: 7,
          freezes: 0,
          atRisk: true,
          done: 0,
          met: false,
        });
        // On the 8th itself the freeze would still cover the day: not at risk.
        assertEquals(brief(await dailyStatus(id, noonOn(8))), {
          day: '2026-01-08',
          streak: 7,
          freezes: 1,
          atRisk: false,
          done: 0,
          met: false,
        });
        status = await recordActivity(id, 'review', noonOn(9));
        assertEquals([status.streak, status.freezes, status.longest], [8, 0, 8]);
        const [row] = await db.select().from(learnerStreaks).where(eq(learnerStreaks.userId, id));
        assertEquals([row.lastDay, row.frozenDays], ['2026-01-09', ['2026-01-08']]);
        // 10 and 11 January missed without a freeze: ended on the 12th, and a new one starts.
        assertEquals((await dailyStatus(id, noonOn(12))).streak, 0);
        status = await recordActivity(id, 'lesson', noonOn(12));
        assertEquals([status.streak, status.longest, status.freezes], [1, 8, 0]);
      });
    });

    it(`${kind}: concurrent activity of one learner is all counted; a bad or unchanged zone is not written`, async () => {
      await withDatabase(kind, async (db, newLearner) => {
        const id = await newLearner();
        const now = at('2026-04-10T09:00:00Z');
        await Promise.all(
          Array.from({ length: 8 }, (_, i) => recordActivity(id, i % 2 ? 'review' : 'lesson', now, 'Europe/Paris')),
        );
        const status = await dailyStatus(id, now);
        assertEquals([status.streak, status.today.lessons, status.today.reviews, status.timeZone], [
          1,
          4,
          4,
          'Europe/Paris',
        ]);
        await recordActivity(id, 'lesson', now, 'Mars/Olympus_Mons');
        assertEquals(
          (await db.select({ timeZone: users.timeZone }).from(users).where(eq(users.id, id)))[0].timeZone,
          'Europe/Paris',
        );
        // An unchanged zone makes no write to users (the caches would wake for nothing).
        await db.execute(sql`create table zone_writes (n int)`);
        await db.execute(
          sql`create function count_zone_write() returns trigger language plpgsql as $$ begin insert into zone_writes values (1); return new; end $$`,
        );
        await db.execute(
          sql`create trigger zone_write after update on users for each row execute function count_zone_write()`,
        );
        await recordActivity(id, 'lesson', now, 'Europe/Paris');
        await recordActivity(id, 'lesson', now, 'Asia/Tokyo');
        assertEquals(await countOf(db, sql`select count(*)::int as n from zone_writes`), 1);
      });
    });

    it(`${kind}: a finished review session counts once, and only after a due question was answered since the last one`, async () => {
      await withDatabase(kind, async (db, newLearner) => {
        const id = await newLearner({ timeZone: 'UTC' });
        const now = at('2026-05-05T10:00:00Z');
        const none = await finishReviewSession(id, now);
        assertEquals([none.counted, none.daily.today.reviews], [false, 0], 'nothing answered');
        const [lesson] = await db.select().from(lessons).limit(1);
        const [item] = await db
          .insert(reviewItems)
          .values({
            userId: id,
            lessonId: lesson.id,
            questionId: lesson.questions[0].id,
            box: 2,
            dueAt: at('2026-05-08T00:00:00Z'),
            lastReviewedAt: at('2026-05-05T09:59:00Z'),
          })
          .returning();
        // The device's new zone waits for the next local day (issue 53); the session counts today in UTC.
        const first = await finishReviewSession(id, now, 'Europe/Madrid');
        assertEquals([first.counted, first.daily.today.reviews, first.daily.streak, first.daily.timeZone], [
          true,
          1,
          1,
          'UTC',
        ]);
        const retried = await Promise.all([finishReviewSession(id, now), finishReviewSession(id, now)]);
        assertEquals(
          retried.map((r) => [r.counted, r.daily.today.reviews]),
          [[false, 1], [false, 1]],
          'a retried finish is not a second session',
        );
        await db.update(reviewItems).set({ lastReviewedAt: at('2026-05-05T10:30:00Z') }).where(
          eq(reviewItems.id, item.id),
        );
        const second = await finishReviewSession(id, at('2026-05-05T10:31:00Z'));
        assertEquals([second.counted, second.daily.today.reviews, second.daily.today.done], [true, 2, 2]);
      });
    });

    it(`${kind}: the export holds the settings, streak, activity days and reminders (no token hashes); deletion removes them`, async () => {
      await withDatabase(kind, async (db, newLearner) => {
        const id = await newLearner({ timeZone: 'Europe/Berlin', remindStreak: true, dailyGoal: 3 });
        const other = await newLearner({ timeZone: 'Europe/Berlin', remindStreak: true });
        for (const who of [id, other]) {
          await recordActivity(who, 'lesson', at('2026-02-01T10:00:00Z'));
          await recordActivity(who, 'review', at('2026-02-01T11:00:00Z'));
        }
        // 19:00 in Berlin the next day with nothing done: each gets a streak reminder.
        assertEquals((await sendDueReminders(db, at('2026-02-02T18:00:00Z'))).sent, 2);
        await updateSettings(id, { remindReview: true });
        // A no to the reminder offer is kept, and never turns off a reminder already on.
        await answerReminderOffer(id, false);

        const data = await exportAccount(id);
        assertEquals(data.settings, {
          timeZone: 'Europe/Berlin',
          dailyGoal: 3,
          remindReview: true,
          remindStreak: true,
          reminderOffer: 'declined',
        });
        assertEquals(
          data.dailyStreak &&
            [data.dailyStreak.current, data.dailyStreak.longest, data.dailyStreak.lastDay, data.dailyStreak.freezes],
          [1, 1, '2026-02-01', 0],
        );
        assertEquals(data.activityDays, [{ day: '2026-02-01', lessons: 1, reviews: 1 }]);
        assertEquals(data.remindersSent.map((r) => [r.day, r.kind]), [['2026-02-02', 'streak']]);
        assert(data.emails.some((m) => m.kind === 'reminder-streak'));
        const text = JSON.stringify(data);
        assert(!/token_hash|tokenHash|token=/i.test(text), 'no unsubscribe token or its hash in the export');

        await deleteAccount(id);
        const left = async (table: typeof learnerDays | typeof learnerStreaks | typeof remindersSent) =>
          (await db.select().from(table).where(eq(table.userId, id))).length;
        assertEquals([await left(learnerDays), await left(learnerStreaks), await left(remindersSent)], [0, 0, 0]);
        assertEquals(
          (await db.select().from(emailOutbox).where(and(eq(emailOutbox.kind, 'reminder-streak')))).length,
          1,
          "only the other learner's reminder is left",
        );
        assertEquals([
          (await db.select().from(learnerDays).where(eq(learnerDays.userId, other))).length,
          (await db.select().from(remindersSent).where(eq(remindersSent.userId, other))).length,
        ], [1, 1]);
      });
    });
  });
}

// Over HTTP, on the built server (on each database).
for (const kind of databaseKinds()) {
  describe(`the daily streak and goal over HTTP (${kind})`, () => {
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

    it(`${kind} server: settings are validated, stored and answered with today's status; a finished review counts on the dashboard`, async () => {
      const { client } = await createLearner(server.url, resend);
      const anonymous = new Client(server.url);
      assertEquals((await anonymous.post('/api/user/settings', { dailyGoal: 2 })).status, 401);
      assertEquals((await anonymous.post('/api/review/finish', {})).status, 401);
      const bad = await client.post<{ message: string; errors: Record<string, string> }>('/api/user/settings', {
        timeZone: 'Mars/Olympus_Mons',
        dailyGoal: 4,
        remindStreak: 'yes',
      });
      assertEquals(bad.status, 400);
      assertEquals(Object.keys(bad.body.errors).sort(), ['dailyGoal', 'remindStreak', 'timeZone']);
      assertMatch(bad.body.errors.timeZone, /time zone/);
      assertMatch(bad.body.errors.dailyGoal, /1, 2, 3, 5/);
      assertEquals((await client.post('/api/user/settings', {})).status, 400, 'nothing to change');
      assertEquals((await client.post('/api/user/settings', { timeZone: 'Europe/Berlin\u0000' })).status, 400);
      assertEquals(
        (await client.request('/api/user/settings', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          json: undefined,
        })).status,
        400,
      );
      assertEquals(
        (await client.post('/api/user/settings', { dailyGoal: 2 }, { origin: 'https://evil.example' })).status,
        403,
      );

      const saved = await client.post<
        {
          timeZone: string;
          dailyGoal: number;
          remindReview: boolean;
          remindStreak: boolean;
          emailVerified: boolean;
          daily: DailyStatus;
        }
      >(
        '/api/user/settings',
        { timeZone: 'Asia/Tokyo', dailyGoal: 2, remindReview: true },
        { headers: { 'x-test-now': '2026-07-01T16:00:00Z' } },
      );
      assertEquals(saved.status, 200);
      assertEquals([
        saved.body.timeZone,
        saved.body.dailyGoal,
        saved.body.remindReview,
        saved.body.remindStreak,
        saved.body.emailVerified,
      ], ['Asia/Tokyo', 2, true, false, true]);
      assertEquals([saved.body.daily.day, saved.body.daily.timeZone, saved.body.daily.today.goal], [
        '2026-07-02',
        'Asia/Tokyo',
        2,
      ], "today is Tokyo's");
      const read = await client.get<{ dailyGoal: number; remindReview: boolean }>('/api/user/settings');
      assertEquals([read.body.dailyGoal, read.body.remindReview], [2, true]);
      // The account page shows the saved settings at once (they come with the learner's rows).
      const accountPage = await client.get('/account');
      assertEquals(shownSettings(accountPage.text), {
        timeZone: 'Asia/Tokyo',
        dailyGoal: 2,
        remindReview: true,
        remindStreak: false,
      });
      assertEquals((await client.post('/api/user/settings', { remindStreak: true, dailyGoal: 3 })).status, 200);
      const changed = shownSettings((await client.get('/account')).text);
      assertEquals([changed.dailyGoal, changed.remindStreak], [3, true]);
      assertEquals((await client.post('/api/user/settings', { dailyGoal: 2 })).status, 200);

      // A missed question, due a day later; answering it and finishing the session counts once.
      const t0 = Date.parse('2026-07-01T01:00:00Z');
      const when = (ms: number) => ({ 'x-test-now': new Date(ms).toISOString() });
      const [lesson] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/credit/beginner')).body;
      const answers = correctAnswers(lesson.slug);
      const missed = answers.map((a, i) => (i === 0 ? (a + 1) % 4 : a));
      assertEquals(
        (await client.post(`/api/lesson/${lesson.id}/complete`, {
          attemptId: crypto.randomUUID(),
          quizResponses: responses(missed),
        }, { headers: when(t0) })).status,
        201,
      );
      const later = t0 + 25 * 60 * 60 * 1000; // 2 July, 11:00 in Tokyo
      assertEquals(
        (await client.post<{ counted: boolean }>('/api/review/finish', {}, { headers: when(later) })).body.counted,
        false,
        'nothing answered yet',
      );
      const due = (await client.get<{ due: Array<{ id: string }> }>('/api/review', when(later))).body.due;
      assertEquals(due.length, 1);
      assertEquals(
        (await client.post(`/api/review/${due[0].id}/answer`, { userAnswer: answers[0] }, { headers: when(later) }))
          .status,
        200,
      );
      const finished = await client.post<{ counted: boolean; daily: DailyStatus }>('/api/review/finish', {
        timeZone: 'Asia/Tokyo',
      }, { headers: when(later + 1000) });
      assertEquals(
        [finished.status, finished.body.counted, finished.body.daily.day, finished.body.daily.today.reviews],
        [200, true, '2026-07-02', 1],
      );
      assertEquals(
        (await client.post<{ counted: boolean }>('/api/review/finish', {}, { headers: when(later + 2000) })).body
          .counted,
        false,
        'a second finish is not a second session',
      );
      assertEquals((await client.post('/api/review/finish', { timeZone: 42 })).status, 400);
      const dashboard = await client.get<{ daily: DailyStatus }>('/api/user/dashboard', when(later + 3000));
      assertEquals([dashboard.body.daily.day, dashboard.body.daily.today.reviews, dashboard.body.daily.today.goal], [
        '2026-07-02',
        1,
        2,
      ]);
      assert(dashboard.body.daily.streak >= 1);
      const page = await client.get('/dashboard', when(later + 3000));
      assertMatch(page.text, /data-testid="streak-card"/);
    });

    it(`${kind} server: each completion answers today's status; the day's first lesson moves the streak, later ones only today's count, all counted once`, async () => {
      const { client } = await createLearner(server.url, resend, 'Dana');
      const at = (iso: string) => ({ headers: { 'x-test-now': iso } });
      const [lesson] = (await client.get<Array<{ id: number; slug: string }>>('/api/lessons/saving/beginner')).body;
      const answers = correctAnswers(lesson.slug);
      const complete = (
        quizAnswers: number[],
        iso: string,
        extra: Record<string, unknown> = {},
        attemptId: string = crypto.randomUUID(),
      ) =>
        client.post<{ passed: boolean; daily: DailyStatus }>(`/api/lesson/${lesson.id}/complete`, {
          attemptId,
          quizResponses: responses(quizAnswers),
          ...extra,
        }, at(iso));
      const today = (
        r: { body: { daily: DailyStatus } },
      ) => [r.body.daily.day, r.body.daily.streak, r.body.daily.today.lessons, r.body.daily.today.reviews];

      // 1 July in São Paulo (UTC-3): the day's first lesson stores the zone and starts the streak.
      const first = await complete(answers, '2026-07-01T20:00:00Z', { timeZone: 'America/Sao_Paulo' });
      assertEquals([first.status, ...today(first)], [201, '2026-07-01', 1, 1, 0]);
      // The same local day: only today's count moves.
      const second = await complete(answers, '2026-07-02T01:00:00Z');
      assertEquals(
        [second.status, ...today(second)],
        [201, '2026-07-01', 1, 2, 0],
        '22:00 in São Paulo is still 1 July',
      );
      // A failed quiz counts nothing and answers the day as it stands.
      const failed = await complete(wrong(answers), '2026-07-02T01:30:00Z');
      assertEquals([failed.status, failed.body.passed, ...today(failed)], [201, false, '2026-07-01', 1, 2, 0]);
      // A replay of a recorded attempt counts nothing again.
      const replayId = crypto.randomUUID();
      assertEquals(today(await complete(answers, '2026-07-02T02:00:00Z', {}, replayId)), ['2026-07-01', 1, 3, 0]);
      const replay = await complete(answers, '2026-07-02T02:00:01Z', {}, replayId);
      assertEquals([replay.status, ...today(replay)], [200, '2026-07-01', 1, 3, 0]);
      // Five at once on the same day: every one counted, none twice.
      const burst = await Promise.all(
        Array.from({ length: 5 }, (_, i) => complete(answers, `2026-07-02T02:10:0${i}Z`)),
      );
      assertEquals(burst.map((r) => r.status), [201, 201, 201, 201, 201]);
      assertEquals(Math.max(...burst.map((r) => r.body.daily.today.lessons)), 8);
      assertEquals(new Set(burst.map((r) => r.body.daily.today.lessons)).size, 5, 'each saw its own count');
      // Past midnight in São Paulo: a new day moves the streak to 2.
      const next = await complete(answers, '2026-07-02T03:30:00Z');
      assertEquals(today(next), ['2026-07-02', 2, 1, 0]);
      // A new zone on a completion waits for the next day to begin in both zones (issue 53): today
      // still counts on São Paulo's 2 July, so no day counts twice.
      const tokyo = await complete(answers, '2026-07-02T03:31:00Z', { timeZone: 'Asia/Tokyo' });
      assertEquals([tokyo.body.daily.timeZone, ...today(tokyo)], ['America/Sao_Paulo', '2026-07-02', 2, 2, 0]);
      const dashboard = await client.get<{ daily: DailyStatus }>('/api/user/dashboard', {
        'x-test-now': '2026-07-02T03:32:00Z',
      });
      assertEquals([dashboard.body.daily.day, dashboard.body.daily.streak, dashboard.body.daily.today.lessons], [
        '2026-07-02',
        2,
        2,
      ]);
    });
  });
}
