// The review queue kept between visits (review.ts): the same queue object while no item's due
// date is crossed and the items and catalogue are unchanged, a new one as soon as one is, and
// always what a queue built from scratch gives. On both drivers, reading at the learner's version.
import { asc } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { createSession, validateSessionToken } from '../../src/lib/server/auth/session.ts';
import { readSnapshot, recordQuizAttempt } from '../../src/lib/server/learning/learner-store/index.ts';
import { answerReview, listReview } from '../../src/lib/server/learning/review.ts';
import { lessons, users } from '../../db/schema.ts';

const HOUR = 3_600_000;

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: the review queue is kept until a due date is crossed or an item changes, and equals one built afresh`, async () => {
    const test = await createTestDatabase(kind);
    setDatabaseHandle(test.handle);
    try {
      const db = test.handle.db;
      await loadContent(db);
      const all = await db.select().from(lessons).orderBy(asc(lessons.pillar), asc(lessons.level), asc(lessons.orderIndex));
      const [user] = await db.insert(users).values({ email: 'q@example.com', firstName: 'Queue', lastName: 'Kept' }).returning();
      const { token } = await createSession(user.id);
      // Two attempts two hours apart, each missing one question: two items due two hours apart.
      const t0 = Date.now();
      for (const [k, lesson] of all.slice(0, 2).entries()) {
        const quizResponses = lesson.questions.map((q, i) => ({ questionId: q.id, userAnswer: i === 0 ? (q.correctAnswer + 1) % q.options.length : q.correctAnswer }));
        await recordQuizAttempt(user.id, lesson, { attemptId: crypto.randomUUID(), quizResponses }, new Date(t0 + k * 2 * HOUR));
      }
      const dues = (await readSnapshot(user.id)).review.map((r) => r.dueAt.getTime()).sort((a, b) => a - b);
      assertEquals(dues.length, 2);
      const locals = async () => ({ learnerVersion: (await validateSessionToken(token))!.learnerVersion });
      const fresh = (at: number) => listReview(user.id, new Date(at));
      const kept = async (at: number) => listReview(user.id, new Date(at), await locals());

      const beforeAny = await kept(dues[0] - 1);
      assertEquals(beforeAny.due.length, 0);
      assertEquals(await kept(dues[0] - 60_000), beforeAny, 'earlier, still before the first due date: the same');
      assert((await kept(dues[0] - 2)) === beforeAny, 'the same object while no due date is crossed');
      const firstDue = await kept(dues[0]);
      assert(firstDue !== beforeAny, 'a new queue once the first item is due');
      assertEquals(firstDue, await fresh(dues[0]));
      assertEquals(firstDue.due.length, 1);
      assert((await kept(dues[1] - 1)) === firstDue, 'kept until the next due date');
      const both = await kept(dues[1] + HOUR);
      assertEquals(both.due.length, 2);
      assertEquals(both, await fresh(dues[1] + HOUR));
      // Back before a due date (a clock set back): built again, not the later queue.
      assertEquals((await kept(dues[0] - 1)).due.length, 0);

      // An answer changes the items: the next read at the new version sees it.
      const now = dues[1] + HOUR;
      await kept(now);
      await answerReview(user.id, both.due[0].id, all[0].questions[0].correctAnswer, new Date(now));
      const after = await kept(now);
      assertEquals(after, await fresh(now));
      assertEquals(after.due.length, 1, 'the answered question left the round');
    } finally {
      await test.drop();
    }
  });
}
