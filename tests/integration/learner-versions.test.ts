// A learner's data version (learner-store/versions.ts, migration 0020) on PGlite and PostgreSQL:
// every write to a row the learner's snapshot or learner rows hold gives it a new value in the same
// transaction, whoever writes (the app's code, hand-written SQL, another instance's connection);
// a read at the version a snapshot was kept at reads nothing, a read at a newer one reads again
// and sees the write, and so do the session lookup's learner rows. (PGlite's change notifications are left off here: with them on it keeps
// snapshots by notification instead, cache.test.ts.)
import { sql } from 'drizzle-orm';
import postgres from 'postgres';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { createSession, validateSessionToken } from '../../src/lib/server/auth/session.ts';
import { FIND_SESSIONS_SQL } from '../../src/lib/server/auth/session-lookup.ts';
import { readSnapshot, recordQuizAttempt, rebuildLearnerAggregates, type SeenVersion } from '../../src/lib/server/learning/learner-store/index.ts';
import { recordAssessment } from '../../src/lib/server/learning/assessment.ts';
import { answerReview, listReview } from '../../src/lib/server/learning/review.ts';
import { recordActivity, updateSettings } from '../../src/lib/server/learning/streaks.ts';
import { badgesJson, buildDashboard, buildQuizAnalytics, buildUserProgress, listBadges, progressScreenProps, quizAnalyticsJson, recordFirstVisit, userProgressJson } from '../../src/lib/server/learning/progress.ts';
import { lessons, users } from '../../db/schema.ts';
import { asc } from 'drizzle-orm';

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: every write to a learner's snapshot rows gives a new version; a read at the kept version reads nothing, at a new one it sees the write`, async () => {
    let statements = 0;
    const test = await createTestDatabase(kind, { onQuery: () => statements++ });
    setDatabaseHandle(test.handle);
    const other = kind === 'postgres' && test.url ? postgres(test.url, { max: 1, onnotice: () => {} }) : undefined;
    try {
      const db = test.handle.db;
      const exec = (text: string) => db.execute(sql.raw(text));
      await loadContent(db);
      const all = await db.select().from(lessons).orderBy(asc(lessons.pillar), asc(lessons.level), asc(lessons.orderIndex));
      const [user] = await db.insert(users).values({ email: 'v@example.com', firstName: 'Vee', lastName: 'Version' }).returning();
      const [bystander] = await db.insert(users).values({ email: 'b@example.com', firstName: 'Bee', lastName: 'Bystander' }).returning();
      const { token } = await createSession(user.id);
      const lookup = async () => {
        const found = await validateSessionToken(token);
        assert(found?.learnerVersion && found.learner, 'the session lookup reads the learner rows and version');
        return { version: found.learnerVersion, rows: found.learner.rows };
      };
      const seen = async (): Promise<SeenVersion> => (await lookup()).version;
      /** Reads the snapshot at the version a lookup sees now, and checks a second read at it makes no statement. */
      const readAt = async (version: SeenVersion) => {
        const snapshot = await readSnapshot(user.id, version);
        statements = 0;
        assertEquals(await readSnapshot(user.id, version), snapshot);
        assertEquals(statements, 0, 'a read at the kept version makes no statement');
        return snapshot;
      };
      type Rows = Awaited<ReturnType<typeof lookup>>['rows'];
      /**
       * Runs a write and checks it gave a new version, and that the next reads at it (the snapshot,
       * the lookup's learner rows) see `check`. Two lookups at one version give the same rows.
       */
      const write = async (what: string, change: () => Promise<unknown>, check: (s: Awaited<ReturnType<typeof readAt>>, rows: Rows) => boolean) => {
        const before = await lookup();
        await readAt(before.version);
        assert((await lookup()).rows === before.rows, 'the rows of one version are kept');
        await change();
        const after = await lookup();
        assert(after.version.version !== before.version.version, `${what}: a new version`);
        assert(check(await readAt(after.version), after.rows), `${what}: the reads at the new version see it`);
      };

      const lesson = all[0];
      const wrong = (q: (typeof lesson.questions)[number]) => (q.correctAnswer + 1) % q.options.length;
      await write('an assessment', () => recordAssessment(user.id, { savingScore: 40, creditScore: 60, investingScore: 80 }, {}), (s, rows) => s.assessments.count === 1 && rows.assessment?.creditScore === 60);
      await write(
        'a quiz attempt with a miss',
        () => recordQuizAttempt(user.id, lesson, { attemptId: crypto.randomUUID(), quizResponses: lesson.questions.map((q, i) => ({ questionId: q.id, userAnswer: i === 0 ? wrong(q) : q.correctAnswer })) }),
        (s, rows) => s.totals.attempts === 1 && s.review.length === 1 && s.recent.length === 1 && rows.progress.some((p) => p.lessonId === lesson.id && p.attempts === 1),
      );
      const later = new Date(Date.now() + 30 * 86_400_000);
      const [item] = (await readSnapshot(user.id)).review;
      await write('a review answer', () => answerReview(user.id, item.id, lesson.questions[0].correctAnswer, later), (s) => s.review[0].box !== item.box);
      await write('a day counted', () => recordActivity(user.id, 'review', later, 'UTC'), (s, rows) => s.days.length > 0 && s.streak !== null && rows.daily.streak !== null);
      await write('a setting', () => updateSettings(user.id, { dailyGoal: 3 }), (s, rows) => s.settings.dailyGoal === 3 && rows.daily.dailyGoal === 3);
      await write('a reminder setting', () => updateSettings(user.id, { remindReview: true }), (_, rows) => rows.daily.remindReview);
      await write('progress changed by SQL', () => exec(`update lesson_progress set best_score = 0 where user_id = '${user.id}'`), (_, rows) => rows.progress.every((p) => p.bestScore === 0));
      await write('the first visit', () => recordFirstVisit(user.id, new Date()), (s) => s.settings.firstVisitAt !== null);
      await write('a badge added by hand-written SQL', () => exec(`insert into user_badges (user_id, badge, earned_at) values ('${user.id}', 'hand-made', now())`), (s) => s.badges.some((b) => b.badge === 'hand-made'));
      await write(
        other ? 'review items deleted by another instance' : 'review items deleted by SQL',
        () => (other ? other.unsafe(`delete from review_items where user_id = '${user.id}'`) : exec(`delete from review_items where user_id = '${user.id}'`)),
        (s) => s.review.length === 0,
      );
      await write('a rebuild of the aggregates', () => rebuildLearnerAggregates(user.id), (s) => s.totals.attempts === 1);
      await write('a lesson renamed', () => exec(`update lessons set title = 'Renamed' where id = ${lesson.id}`), (s) => s.recent[0].lessonTitle === 'Renamed');

      // A write to another learner, or to what no snapshot holds, leaves the version as it was.
      const kept = await seen();
      await recordAssessment(bystander.id, { savingScore: 10, creditScore: 10, investingScore: 10 }, {});
      await exec(`update users set first_name = 'Vera' where id = '${user.id}'`);
      assertEquals((await seen()).version, kept.version);

      // The screens' reads serve the kept snapshot at the seen version: after one read, none.
      const locals = { learnerVersion: await seen() };
      await readSnapshot(user.id, locals.learnerVersion);
      for (const read of [
        () => buildDashboard(user.id, 'Vee', new Date(), { ...locals }),
        () => userProgressJson(user.id, 'v@example.com', { ...locals }),
        () => progressScreenProps(user.id, 'v@example.com', { ...locals }),
        () => quizAnalyticsJson(user.id, locals),
        () => listBadges(user.id, locals),
        () => badgesJson(user.id, locals),
        () => listReview(user.id, new Date(), locals),
      ]) {
        await read();
        statements = 0;
        await read();
        // The dashboard and progress read the learner's rows (the lookup's, in a request): one statement.
        assert(statements <= 1, `a screen's read at the kept version: ${statements} statements`);
      }
      // The progress screen's props: one object while the data is unchanged (each request's locals
      // as the middleware sets them from its lookup), the same figures as the two APIs, and a new
      // object once a write gives a new version.
      const request = async () => {
        const found = (await validateSessionToken(token))!;
        return { learnerVersion: found.learnerVersion, learner: found.learner };
      };
      const screen = await progressScreenProps(user.id, 'v@example.com', await request());
      assert((await progressScreenProps(user.id, 'v@example.com', await request())) === screen, 'the same props object at one version');
      assertEquals(screen, { progress: await buildUserProgress(user.id, 'v@example.com'), analytics: await buildQuizAnalytics(user.id) });
      assertEquals((await progressScreenProps(user.id, 'w@example.com', await request())).progress.email, 'w@example.com');
      await recordQuizAttempt(user.id, lesson, { attemptId: crypto.randomUUID(), quizResponses: lesson.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })) });
      const changed = await progressScreenProps(user.id, 'v@example.com', await request());
      assert(changed !== screen, 'a new object after a write');
      assertEquals(changed.analytics.totalAttempts, screen.analytics.totalAttempts + 1);
    } finally {
      await other?.end();
      await test.drop();
    }
  });
}

Deno.test({
  name: "postgres: the session lookup at the version this process keeps never builds the learner's rows (EXPLAIN ANALYZE)",
  ignore: !databaseKinds().includes('postgres'),
  fn: async () => {
    const test = await createTestDatabase('postgres');
    setDatabaseHandle(test.handle);
    const sql = postgres(test.url!, { max: 1, onnotice: () => {} });
    try {
      const db = test.handle.db;
      await loadContent(db);
      const [lesson] = await db.select().from(lessons).orderBy(asc(lessons.pillar), asc(lessons.level), asc(lessons.orderIndex)).limit(1);
      const [user] = await db.insert(users).values({ email: 'x@example.com', firstName: 'Ex', lastName: 'Plain' }).returning();
      const { token } = await createSession(user.id);
      await recordQuizAttempt(user.id, lesson, { attemptId: crypto.randomUUID(), quizResponses: lesson.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })) });
      const version = (await validateSessionToken(token))!.learnerVersion!.version;
      const sessionId = token.split('.')[0];
      // How many times the plan's nodes that read the learner's progress rows ran.
      const progressReads = async (known: string) => {
        const [{ 'QUERY PLAN': [plan] }] = await sql.unsafe(`explain (analyze, format json) ${FIND_SESSIONS_SQL}`, [sessionId, known]);
        const loops: number[] = [];
        const walk = (node: { 'Relation Name'?: string; 'Actual Loops': number; Plans?: unknown[] }) => {
          if (node['Relation Name'] === 'lesson_progress') loops.push(node['Actual Loops']);
          for (const child of node.Plans ?? []) walk(child as typeof node);
        };
        walk(plan.Plan);
        assert(loops.length > 0, 'the plan reads lesson_progress somewhere');
        return loops.reduce((a, b) => a + b, 0);
      };
      assertEquals(await progressReads(version), 0, 'at the kept version the rows are not built');
      assert((await progressReads('')) > 0, 'with no version kept they are');
      assert((await progressReads('1:1')) > 0, 'at another version they are');
    } finally {
      await sql.end();
      await test.drop();
    }
  },
});
