// Lesson management on the domain modules with a real database (PGlite, and Postgres when
// DATABASE_URL is set): each change and its audit row are one transaction, question ids stay
// stable through edits, and the curriculum loader never overwrites an author's edit.
import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { assert, assertEquals, assertRejects } from '../helpers/assert.ts';
import { databaseKinds, withCurriculum } from '../helpers/database.ts';
import { lessonAt } from '../helpers/learners.ts';
import {
  createLesson,
  deleteLesson,
  getLessonForAdmin,
  updateLesson,
} from '../../src/lib/server/studio/admin-lessons.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { recordQuizAttempt } from '../../src/lib/server/learning/learner-store/attempts.ts';
import { findLesson } from '../../src/lib/server/content/catalogue.ts';
import { answerReview, listReview } from '../../src/lib/server/learning/review.ts';
import { readAttemptPage } from '../../src/lib/server/learning/learner-store/figures.ts';
import { HttpError } from '../../src/lib/server/platform/http.ts';
import { type LessonFormInput, lessonFormSchema } from '../../src/lib/lesson-form.ts';
import { auditLog, lessons, quizAttempts, reviewItems } from '../../db/schema.ts';

Deno.env.set('LOG_LEVEL', 'warn');
const DAY = 24 * 60 * 60 * 1000;
const form = (input: Partial<LessonFormInput> = {}) =>
  lessonFormSchema.parse({
    title: 'Audited lesson',
    pillar: 'credit',
    level: 'advanced',
    orderIndex: 40,
    sections: [{ header: 'One', content: 'Some **text**.' }],
    questions: [{ question: 'Which?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1, explanation: 'b' }],
    ...input,
  });

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: create, update and delete each write an audit row (who, what, when) in the same transaction`, async () => {
    await withCurriculum(kind, async (db, { admin }) => {
      const before = Date.now() - 1000;
      const created = await createLesson(admin, form());
      const updated = await updateLesson(
        admin,
        created.id,
        form({ title: 'Audited lesson, revised', version: created.version }),
      );
      await deleteLesson(admin, created.id);
      const rows = await db.select().from(auditLog).orderBy(asc(auditLog.id));
      assertEquals(
        rows.map((r) => [r.actorId, r.action, r.detail]),
        [
          [admin, 'lesson.create', { lessonId: created.id, title: 'Audited lesson', version: 1 }],
          [admin, 'lesson.update', {
            lessonId: created.id,
            title: 'Audited lesson, revised',
            version: updated.version,
          }],
          [admin, 'lesson.delete', {
            lessonId: created.id,
            title: 'Audited lesson, revised',
            version: updated.version + 1,
          }],
        ],
      );
      assert(rows.every((r) => r.createdAt.getTime() >= before && r.createdAt.getTime() <= Date.now() + 1000), 'when');

      // When the audit row cannot be written (here: an actor id that is not a UUID), the change is rolled back too.
      const other = await createLesson(admin, form({ title: 'Kept as it was', orderIndex: 41 }));
      await assertRejects(() => createLesson('not-a-uuid', form({ title: 'Never created', orderIndex: 42 })));
      assertEquals(
        (await db.select().from(lessons).where(eq(lessons.title, 'Never created'))).length,
        0,
        'create rolled back',
      );
      await assertRejects(() =>
        updateLesson('not-a-uuid', other.id, form({ title: 'Never saved', orderIndex: 41, version: other.version }))
      );
      const afterUpdate = await getLessonForAdmin(other.id);
      assertEquals([afterUpdate.title, afterUpdate.version], ['Kept as it was', other.version], 'update rolled back');
      await assertRejects(() => deleteLesson('not-a-uuid', other.id));
      assertEquals((await getLessonForAdmin(other.id)).state, 'published', 'delete rolled back');
      assertEquals((await db.select().from(auditLog)).length, 4, 'no audit row for a change that did not happen');
    });
  });

  Deno.test(`${kind}: question ids survive reordering and removal; new questions get ids never used before`, async () => {
    await withCurriculum(kind, async (_db, { admin }) => {
      const q = (text: string, id?: number) => ({
        ...(id ? { id } : {}),
        question: text,
        options: ['a', 'b', 'c', 'd'],
        correctAnswer: 0,
        explanation: text,
      });
      const created = await createLesson(admin, form({ questions: [q('one'), q('two'), q('three')] }));
      assertEquals(created.questions.map((x) => [x.id, x.question]), [[1, 'one'], [2, 'two'], [3, 'three']]);
      // Reorder, remove "two", add "four": the kept questions keep their ids.
      const edited = await updateLesson(
        admin,
        created.id,
        form({ version: created.version, questions: [q('three', 3), q('one', 1), q('four')] }),
      );
      assertEquals(edited.questions.map((x) => [x.id, x.question]), [[3, 'three'], [1, 'one'], [4, 'four']]);
      // Remove the newest ("four", id 4), add "five": id 4 is not reused.
      const again = await updateLesson(
        admin,
        created.id,
        form({ version: edited.version, questions: [q('three', 3), q('one', 1), q('five')] }),
      );
      assertEquals(again.questions.map((x) => [x.id, x.question]), [[3, 'three'], [1, 'one'], [5, 'five']]);
      // An id the lesson never had, or sent twice, is not trusted.
      const odd = await updateLesson(
        admin,
        created.id,
        form({ version: again.version, questions: [q('three', 3), q('copy', 3), q('forged', 99)] }),
      );
      assertEquals(odd.questions.map((x) => [x.id, x.question]), [[3, 'three'], [6, 'copy'], [7, 'forged']]);
    });
  });

  Deno.test(`${kind}: review items follow their question through an edit, a removed question is skipped, and old attempts keep their copy`, async () => {
    await withCurriculum(kind, async (db, { admin, learner }) => {
      const [first] = await db.select().from(lessons).where(
        and(eq(lessons.pillar, 'credit'), eq(lessons.level, 'beginner'), eq(lessons.orderIndex, 1)),
      );
      const [q1, q2, q3, ...rest] = first.questions;
      const n = first.questions.length;
      assertEquals(first.questions.map((x) => x.id), Array.from({ length: n }, (_, i) => i + 1));
      const now = new Date();
      // Right on question 1 (and any after 3), wrong on 2 and 3: both go into the review queue.
      await recordQuizAttempt(learner, first, {
        attemptId: crypto.randomUUID(),
        quizResponses: [
          { questionId: 1, userAnswer: q1.correctAnswer },
          { questionId: 2, userAnswer: (q2.correctAnswer + 1) % 4 },
          { questionId: 3, userAnswer: (q3.correctAnswer + 1) % 4 },
          ...rest.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })),
        ],
      }, now);
      // The author drops question 2, moves 3 to the front and adds a new question (the others stay as they are).
      const fresh = {
        question: 'A brand-new question?',
        options: ['w', 'x', 'y', 'z'],
        correctAnswer: 0,
        explanation: 'w',
      };
      const edited = await updateLesson(
        admin,
        first.id,
        form(
          { ...first, content: undefined, version: first.version, questions: [q3, q1, ...rest, fresh] } as Partial<
            LessonFormInput
          >,
        ),
      );
      assertEquals(edited.questions.map((x) => x.id), [3, 1, ...rest.map((q) => q.id), n + 1]);

      const later = new Date(now.getTime() + 2 * DAY);
      const { due } = await listReview(learner, later);
      assertEquals(
        due.map((d) => [d.lessonId, d.question, d.options]),
        [[first.id, q3.question, q3.options]],
        'only question 3, with its own text',
      );
      const answered = await answerReview(learner, due[0].id, q3.correctAnswer, later);
      assertEquals([answered.correct, answered.explanation], [true, q3.explanation]);

      // Question 2's item is still stored; answering it is a clean 404, never another question.
      const stored = await db.query.reviewItems.findMany({ where: (r, { eq }) => eq(r.questionId, 2) });
      assertEquals(stored.length, 1);
      const refused = await assertRejects(
        () => answerReview(learner, stored[0].id, q2.correctAnswer, later),
        HttpError,
      );
      assertEquals(refused.status, 404);

      // The attempt still holds the questions as they were asked.
      const [attempt] = await readAttemptPage(learner, { limit: 100 });
      assertEquals(
        attempt.responses.map((r) => [r.questionId, r.question, r.explanation]),
        first.questions.map((q) => [q.id, q.question, q.explanation]),
      );
      assertEquals(attempt.score, n - 2);
      // A new attempt is graded by id against the edited questions.
      const lesson = (await findLesson(first.id))!;
      const result = await recordQuizAttempt(learner, lesson, {
        attemptId: crypto.randomUUID(),
        quizResponses: [
          { questionId: 3, userAnswer: q3.correctAnswer },
          { questionId: 1, userAnswer: q1.correctAnswer },
          ...rest.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })),
          { questionId: n + 1, userAnswer: 0 },
        ],
      });
      assertEquals([result.score, result.totalQuestions, result.passed], [n, n, true]);
    });
  });

  Deno.test(`${kind}: loading the curriculum again never overwrites an author's edit or brings back a deleted lesson`, async () => {
    await withCurriculum(kind, async (db, { admin }) => {
      const [first, second] = await db.select().from(lessons).where(
        and(eq(lessons.pillar, 'saving'), eq(lessons.level, 'beginner')),
      ).orderBy(asc(lessons.orderIndex));
      const edited = await updateLesson(
        admin,
        first.id,
        form({
          title: 'Edited by an author',
          pillar: 'saving',
          level: 'beginner',
          orderIndex: 1,
          sections: [{ content: 'New text.' }],
          version: first.version,
        }),
      );
      await deleteLesson(admin, second.id);
      const again = await loadContent(db);
      assertEquals(again.lessonsAdded, 0);
      const after = (await findLesson(first.id))!;
      assertEquals([after.title, after.sections, after.version, after.questions], [
        edited.title,
        [{ content: 'New text.' }],
        edited.version,
        edited.questions,
      ]);
      assertEquals(await findLesson(second.id), undefined);
      assertEquals(
        (await db.select().from(lessons).where(eq(lessons.slug, second.slug))).length,
        1,
        'no second copy of the deleted lesson',
      );
    });
  });
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: migration 0005 starts each lesson's question ids above every id its questions, attempts and review items use`, async () => {
    await withCurriculum(kind, async (db, { learner }) => {
      const [lesson] = await db.select().from(lessons).where(eq(lessons.slug, lessonAt('credit', 'beginner', 2).slug));
      const q = lesson.questions[0];
      await db.update(lessons).set({ lastQuestionId: 0, questions: [{ ...q, id: 5 }] }).where(
        eq(lessons.id, lesson.id),
      );
      await db.insert(reviewItems).values({ userId: learner, lessonId: lesson.id, questionId: 7, dueAt: new Date() });
      const [other] = await db.select().from(lessons).where(eq(lessons.slug, lessonAt('credit', 'beginner', 3).slug));
      await db.update(lessons).set({ lastQuestionId: 0 }).where(eq(lessons.id, other.id));
      await db.insert(quizAttempts).values({
        userId: learner,
        lessonId: other.id,
        attemptId: crypto.randomUUID(),
        score: 0,
        totalQuestions: 1,
        passed: false,
        questionSetId: 0,
        responses: [{ questionId: 9, userAnswer: 0, isCorrect: false }],
        seq: 1,
        pillar: other.pillar,
        level: other.level,
        accuracyUnits: 0,
        accuracyCum: 0,
      });
      const migration = readFileSync(new URL('../../db/migrations/0008_question_ids.sql', import.meta.url), 'utf8');
      const backfill = migration.split('--> statement-breakpoint').find((s) => s.includes('UPDATE'))!;
      await db.execute(sql.raw(backfill));
      const byId = new Map((await db.select().from(lessons)).map((l) => [l.id, l.lastQuestionId]));
      assertEquals([byId.get(lesson.id), byId.get(other.id)], [7, 9]);
      const untouched = (await db.select().from(lessons)).filter((l) => l.id !== lesson.id && l.id !== other.id);
      assertEquals(
        untouched.map((l) => [l.slug, byId.get(l.id)]),
        untouched.map((l) => [l.slug, Math.max(...l.questions.map((x) => x.id))]),
        'every other curriculum lesson starts at its own highest question id',
      );
    });
  });
}
