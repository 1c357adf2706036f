// The in-process caches (src/lib/server/platform/change-cache.ts): used on PGlite, dropped by every change to
// what they hold (whoever makes it, raw SQL included), never used on PostgreSQL.
import { sql } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import postgres from 'postgres';
import { createTestDatabase, databaseKinds, postgresUrl } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { ChangeCache, disableCaches, enableCaches } from '../../src/lib/server/platform/change-cache.ts';
import { createSession, validateSessionToken } from '../../src/lib/server/auth/session.ts';
import { findStoredSession } from '../../src/lib/server/auth/session-lookup.ts';
import { findActiveLessons, loadLearnerState, recordQuizAttempt } from '../../src/lib/server/learning/learner-store/index.ts';
import { lessons, users } from '../../db/schema.ts';
import { badgesJson, buildDashboard, buildQuizAnalytics, buildUserProgress, listBadges, quizAnalyticsJson, userProgressJson } from '../../src/lib/server/learning/progress.ts';
import { recordAssessment } from '../../src/lib/server/learning/assessment.ts';
import { recordActivity } from '../../src/lib/server/learning/streaks.ts';
import { waitFor } from '../helpers/wait.ts';

async function seedLesson(db: Awaited<ReturnType<typeof createTestDatabase>>['handle']['db']) {
  const [lesson] = await db
    .insert(lessons)
    .values({
      slug: 'cache-lesson',
      title: 'Before',
      pillar: 'credit',
      level: 'beginner',
      orderIndex: 1,
      duration: 5,
      weight: 10,
      sections: [{ header: 'One', content: 'Text' }],
      learningObjectives: ['Learn'],
      questions: [{ id: 1, question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 0, explanation: 'Because.' }],
    })
    .returning();
  return lesson;
}

/** Runs `read` while the learner's rows cannot be read (their query needs assessments): only the cache can answer. */
async function fromCacheOnly<T>(db: Awaited<ReturnType<typeof createTestDatabase>>, read: () => Promise<T>): Promise<T> {
  await db.handle.db.execute(sql.raw('alter table assessments rename to assessments_away'));
  try {
    return await read();
  } finally {
    await db.handle.db.execute(sql.raw('alter table assessments_away rename to assessments'));
  }
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: every change to a session, a user, progress, an assessment or a lesson is seen on the next read`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      assertEquals(await enableCaches(db.handle), kind === 'pglite', 'caches only on PGlite');
      const exec = (text: string) => db.handle.db.execute(sql.raw(text));
      const [user] = await db.handle.db.insert(users).values({ email: 'c@example.com', firstName: 'Cy', lastName: 'Che' }).returning();
      const { token } = await createSession(user.id);
      const [sessionId] = token.split('.');
      assertEquals((await validateSessionToken(token))?.user.firstName, 'Cy');

      // (The role is ADMIN_EMAILS's to decide at every check, so a user column that SQL may change.)
      await exec(`update users set first_name = 'Cyra' where id = '${user.id}'`);
      assertEquals((await validateSessionToken(token))?.user.firstName, 'Cyra', 'a change to the user is seen at once');

      const lesson = await seedLesson(db.handle.db);
      const before = await loadLearnerState(user.id);
      assertEquals([before.completed.has(lesson.id), before.hasAssessment], [false, false]);
      assertEquals(before.lessons.find((l) => l.id === lesson.id)?.title, 'Before');

      await exec(`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts, completed_at)
        values ('${user.id}', ${lesson.id}, true, 1, 1, 1, 1, now())`);
      await exec(`insert into assessments (user_id, saving_score, credit_score, investing_score) values ('${user.id}', 80, 55, 10)`);
      await exec(`update lessons set title = 'After' where id = ${lesson.id}`);
      const after = await loadLearnerState(user.id);
      assertEquals(after.completed.has(lesson.id), true, 'progress written by SQL is seen');
      assertEquals(after.placement, { saving: 'advanced', credit: 'intermediate', investing: 'beginner' });
      assertEquals((await findActiveLessons()).find((l) => l.id === lesson.id)?.title, 'After');

      await exec(`update lessons set deleted_at = now() where id = ${lesson.id}`);
      assertEquals((await findActiveLessons()).some((l) => l.id === lesson.id), false, 'a deleted lesson is gone');

      await exec(`delete from sessions where id = '${sessionId}'`);
      assertEquals(await validateSessionToken(token), null, 'a deleted session no longer signs in');
    } finally {
      disableCaches();
      await db.drop();
    }
  });
}

Deno.test('pglite: the caches really are read (a change no notification reports is not seen until one is)', async () => {
  const db = await createTestDatabase('pglite');
  setDatabaseHandle(db.handle);
  try {
    assert(await enableCaches(db.handle));
    const [user] = await db.handle.db.insert(users).values({ email: 'd@example.com', firstName: 'Di', lastName: 'Rect' }).returning();
    const { token } = await createSession(user.id);
    assertEquals((await validateSessionToken(token))?.user.firstName, 'Di');
    await db.handle.db.execute(sql.raw(`alter table users disable trigger users_notify_app_cache`));
    await db.handle.db.execute(sql.raw(`update users set first_name = 'Silent' where id = '${user.id}'`));
    await db.handle.db.execute(sql.raw(`alter table users enable trigger users_notify_app_cache`));
    assertEquals((await validateSessionToken(token))?.user.firstName, 'Di', 'served from the cache');
    await db.handle.db.execute(sql.raw(`update users set last_name = 'Loud' where id = '${user.id}'`));
    assertEquals((await validateSessionToken(token))?.user.firstName, 'Silent', 'a notified change drops the copy');
  } finally {
    disableCaches();
    await db.drop();
  }
});

Deno.test('a read that raced a change does not store what it read; another handle turns caching off', async () => {
  const db = await createTestDatabase('pglite');
  setDatabaseHandle(db.handle);
  try {
    assert(await enableCaches(db.handle));
    const cache = new ChangeCache<string>(2);
    const mark = cache.mark();
    cache.delete('k'); // a change arrives while the read is in flight
    cache.set('k', 'stale', mark);
    assertEquals(cache.get('k'), undefined);
    cache.set('k', 'fresh', cache.mark());
    assertEquals(cache.get('k'), 'fresh');
    cache.set('a', '1', cache.mark());
    cache.set('b', '2', cache.mark());
    assertEquals([cache.get('k'), cache.get('a'), cache.get('b')], [undefined, '1', '2'], 'bounded: the oldest entry goes');
    const other = await createTestDatabase('pglite');
    setDatabaseHandle(other.handle);
    assertEquals([cache.enabled, cache.get('a')], [false, undefined]);
    await other.drop();
  } finally {
    disableCaches();
    await db.drop();
  }
});

Deno.test("pglite: a progress change updates the cached learner in place, exactly as the database holds it, without reading it again", async () => {
  const db = await createTestDatabase('pglite');
  setDatabaseHandle(db.handle);
  try {
    assert(await enableCaches(db.handle));
    const exec = (text: string) => db.handle.db.execute(sql.raw(text));
    const [user] = await db.handle.db.insert(users).values({ email: 'p@example.com', firstName: 'Pia', lastName: 'Place' }).returning();
    const one = await seedLesson(db.handle.db);
    const [two] = await db.handle.db.insert(lessons).values({ ...one, id: undefined, slug: 'cache-lesson-2', orderIndex: 2, version: undefined }).returning();
    await exec(`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts)
      values ('${user.id}', ${one.id}, false, 0, 0, 1, 1)`);
    assertEquals((await loadLearnerState(user.id)).progress.get(one.id)?.attempts, 1);

    const stored = async () =>
      (await db.handle.queryRows<{ lesson_id: number; completed: boolean; best_score: number; last_score: number; attempts: number; completed_at: Date | null; updated_at: Date }>(
        `select * from lesson_progress where user_id = $1 order by lesson_id`,
        [user.id],
      )).map((r) => ({ lessonId: r.lesson_id, completed: r.completed, bestScore: r.best_score, lastScore: r.last_score, attempts: r.attempts, completedAt: r.completed_at?.getTime() ?? null, updatedAt: r.updated_at.getTime() }));
    const cached = async () =>
      [...(await loadLearnerState(user.id)).progress.values()]
        .sort((a, b) => a.lessonId - b.lessonId)
        .map((p) => ({ lessonId: p.lessonId, completed: p.completed, bestScore: p.bestScore, lastScore: p.lastScore, attempts: p.attempts, completedAt: p.completedAt?.getTime() ?? null, updatedAt: p.updatedAt.getTime() }));

    await exec(`update lesson_progress set completed = true, best_score = 1, last_score = 1, attempts = 2, completed_at = now(), updated_at = now() where user_id = '${user.id}'`);
    await exec(`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts) values ('${user.id}', ${two.id}, false, 0, 0, 1, 1)`);
    const inPlace = await fromCacheOnly(db, cached);
    assertEquals(inPlace, await stored(), 'an update and an insert, applied in place');

    // With the notification silenced, a change is not seen: the cached copy really is what answered.
    await exec(`alter table lesson_progress disable trigger lesson_progress_notify_app_cache`);
    await exec(`update lesson_progress set attempts = 9 where user_id = '${user.id}'`);
    await exec(`alter table lesson_progress enable trigger lesson_progress_notify_app_cache`);
    assertEquals((await cached()).map((p) => p.attempts), [2, 1]);

    await exec(`delete from lesson_progress where lesson_id = ${two.id}`);
    assertEquals(await cached(), await stored(), 'a deletion drops the copy, and the next read is fresh');
  } finally {
    disableCaches();
    await db.drop();
  }
});

if (postgresUrl) {
  Deno.test("postgres: the app's connections send no change notifications (nothing listens), and still count catalogue changes", async () => {
    const db = await createTestDatabase('postgres');
    const listener = postgres(db.url!, { max: 1, onnotice: () => {} });
    const other = postgres(db.url!, { max: 1, onnotice: () => {} });
    try {
      const heard: string[] = [];
      await listener.listen('app_cache', (payload) => heard.push(payload));
      const version = async () => Number((await other`select version from change_counters where name = 'lessons'`)[0]?.version ?? 0);
      const before = await version();
      const lesson = await seedLesson(db.handle.db);
      const [user] = await db.handle.db.insert(users).values({ email: 'q@example.com', firstName: 'Quinn', lastName: 'Q' }).returning();
      await db.handle.db.execute(sql`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts) values (${user.id}, ${lesson.id}, true, 1, 1, 1, 1)`);
      assertEquals(await version(), before + 1, 'the catalogue version still moves');
      // Another connection, without the app's setting (a PGlite-style writer), is still heard.
      await other`update users set first_name = 'Quincy' where id = ${user.id}`;
      await other`update lesson_progress set attempts = 2 where user_id = ${user.id}`;
      await waitFor(() => heard.length >= 2, { timeout: 5_000, interval: 20, message: 'two notifications' }).catch(() => {}); // the assertion below says what was heard
      assertEquals(heard.map((p) => p.split(':')[0]), ['users', 'lesson_progress'], 'only the other connection notified');
    } finally {
      await listener.end();
      await other.end();
      await db.drop();
    }
  });
}

Deno.test('pglite: a quiz completion updates the cached learner from its own result, without a notification or a second read', async () => {
  const db = await createTestDatabase('pglite');
  setDatabaseHandle(db.handle);
  try {
    assert(await enableCaches(db.handle));
    const exec = (text: string) => db.handle.db.execute(sql.raw(text));
    const [user] = await db.handle.db.insert(users).values({ email: 'r@example.com', firstName: 'Rae', lastName: 'Result' }).returning();
    const lesson = await seedLesson(db.handle.db);
    const heard: string[] = [];
    await db.handle.listen!('app_cache', (payload) => heard.push(payload));
    assertEquals((await loadLearnerState(user.id)).progress.size, 0);
    const quiz = (answer: number) => ({ attemptId: crypto.randomUUID(), quizResponses: [{ questionId: 1, userAnswer: answer }] });

    const lessonRow = (await findActiveLessons()).find((l) => l.id === lesson.id)!;
    await recordQuizAttempt(user.id, lessonRow, quiz(1));
    await recordQuizAttempt(user.id, lessonRow, quiz(0));
    assertEquals(heard.filter((p) => p.startsWith('lesson_progress:')), [], 'the statement sends no progress notification');
    const p = (await fromCacheOnly(db, () => loadLearnerState(user.id))).progress.get(lesson.id)!;
    const [row] = await db.handle.queryRows<{ completed: boolean; best_score: number; last_score: number; attempts: number; completed_at: Date; updated_at: Date }>(
      'select * from lesson_progress where user_id = $1',
      [user.id],
    );
    assertEquals(
      [p.completed, p.bestScore, p.lastScore, p.attempts, p.completedAt?.getTime(), p.updatedAt.getTime()],
      [row.completed, row.best_score, row.last_score, row.attempts, row.completed_at.getTime(), row.updated_at.getTime()],
    );
    assertEquals([p.completed, p.bestScore, p.lastScore, p.attempts], [true, 1, 1, 2]);

    // Other writers are still heard.
    await exec(`update lesson_progress set attempts = 5 where user_id = '${user.id}'`);
    assertEquals((await loadLearnerState(user.id)).progress.get(lesson.id)?.attempts, 5);
  } finally {
    disableCaches();
    await db.drop();
  }
});

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: the learner snapshot (dashboard, progress, analytics) shows every kind of change on the next read`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      assertEquals(await enableCaches(db.handle), kind === 'pglite');
      const exec = (text: string) => db.handle.db.execute(sql.raw(text));
      const [user] = await db.handle.db.insert(users).values({ email: 's@example.com', firstName: 'Sam', lastName: 'Snap' }).returning();
      const lesson = await seedLesson(db.handle.db);
      const now = new Date();
      const dashboard = () => buildDashboard(user.id, 'Sam', now);
      // The API bodies (kept serialized per snapshot) say what the builders say, byte for byte.
      const sameBodies = async (when: string) => {
        assertEquals(await userProgressJson(user.id, 's@example.com'), JSON.stringify(await buildUserProgress(user.id, 's@example.com')), `progress ${when}`);
        assertEquals(await quizAnalyticsJson(user.id), JSON.stringify(await buildQuizAnalytics(user.id)), `analytics ${when}`);
        assertEquals(await badgesJson(user.id), JSON.stringify(await listBadges(user.id)), `badges ${when}`);
      };
      await sameBodies('before any attempt');
      const first = await dashboard();
      assertEquals([first.badges.length, first.reviewDue, first.hasAssessment, first.daily.streak], [0, 0, false, 0]);
      assertEquals((await dashboard()).badges.length, 0, 'read again (from memory on PGlite)');

      // An attempt (the quiet statement): its badges, its missed question, the totals.
      const [fresh] = await findActiveLessons();
      await recordQuizAttempt(user.id, fresh, { attemptId: crypto.randomUUID(), quizResponses: [{ questionId: 1, userAnswer: 1 }] });
      assertEquals((await buildQuizAnalytics(user.id)).totalAttempts, 1);
      assertEquals((await buildUserProgress(user.id, 's@example.com')).scoreProgression.length, 1);
      assertEquals(JSON.parse(await userProgressJson(user.id, 's@example.com')).scoreProgression.length, 1);
      assertEquals(JSON.parse(await quizAnalyticsJson(user.id)).totalAttempts, 1);
      await sameBodies('after an attempt');
      assertEquals((await dashboard()).reviewDue, 0, 'the missed question is due tomorrow');
      assertEquals((await buildDashboard(user.id, 'Sam', new Date(now.getTime() + 2 * 86_400_000))).reviewDue, 1);
      await recordQuizAttempt(user.id, fresh, { attemptId: crypto.randomUUID(), quizResponses: [{ questionId: 1, userAnswer: 0 }] });
      assertEquals((await dashboard()).badges.map((b) => b.key).sort(), ['first-lesson', 'level:credit:beginner', 'perfect-quiz']);
      // Changes made by other code or by hand: an assessment, a streak day, settings, a review item, a badge.
      await recordAssessment(user.id, { savingScore: 80, creditScore: 80, investingScore: 80 }, {});
      assertEquals((await dashboard()).hasAssessment, true);
      assertEquals(JSON.parse(await userProgressJson(user.id, 's@example.com')).assessments.count, 1);
      await sameBodies('after an assessment');
      await recordActivity(user.id, 'review', now, 'UTC');
      assertEquals((await dashboard()).daily.streak, 1);
      await exec(`update users set daily_goal = 3 where id = '${user.id}'`);
      assertEquals((await dashboard()).daily.today.goal, 3);
      await exec(`update review_items set due_at = now() - interval '1 hour' where user_id = '${user.id}'`);
      assertEquals((await dashboard()).reviewDue, 1);
      assert(JSON.parse(await badgesJson(user.id)).some((b: { key: string }) => b.key === 'perfect-quiz'));
      await exec(`delete from user_badges where user_id = '${user.id}' and badge = 'perfect-quiz'`);
      assert(!(await dashboard()).badges.some((b) => b.key === 'perfect-quiz'));
      assert(!JSON.parse(await userProgressJson(user.id, 's@example.com')).badges.some((b: { key: string }) => b.key === 'perfect-quiz'));
      assert(!JSON.parse(await badgesJson(user.id)).some((b: { key: string }) => b.key === 'perfect-quiz'), 'the kept badges JSON follows the change');
      await exec(`update lessons set title = 'After' where id = ${lesson.id}`);
      assertEquals((await buildUserProgress(user.id, 's@example.com')).scoreProgression[0].lessonTitle, 'After');
      assertEquals(JSON.parse(await userProgressJson(user.id, 's@example.com')).scoreProgression[0].lessonTitle, 'After');
      // Another learner's e-mail is never served from this learner's kept figures.
      assertEquals(JSON.parse(await userProgressJson(user.id, 'other@example.com')).email, 'other@example.com');
      await sameBodies('after a lesson changed');
    } finally {
      disableCaches();
      await db.drop();
    }
  });
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: the learner's rows, through a session lookup or read alone, hold each progress row as stored, times to the millisecond`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    try {
      const exec = (text: string) => db.handle.db.execute(sql.raw(text));
      const [user] = await db.handle.db.insert(users).values({ email: 'r@example.com', firstName: 'Rae', lastName: 'Rows' }).returning();
      const one = await seedLesson(db.handle.db);
      const [two] = await db.handle.db.insert(lessons).values({ ...one, id: undefined, slug: 'cache-lesson-2', orderIndex: 2, version: undefined }).returning();
      // Microseconds in the database; a Date holds milliseconds (truncated, as parsing the ISO text did).
      await exec(`insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts, completed_at, updated_at) values
        ('${user.id}', ${one.id}, true, 3, 2, 3, 4, '2026-03-04 05:06:07.891999+00', '2026-03-05 05:06:07.000500+00'),
        ('${user.id}', ${two.id}, false, 1, 1, 3, 1, null, '1999-12-31 23:59:59.999999+00')`);
      const expected = [
        { userId: user.id, lessonId: one.id, completed: true, bestScore: 3, lastScore: 2, totalQuestions: 3, attempts: 4, completedAt: new Date('2026-03-04T05:06:07.891Z'), updatedAt: new Date('2026-03-05T05:06:07.000Z') },
        { userId: user.id, lessonId: two.id, completed: false, bestScore: 1, lastScore: 1, totalQuestions: 3, attempts: 1, completedAt: null, updatedAt: new Date('1999-12-31T23:59:59.999Z') },
      ];
      const { token } = await createSession(user.id);
      const looked = await findStoredSession(token.split('.')[0]);
      assert(looked?.learner, 'the lookup read the learner rows');
      assertEquals([...looked.learner.progress].sort((a, b) => a.lessonId - b.lessonId), expected, 'through the session lookup');
      const state = await loadLearnerState(user.id);
      assertEquals([...state.progress.values()].sort((a, b) => a.lessonId - b.lessonId), expected, 'read alone');
      assertEquals([...state.completed], [one.id]);
      assertEquals(state.completedAt.get(one.id), new Date('2026-03-04T05:06:07.891Z'));
    } finally {
      await db.drop();
    }
  });
}
