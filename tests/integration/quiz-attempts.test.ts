// Quiz completions at once: concurrent learners each get exactly their own result, one learner's
// attempts are recorded in turn, on PGlite and on PostgreSQL.
import { and, asc, eq } from 'drizzle-orm';
import { assert, assertEquals, assertRejects } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds, type TestDatabase } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { recordQuizAttempt } from '../../src/lib/server/learning/learner-store/attempts.ts';
import { readAttemptPage } from '../../src/lib/server/learning/learner-store/figures.ts';
import { writeLessons } from '../../src/lib/server/content/catalogue.ts';
import { storeRendering } from '../../src/lib/server/content/lesson-render.ts';
import {
  type Lesson,
  lessonProgress,
  lessons,
  questionSets,
  quizAttempts,
  reviewItems,
  users,
} from '../../db/schema.ts';

type Db = TestDatabase['handle']['db'];

async function withLearners(
  kind: TestDatabase['kind'],
  count: number,
  fn: (db: Db, learners: string[], lesson: Lesson, next: Lesson) => Promise<void>,
) {
  const test = await createTestDatabase(kind);
  setDatabaseHandle(test.handle);
  try {
    await loadContent(test.handle.db);
    const rows = await test.handle.db
      .insert(users)
      .values(
        Array.from(
          { length: count },
          (_, i) => ({ email: `l${i}@example.com`, firstName: `L${i}`, lastName: 'Learner' }),
        ),
      )
      .returning({ id: users.id });
    const [first, second] = await test.handle.db
      .select()
      .from(lessons)
      .where(and(eq(lessons.pillar, 'credit'), eq(lessons.level, 'beginner')))
      .orderBy(asc(lessons.orderIndex));
    await fn(test.handle.db, rows.map((r) => r.id), first, second);
  } finally {
    await test.drop();
  }
}

const right = (lesson: Lesson) => lesson.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer }));
const allWrong = (lesson: Lesson) =>
  lesson.questions.map((q) => ({ questionId: q.id, userAnswer: (q.correctAnswer + 1) % 4 }));

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: forty learners completing at once each get their own attempt, progress and reviews`, async () => {
    await withLearners(kind, 40, async (db, learners, lesson) => {
      const results = await Promise.all(
        learners.map((userId, i) =>
          recordQuizAttempt(userId, lesson, {
            attemptId: crypto.randomUUID(),
            quizResponses: i % 2 ? right(lesson) : allWrong(lesson),
            durationMs: 1000 + i,
          })
        ),
      );
      const n = lesson.questions.length;
      assertEquals(
        results.map((r) => [r.duplicate, r.passed, r.completed, r.score]),
        learners.map((_, i) => [false, i % 2 === 1, i % 2 === 1, i % 2 ? n : 0]),
      );
      const attempts = await db.select().from(quizAttempts);
      assertEquals(attempts.length, 40);
      for (const [i, userId] of learners.entries()) {
        const mine = attempts.filter((a) => a.userId === userId);
        assertEquals(mine.map((a) => [a.attemptId, a.durationMs, a.score]), [[
          results[i].attemptId,
          1000 + i,
          results[i].score,
        ]]);
      }
      const progress = await db.select().from(lessonProgress);
      assertEquals(progress.length, 40);
      assert(progress.every((p) => p.attempts === 1 && p.completed === (p.bestScore === n)));
      const reviews = await db.select().from(reviewItems);
      assertEquals(reviews.length, 20 * lesson.questions.length, 'every missed question of the failing half, once');
      assert(reviews.every((r) => learners.indexOf(r.userId) % 2 === 0 && r.box === 1));
    });
  });

  Deno.test(`${kind}: one learner's retries, another tab and a second lesson at the same moment: one attempt per attempt id, recorded in turn`, async () => {
    await withLearners(kind, 1, async (db, [userId], lesson, next) => {
      const retried = crypto.randomUUID();
      const [a, b, c, d, e, fail, pass] = await Promise.all([
        ...Array.from(
          { length: 5 },
          () => recordQuizAttempt(userId, lesson, { attemptId: retried, quizResponses: right(lesson) }),
        ),
        recordQuizAttempt(userId, next, { attemptId: crypto.randomUUID(), quizResponses: allWrong(next) }),
        recordQuizAttempt(userId, next, { attemptId: crypto.randomUUID(), quizResponses: right(next) }),
      ]);
      assertEquals([a, b, c, d, e].filter((r) => !r.duplicate).length, 1, 'one of the five is recorded');
      assert(
        [a, b, c, d, e].every((r) => r.attemptId === retried && r.score === lesson.questions.length && r.completed),
      );
      const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.userId, userId));
      assertEquals(attempts.length, 3);
      // Sent at the same moment, they are recorded in turn (in whichever order they reached the
      // learner's row): each answer is the lesson's state after the attempts recorded before it.
      const seqOf = (attemptId: string) => attempts.find((a) => a.attemptId === attemptId)!.seq;
      assertEquals(attempts.map((a) => a.seq).sort(), [1, 2, 3]);
      assertEquals(pass.completed, true, 'the pass completed the lesson');
      assertEquals(
        fail.completed,
        seqOf(pass.attemptId) < seqOf(fail.attemptId),
        'the fail says completed exactly when the pass was recorded before it',
      );
      const rows = await db.select().from(lessonProgress).where(eq(lessonProgress.userId, userId)).orderBy(
        asc(lessonProgress.lessonId),
      );
      // The last score is the one recorded last.
      const lastScore = seqOf(pass.attemptId) > seqOf(fail.attemptId) ? next.questions.length : 0;
      assertEquals(rows.map((p) => [p.lessonId, p.attempts, p.completed, p.bestScore, p.lastScore]), [
        [lesson.id, 1, true, lesson.questions.length, lesson.questions.length],
        [next.id, 2, true, next.questions.length, lastScore],
      ]);
    });
  });

  Deno.test(`${kind}: a write that fails fails alone; the attempts made at the same moment are recorded`, async () => {
    await withLearners(kind, 6, async (db, learners, lesson) => {
      const gone = crypto.randomUUID(); // no such user: the attempt's foreign key refuses it
      const attempts = [...learners.slice(0, 3), gone, ...learners.slice(3)].map((userId) =>
        recordQuizAttempt(userId, lesson, { attemptId: crypto.randomUUID(), quizResponses: right(lesson) })
      );
      const settled = await Promise.allSettled(attempts);
      assertEquals(settled.map((s) => s.status), [
        'fulfilled',
        'fulfilled',
        'fulfilled',
        'rejected',
        'fulfilled',
        'fulfilled',
        'fulfilled',
      ]);
      await assertRejects(() => attempts[3]);
      assertEquals((await db.select().from(quizAttempts)).length, 6);
      assertEquals((await db.select().from(lessonProgress)).length, 6);
    });
  });
  Deno.test(`${kind}: a version of a lesson's questions is stored once; each attempt reads back with the questions as they were asked`, async () => {
    await withLearners(kind, 12, async (db, learners, lesson) => {
      const first = await Promise.all(
        learners.map((userId) =>
          recordQuizAttempt(userId, lesson, { attemptId: crypto.randomUUID(), quizResponses: right(lesson) })
        ),
      );
      const sets = await db.select().from(questionSets).where(eq(questionSets.lessonId, lesson.id));
      assertEquals(sets.length, 1, 'twelve attempts, one stored copy of the questions');
      assertEquals(
        sets[0].questions.map((q) => [q.questionId, q.question, q.options, q.correctAnswer, q.explanation]),
        lesson.questions.map((q) => [q.id, q.question, q.options, q.correctAnswer, q.explanation]),
      );
      const attempts = await db.select().from(quizAttempts);
      assert(attempts.every((a) => a.questionSetId === sets[0].id));
      assertEquals(
        attempts[0].responses.map((r) => Object.keys(r).sort()),
        lesson.questions.map(() => ['isCorrect', 'questionId', 'userAnswer']),
      );

      // An author rewords a question: the new wording is stored once when it is written, the older attempts keep their own.
      const edited: Lesson = await writeLessons(async (tx) => {
        const [row] = await tx.update(lessons).set({
          questions: lesson.questions.map((
            q,
            i,
          ) => (i === 0 ? { ...q, question: `${q.question} (reworded)`, explanation: 'New explanation.' } : q)),
          version: lesson.version + 1,
        }).where(eq(lessons.id, lesson.id)).returning();
        return storeRendering(tx, row);
      });
      const [userId] = learners;
      const later = await recordQuizAttempt(userId, edited, {
        attemptId: crypto.randomUUID(),
        quizResponses: allWrong(edited),
      });
      assertEquals(later.results[0].explanation, 'New explanation.');
      assertEquals((await db.select().from(questionSets).where(eq(questionSets.lessonId, lesson.id))).length, 2);
      const history = await readAttemptPage(userId, { limit: 100 });
      assertEquals(history.map((a) => a.responses[0].question), [
        lesson.questions[0].question,
        `${lesson.questions[0].question} (reworded)`,
      ]);
      assertEquals(history.map((a) => a.responses.map((r) => r.isCorrect)), [
        lesson.questions.map(() => true),
        lesson.questions.map(() => false),
      ]);

      // A retry of the first attempt answers from the stored set, as the first answer did.
      const retry = await recordQuizAttempt(userId, lesson, {
        attemptId: first[0].attemptId,
        quizResponses: right(lesson),
      });
      assertEquals(retry.duplicate, true);
      assertEquals(retry.results, first[0].results);
    });
  });
}
