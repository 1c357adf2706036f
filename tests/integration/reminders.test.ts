// Reminder e-mails on a real database (PGlite, and PostgreSQL when DATABASE_URL is set): who gets
// which reminder and when (their evening, across time zones and a daylight-saving change), at most
// one a day and exactly once with two instances; unsubscribing by one click (RFC 8058) and by the
// page; and, over HTTP, the job started by the server sending through the outbox to the provider.
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { startServer } from '../helpers/server.mjs';
import { startResendDouble } from '../helpers/resend-double.mjs';
import { correctAnswers, createLearner, responses } from '../helpers/learners.ts';
import { openDatabase } from '../../db/client.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { recordActivity } from '../../src/lib/server/learning/streaks.ts';
import { applyDueZoneChanges, updateSettings } from '../../src/lib/server/learning/learner-settings.ts';
import { isUnsubscribeToken, sendDueReminders, unsubscribeByToken } from '../../src/lib/server/learning/reminders.ts';
import { emailOutbox, lessons, remindersSent, reviewItems, users } from '../../db/schema.ts';
import { afterAll, beforeAll, describe, it } from '../helpers/bdd.ts';
import { waitFor } from '../helpers/wait.ts';

Deno.env.set('LOG_LEVEL', 'warn');
type Db = TestDatabase['handle']['db'];
const at = (iso: string) => new Date(iso);

async function withDatabase(kind: TestDatabase['kind'], fn: (test: TestDatabase, people: People) => Promise<void>) {
  const test = await createTestDatabase(kind);
  setDatabaseHandle(test.handle);
  try {
    await loadContent(test.handle.db);
    await fn(test, people(test.handle.db));
  } finally {
    await test.drop();
  }
}

type People = ReturnType<typeof people>;
function people(db: Db) {
  return {
    async learner(name: string, fields: Partial<typeof users.$inferInsert> = {}) {
      const [user] = await db
        .insert(users)
        .values({
          email: `${name}.${crypto.randomUUID().slice(0, 6)}@example.com`,
          firstName: name,
          lastName: 'Learner',
          emailVerifiedAt: new Date(),
          ...fields,
        })
        .returning();
      return user;
    },
    /** `count` review questions due at `dueAt`, in the lesson at `offset` of the catalogue. */
    async dueQuestions(userId: string, count: number, dueAt: Date, offset = 0) {
      const [lesson] = await db.select().from(lessons).orderBy(lessons.id).offset(offset).limit(1);
      for (const q of lesson.questions.slice(0, count)) {
        await db.insert(reviewItems).values({ userId, lessonId: lesson.id, questionId: q.id, box: 1, dueAt });
      }
      return lesson;
    },
  };
}

async function sentTo(db: Db, userIds: string[]) {
  const rows = await db.select({ userId: remindersSent.userId, day: remindersSent.day, kind: remindersSent.kind }).from(
    remindersSent,
  ).where(inArray(remindersSent.userId, userIds));
  return Object.fromEntries(rows.map((r) => [r.userId, `${r.day} ${r.kind}`]));
}

const tokenIn = (text: string) => text.match(/\/unsubscribe\?token=([a-z2-7]+)/)?.[1] ?? null;

for (const kind of databaseKinds()) {
  describe(`reminders on the domain modules (${kind})`, () => {
    it(`${kind}: reminder selection: from 18:00 local time, streak before review, never unverified, opted out, done or ended; one a day`, async () => {
      await withDatabase(kind, async ({ handle: { db } }, make) => {
        // 18:00 UTC on 10 March: 19:00 in Berlin, 14:00 in New York, 03:00 on the 11th in Tokyo.
        const now = at('2026-03-10T18:00:00Z');
        const yesterday = at('2026-03-09T10:00:00Z');
        const today = at('2026-03-10T08:00:00Z');
        const berlin = { timeZone: 'Europe/Berlin' };
        const p = {
          streakBerlin: await make.learner('streakBerlin', { ...berlin, remindStreak: true }),
          streakNewYork: await make.learner('streakNewYork', { timeZone: 'America/New_York', remindStreak: true }),
          streakTokyo: await make.learner('streakTokyo', { timeZone: 'Asia/Tokyo', remindStreak: true }),
          streakNoZone: await make.learner('streakNoZone', { remindStreak: true }),
          unverified: await make.learner('unverified', {
            ...berlin,
            remindStreak: true,
            remindReview: true,
            emailVerifiedAt: null,
          }),
          optedOut: await make.learner('optedOut', { ...berlin }),
          doneToday: await make.learner('doneToday', { ...berlin, remindStreak: true }),
          ended: await make.learner('ended', { ...berlin, remindStreak: true }),
          review: await make.learner('review', { ...berlin, remindReview: true }),
          reviewedToday: await make.learner('reviewedToday', { ...berlin, remindReview: true }),
          lessonTodayReviewDue: await make.learner('lessonTodayReviewDue', {
            ...berlin,
            remindReview: true,
            remindStreak: true,
          }),
          both: await make.learner('both', { ...berlin, remindReview: true, remindStreak: true }),
          notDueYet: await make.learner('notDueYet', { ...berlin, remindReview: true }),
          deletedLesson: await make.learner('deletedLesson', { ...berlin, remindReview: true }),
          streakOffReviewNone: await make.learner('streakOffReviewNone', { ...berlin, remindReview: true }),
        };
        for (
          const who of [
            p.streakBerlin,
            p.streakNewYork,
            p.streakTokyo,
            p.streakNoZone,
            p.unverified,
            p.optedOut,
            p.doneToday,
            p.both,
            p.lessonTodayReviewDue,
            p.streakOffReviewNone,
          ]
        ) {
          await recordActivity(who.id, 'lesson', yesterday);
        }
        await recordActivity(p.doneToday.id, 'review', today);
        await recordActivity(p.lessonTodayReviewDue.id, 'lesson', today);
        await recordActivity(p.reviewedToday.id, 'review', today);
        await recordActivity(p.ended.id, 'lesson', at('2026-03-07T10:00:00Z')); // 8 and 9 March missed, no freeze
        const due = at('2026-03-10T12:00:00Z');
        await make.dueQuestions(p.review.id, 2, due);
        await make.dueQuestions(p.reviewedToday.id, 1, due);
        await make.dueQuestions(p.lessonTodayReviewDue.id, 1, due);
        await make.dueQuestions(p.both.id, 1, due);
        await make.dueQuestions(p.unverified.id, 1, due);
        await make.dueQuestions(p.notDueYet.id, 1, at('2026-03-10T18:00:01Z'));
        const gone = await make.dueQuestions(p.deletedLesson.id, 1, due, 5);
        await db.update(lessons).set({ state: 'deleted', stateChangedAt: now }).where(eq(lessons.id, gone.id));

        const run = await sendDueReminders(db, now);
        const ids = Object.values(p).map((u) => u.id);
        const name = new Map(Object.entries(p).map(([k, u]) => [u.id, k]));
        const decided = Object.fromEntries(
          Object.entries(await sentTo(db, ids)).map(([id, what]) => [name.get(id), what]),
        );
        assertEquals(decided, {
          streakBerlin: '2026-03-10 streak',
          streakNoZone: '2026-03-10 streak',
          review: '2026-03-10 review',
          lessonTodayReviewDue: '2026-03-10 review',
          both: '2026-03-10 streak',
        });
        assertEquals(run.sent, 5);
        assertEquals(
          run.checked,
          Object.values(p).filter((u) => u.emailVerifiedAt && (u.remindReview || u.remindStreak)).length,
          'only verified learners who opted in are read',
        );

        // Each decision is one e-mail in the outbox, with its own one-click unsubscribe link.
        const mail = await db.select().from(emailOutbox).where(
          inArray(emailOutbox.kind, ['reminder-streak', 'reminder-review']),
        );
        assertEquals(
          mail.map((m) => m.toAddress).sort(),
          [p.streakBerlin, p.streakNoZone, p.review, p.lessonTodayReviewDue, p.both].map((u) => u.email).sort(),
        );
        const streakMail = mail.find((m) => m.toAddress === p.streakBerlin.email)!;
        assertEquals([streakMail.kind, streakMail.subject], ['reminder-streak', 'Keep your 1-day streak going']);
        const reviewMail = mail.find((m) => m.toAddress === p.review.email)!;
        assertEquals([reviewMail.kind, reviewMail.subject], ['reminder-review', 'Your review is due']);
        assertMatch(reviewMail.text, /2 questions you missed are due for review/);
        for (const m of mail) {
          const token = tokenIn(m.text);
          assert(token, 'an unsubscribe link in the body');
          assertEquals(m.headers['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
          assertMatch(
            m.headers['List-Unsubscribe'],
            new RegExp(`^<https?://[^>]+/api/reminders/unsubscribe\\?token=${token}>$`),
          );
          assertMatch(m.html, new RegExp(`/unsubscribe\\?token=${token}`));
        }
        assertEquals(new Set(mail.map((m) => tokenIn(m.text))).size, mail.length, 'a token per e-mail');
        const [stored] = await db.select({ tokenHash: remindersSent.tokenHash }).from(remindersSent).where(
          eq(remindersSent.userId, p.review.id),
        );
        assert(stored.tokenHash && !reviewMail.text.includes(stored.tokenHash), 'only the hash is stored');

        // At most one a day: later runs the same evening decide nothing new.
        assertEquals((await sendDueReminders(db, now)).sent, 0);
        // New York's evening (18:00 EDT = 22:00 UTC) brings its own, and the question that fell due
        // a second after 18:00 UTC its own; Tokyo's is still to come.
        const later = await sendDueReminders(db, at('2026-03-10T22:00:00Z'));
        assertEquals(later.sent, 2);
        assertEquals(await sentTo(db, [p.streakNewYork.id, p.notDueYet.id, p.streakTokyo.id]), {
          [p.streakNewYork.id]: '2026-03-10 streak',
          [p.notDueYet.id]: '2026-03-10 review',
        });
        assertEquals(
          (await sendDueReminders(db, at('2026-03-10T22:30:00Z'))).sent,
          0,
          '23:30 in Berlin, still 10 March',
        );
        // The next evening in Berlin: yesterday's streaks have ended (10 March missed, no freeze),
        // and the review still due is reminded again: one a day, not one ever.
        const next = await sendDueReminders(db, at('2026-03-11T18:00:00Z'));
        const days = await db.select({ userId: remindersSent.userId, kind: remindersSent.kind }).from(remindersSent)
          .where(eq(remindersSent.day, '2026-03-11'));
        assertEquals(days.map((d) => `${name.get(d.userId)} ${d.kind}`).sort(), [
          'both review', // its streak ended on the 10th
          'doneToday streak', // active on the 9th and 10th
          'lessonTodayReviewDue streak',
          'notDueYet review',
          'review review',
          'reviewedToday review',
        ]);
        assertEquals(next.sent, 6);
      });
    });

    it(`${kind}: on New York's spring-forward day the reminder waits for 18:00 EDT`, async () => {
      await withDatabase(kind, async ({ handle: { db } }, make) => {
        const ny = await make.learner('dst', { timeZone: 'America/New_York', remindStreak: true });
        await recordActivity(ny.id, 'lesson', at('2026-03-07T15:00:00Z'));
        // 21:59 UTC is 17:59 EDT (it would be 16:59 EST): not yet.
        assertEquals((await sendDueReminders(db, at('2026-03-08T21:59:00Z'))).sent, 0);
        assertEquals((await sendDueReminders(db, at('2026-03-08T22:00:00Z'))).sent, 1);
        assertEquals(await sentTo(db, [ny.id]), { [ny.id]: '2026-03-08 streak' });
      });
    });

    it(`${kind}: reminders go out from the hour the learner picked (issue 53), in their zone`, async () => {
      await withDatabase(kind, async ({ handle: { db } }, make) => {
        const early = await make.learner('morning', { timeZone: 'Europe/Berlin', remindStreak: true, reminderHour: 7 });
        const late = await make.learner('night', { timeZone: 'Europe/Berlin', remindStreak: true, reminderHour: 21 });
        for (const l of [early, late]) await recordActivity(l.id, 'lesson', at('2026-06-01T10:00:00Z'));
        // 2026-06-02 04:59 UTC is 06:59 in Berlin (UTC+2): nobody yet.
        assertEquals((await sendDueReminders(db, at('2026-06-02T04:59:00Z'))).sent, 0);
        // 07:00 Berlin: the 7 o'clock learner only; 18:00: still not the 21 o'clock one; 21:00: them too.
        assertEquals((await sendDueReminders(db, at('2026-06-02T05:00:00Z'))).sent, 1);
        assertEquals((await sendDueReminders(db, at('2026-06-02T16:00:00Z'))).sent, 0);
        assertEquals((await sendDueReminders(db, at('2026-06-02T19:00:00Z'))).sent, 1);
        assertEquals(await sentTo(db, [early.id, late.id]), {
          [early.id]: '2026-06-02 streak',
          [late.id]: '2026-06-02 streak',
        });
      });
    });

    it(`${kind}: a new time zone counts from the next local day: the day after day 1 is day 2, never an hour later (issue 53)`, async () => {
      await withDatabase(kind, async ({ handle: { db } }, make) => {
        const traveller = await make.learner('traveller', { timeZone: 'America/New_York' });
        // Day 1: 20:00 in New York (00:00 UTC), and the device then reports Tokyo (09:00 next day there).
        const first = await recordActivity(traveller.id, 'lesson', at('2026-07-02T00:00:00Z'));
        assertEquals(first.streak, 1);
        const settings = await updateSettings(traveller.id, { timeZone: 'Asia/Tokyo' }, at('2026-07-02T00:30:00Z'));
        assertEquals([settings?.timeZone, settings?.nextTimeZone], ['America/New_York', 'Asia/Tokyo']);
        assertEquals(settings?.nextTimeZoneAt?.toISOString(), '2026-07-02T04:00:00.000Z');
        // An hour later, with the device's Tokyo zone sent along: still day 1, the streak stays 1.
        const hourLater = await recordActivity(traveller.id, 'lesson', at('2026-07-02T01:00:00Z'), 'Asia/Tokyo');
        assertEquals([hourLater.streak, hourLater.today.done], [1, 2]);
        // Housekeeping moves the zone once its time has come, not before.
        assertEquals(await applyDueZoneChanges(at('2026-07-02T03:59:00Z')), 0);
        assertEquals(await applyDueZoneChanges(at('2026-07-02T04:00:00Z')), 1);
        const [row] = await db.select().from(users).where(eq(users.id, traveller.id));
        assertEquals([row.timeZone, row.nextTimeZone, row.nextTimeZoneAt], ['Asia/Tokyo', null, null]);
        // The next day (in Tokyo, 2026-07-02 from 04:00 UTC on... it is 13:00 there) is day 2.
        const next = await recordActivity(traveller.id, 'lesson', at('2026-07-02T05:00:00Z'));
        assertEquals([next.streak, next.today.done], [2, 1]);
      });
    });

    it(`${kind}: two instances deciding at once send each reminder exactly once`, async () => {
      await withDatabase(kind, async (test, make) => {
        const { db } = test.handle;
        const now = at('2026-05-20T18:30:00Z'); // 20:30 in Berlin
        const learners = [];
        for (let i = 0; i < 24; i++) {
          const u = await make.learner(`twice${i}`, {
            timeZone: 'Europe/Berlin',
            remindStreak: i % 2 === 0,
            remindReview: i % 2 === 1,
          });
          if (i % 2 === 0) await recordActivity(u.id, 'lesson', at('2026-05-19T10:00:00Z'));
          else await make.dueQuestions(u.id, 1, at('2026-05-19T10:00:00Z'), i % 7);
          learners.push(u);
        }
        // A second instance: its own connections to the same PostgreSQL database. PGlite has one
        // process and one connection, so there the two runs interleave on it.
        const second = test.url ? await openDatabase({ url: test.url, max: 5 }) : null;
        try {
          const instances = [db, second?.db ?? db];
          let sent = 0;
          for (let round = 0; round < 3; round++) {
            const runs = await Promise.all(
              instances.flatMap((instance) => [sendDueReminders(instance, now), sendDueReminders(instance, now)]),
            );
            sent += runs.reduce((n, r) => n + r.sent, 0);
          }
          assertEquals(sent, learners.length);
          const rows = await db.select({ userId: remindersSent.userId }).from(remindersSent);
          assertEquals(rows.length, learners.length);
          const mail = await db.select({ to: emailOutbox.toAddress }).from(emailOutbox).where(
            inArray(emailOutbox.kind, ['reminder-streak', 'reminder-review']),
          );
          assertEquals(mail.map((m) => m.to).sort(), learners.map((u) => u.email).sort(), 'one e-mail per learner');
        } finally {
          await second?.close();
        }
      });
    });

    it(`${kind}: an unsubscribe token turns off both reminders, and nothing is sent after; wrong tokens do nothing`, async () => {
      await withDatabase(kind, async ({ handle: { db } }, make) => {
        const u = await make.learner('leaving', { timeZone: 'UTC', remindReview: true, remindStreak: true });
        await make.dueQuestions(u.id, 1, at('2026-08-01T00:00:00Z'));
        assertEquals((await sendDueReminders(db, at('2026-08-01T19:00:00Z'))).sent, 1);
        const [mail] = await db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, u.email));
        const token = tokenIn(mail.text)!;
        assertEquals(await isUnsubscribeToken(db, token), true);
        for (const wrong of ['', 'abc', token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a'), `${token}'--`]) {
          assertEquals(await unsubscribeByToken(db, wrong), false, wrong);
        }
        const [still] = await db.select({ r: users.remindReview, s: users.remindStreak }).from(users).where(
          eq(users.id, u.id),
        );
        assertEquals(still, { r: true, s: true });
        assertEquals(await unsubscribeByToken(db, token), true);
        assertEquals(await unsubscribeByToken(db, token), true, 'a second click is fine');
        const [after] = await db.select({ r: users.remindReview, s: users.remindStreak }).from(users).where(
          eq(users.id, u.id),
        );
        assertEquals(after, { r: false, s: false });
        assertEquals((await sendDueReminders(db, at('2026-08-02T19:00:00Z'))).sent, 0);
      });
    });
  });
}

/** A zone where it is now about 20:00, so the server's job (real clock) finds the learner's evening. */
function eveningZone(): string {
  const utcHour = new Date().getUTCHours();
  let offset = (20 - utcHour + 24) % 24;
  if (offset > 14) offset -= 24;
  // Etc/GMT-N is N hours east of UTC (the sign is POSIX's).
  return offset === 0 ? 'UTC' : `Etc/GMT${offset > 0 ? '-' : '+'}${Math.abs(offset)}`;
}

const runsIn = (logs: string) => logs.split('"reminders checked"').length - 1;

interface Delivered {
  to: string[];
  subject: string;
  text: string;
  headers?: Record<string, string>;
}

for (const kind of databaseKinds()) {
  describe(`reminders from the running servers (${kind})`, () => {
    let resend: Awaited<ReturnType<typeof startResendDouble>>;
    let database: TestDatabase | null = null;
    let env: Record<string, string>;
    let servers: Array<Awaited<ReturnType<typeof startServer>>>;
    beforeAll(async () => {
      resend = await startResendDouble();
      database = kind === 'postgres' ? await createTestDatabase('postgres') : null;
      env = {
        RESEND_API_KEY: 're_test',
        RESEND_BASE_URL: resend.url,
        TRUST_PROXY: 'true',
        LOG_LEVEL: 'debug',
        ...(database ? { DATABASE_URL: database.url } : {}),
      };
      servers = [await startServer({ env })];
      if (database) servers.push(await startServer({ env }));
    });
    afterAll(async () => {
      for (const server of servers ?? []) await server.stop();
      await resend?.close();
      if (database) await database.drop().catch(() => {});
    });

    it(`${kind} server${kind === 'postgres' ? 's (two instances)' : ''}: the job sends a due reminder once through the outbox with List-Unsubscribe; one click and the page unsubscribe, a GET changes nothing`, async () => {
      const zone = eveningZone();
      const people: Array<Awaited<ReturnType<typeof createLearner>> & { server: (typeof servers)[number] }> = [];
      for (const server of [servers[0], servers.at(-1)!]) {
        const learner = await createLearner(server.url, resend);
        // A missed question, two days ago: due since yesterday.
        const [lesson] =
          (await learner.client.get<Array<{ id: number; slug: string }>>('/api/lessons/credit/beginner')).body;
        const answers = correctAnswers(lesson.slug).map((a, i) => (i === 0 ? (a + 1) % 4 : a));
        const then = { 'x-test-now': new Date(Date.now() - 2 * 24 * 60 * 60 * 1000).toISOString() };
        assertEquals(
          (await learner.client.post(`/api/lesson/${lesson.id}/complete`, {
            attemptId: crypto.randomUUID(),
            quizResponses: responses(answers),
          }, { headers: then })).status,
          201,
        );
        assertEquals(
          (await learner.client.post('/api/user/settings', { timeZone: zone, remindReview: true })).status,
          200,
        );
        people.push({ ...learner, server });
      }
      const isReminder = (email: string) => (m: Delivered) =>
        m.to.includes(email) && m.subject === 'Your review is due';
      const mails = await Promise.all(people.map((p) => resend.waitFor(isReminder(p.email)) as Promise<Delivered>));
      // Every instance runs its job twice more after that: still one e-mail each.
      const seen = servers.map((s) => runsIn(s.logs()));
      await waitFor(() => servers.every((s, i) => runsIn(s.logs()) >= seen[i] + 2), {
        timeout: 30_000,
        message: 'two more runs of every instance',
      });
      for (const p of people) assertEquals(resend.delivered.filter(isReminder(p.email)).length, 1, p.email);

      for (const mail of mails) {
        assertEquals(mail.headers?.['List-Unsubscribe-Post'], 'List-Unsubscribe=One-Click');
        const token = tokenIn(mail.text);
        assert(token);
        assertEquals(
          mail.headers?.['List-Unsubscribe'],
          `<${new URL(`/api/reminders/unsubscribe?token=${token}`, mail.text.match(/https?:\/\/[^/\s]+/)![0]).href}>`,
        );
      }
      if (database) {
        // The outbox keeps who, when and what kind, not the live link: body and headers are scrubbed once sent.
        const rows = await database.handle.db.select().from(emailOutbox).where(
          and(eq(emailOutbox.kind, 'reminder-review'), isNotNull(emailOutbox.sentAt)),
        );
        assertEquals(rows.length, 2);
        const tokens = mails.map((m) => tokenIn(m.text)!);
        for (const row of rows) {
          for (const token of tokens) {
            assert(
              !row.text.includes(token) && !row.html.includes(token) && !JSON.stringify(row.headers).includes(token),
              'no live token kept',
            );
          }
          assertMatch(row.text, /unsubscribe\?token=removed/);
          assertMatch(row.headers['List-Unsubscribe'], /token=removed>$/);
        }
      }

      const settingsOf = async (p: (typeof people)[number]) =>
        (await p.client.get<{ remindReview: boolean }>('/api/user/settings')).body.remindReview;
      const [first, second] = [people[0], people[1]];
      const oneClick = new URL(mails[0].headers!['List-Unsubscribe'].slice(1, -1));
      const base = first.server.url;
      const target = base + oneClick.pathname + oneClick.search;
      // Reads change nothing: the API refuses a GET, the page only asks.
      const get = await fetch(target);
      await get.body?.cancel();
      assert(get.status >= 400);
      const page = await fetch(`${base}/unsubscribe${oneClick.search}`);
      assertEquals(page.status, 200);
      assertMatch(await page.text(), /Stop reminder e-mails/);
      assertEquals(await settingsOf(first), true);
      // RFC 8058: a form POST of List-Unsubscribe=One-Click from the provider, no cookie, no Origin.
      const post = (url: string, body: string, type = 'application/x-www-form-urlencoded') =>
        fetch(url, { method: 'POST', headers: { 'content-type': type }, body });
      const statusOf = async (reply: Promise<Response>) => {
        const res = await reply;
        await res.body?.cancel();
        return res.status;
      };
      assertEquals(await statusOf(post(target, '{"List-Unsubscribe":"One-Click"}', 'application/json')), 415);
      assertEquals(await statusOf(post(target, 'List-Unsubscribe=Nope')), 400);
      assertEquals(
        await statusOf(
          post(`${base}/api/reminders/unsubscribe?token=notatokenatallnotatoken`, 'List-Unsubscribe=One-Click'),
        ),
        404,
      );
      assertEquals(await settingsOf(first), true);
      const done = await post(target, 'List-Unsubscribe=One-Click');
      assertEquals(done.status, 200);
      await done.body?.cancel();
      assertEquals(await settingsOf(first), false);
      // multipart/form-data is allowed by the RFC too (and a repeat is fine).
      const form = new FormData();
      form.set('List-Unsubscribe', 'One-Click');
      const multipart = await fetch(target, { method: 'POST', body: form });
      assertEquals(multipart.status, 200);
      await multipart.body?.cancel();

      // The body's link: the page's button posts the token back from our origin.
      const link = new URL(mails[1].text.match(/https?:\/\/\S+\/unsubscribe\?token=\S+/)![0]);
      const confirmed = await fetch(`${second.server.url}/unsubscribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: second.server.url },
        body: new URLSearchParams({ token: link.searchParams.get('token')! }),
      });
      assertEquals(confirmed.status, 200);
      assertMatch(await confirmed.text(), /You are unsubscribed/);
      assertEquals(await settingsOf(second), false);
      const stale = await fetch(`${second.server.url}/unsubscribe?token=notatokenatallnotatoken`);
      assertEquals(stale.status, 404);
      assertMatch(await stale.text(), /This link is not valid/);
    });
  });
}
