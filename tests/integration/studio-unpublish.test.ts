// Unpublishing, publishing again and deleting on the domain modules with a real database (PGlite,
// and Postgres when DATABASE_URL is set): each writes its audit row in its own transaction,
// publishing again is a version in the history, learners' attempts stay, an unpublished lesson keeps
// its open draft (publishing that draft shows the lesson again) and a deletion discards it.
import { and, asc, eq } from 'drizzle-orm';
import { assert, assertEquals, assertRejects } from '../helpers/assert.ts';
import { databaseKinds, type TestDatabase, withCurriculum } from '../helpers/database.ts';
import { createLesson, deleteLesson } from '../../src/lib/server/studio/admin-lessons.ts';
import { listUnpublishedLessons, republishLesson, unpublishLesson } from '../../src/lib/server/studio/lesson-states.ts';
import { findDraft, getDraft, openDraft } from '../../src/lib/server/studio/drafts.ts';
import { listVersions } from '../../src/lib/server/studio/history.ts';
import { publishDraft } from '../../src/lib/server/studio/publish-draft.ts';
import { recordQuizAttempt } from '../../src/lib/server/learning/learner-store/attempts.ts';
import { findLesson } from '../../src/lib/server/content/catalogue.ts';
import { HttpError } from '../../src/lib/server/platform/http.ts';
import { lessonFormSchema } from '../../src/lib/lesson-form.ts';
import { auditLog, type Lesson, lessons, quizAttempts } from '../../db/schema.ts';

Deno.env.set('LOG_LEVEL', 'warn');

async function lessonAt(db: TestDatabase['handle']['db'], orderIndex: number): Promise<Lesson> {
  const [row] = await db.select().from(lessons).where(
    and(eq(lessons.pillar, 'credit'), eq(lessons.level, 'beginner'), eq(lessons.orderIndex, orderIndex)),
  );
  return row;
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: unpublish, publish again and delete each write an audit row; publishing again is a new version; attempts stay`, async () => {
    await withCurriculum(kind, async (db, { admin, learner }) => {
      const lesson = await lessonAt(db, 1);
      await recordQuizAttempt(learner, lesson, {
        attemptId: crypto.randomUUID(),
        quizResponses: lesson.questions.map((q) => ({ questionId: q.id, userAnswer: q.correctAnswer })),
      });

      const hidden = await unpublishLesson(admin, lesson.id);
      assertEquals(hidden.state, 'unpublished', 'hidden from learners, kept in the studio');
      assertEquals(hidden.version, lesson.version);
      assertEquals(await findLesson(lesson.id), undefined, "the learners' lookup no longer finds it");
      assertEquals((await listUnpublishedLessons()).map((l) => l.id), [lesson.id]);
      const refused = await assertRejects(() => unpublishLesson(admin, lesson.id), HttpError);
      assertEquals(refused.status, 409);

      const shown = await republishLesson(admin, lesson.id);
      assertEquals([shown.id, shown.slug, shown.version], [lesson.id, lesson.slug, lesson.version + 1]);
      assertEquals(shown.state, 'published');
      assertEquals((await findLesson(lesson.id))?.id, lesson.id);
      const [newest] = await listVersions(lesson.id);
      assertEquals([newest.version, newest.note, newest.publishedBy], [shown.version, 'Published again', admin]);

      await deleteLesson(admin, lesson.id);
      const attempts = await db.select().from(quizAttempts).where(eq(quizAttempts.userId, learner));
      assertEquals(attempts.length, 1, 'the attempt is kept through all of it');
      const audit = (await db.select().from(auditLog).orderBy(asc(auditLog.id))).map((r) => [
        r.actorId,
        r.action,
        r.detail,
      ]);
      const detail = (version: number) => ({ lessonId: lesson.id, title: lesson.title, version });
      assertEquals(audit, [
        [admin, 'lesson.unpublish', detail(lesson.version)],
        [admin, 'lesson.republish', detail(lesson.version + 1)],
        [admin, 'lesson.delete', detail(lesson.version + 2)],
      ]);

      // When the audit row cannot be written, the change is rolled back too.
      const other = await lessonAt(db, 2);
      await assertRejects(() => unpublishLesson('not-a-uuid', other.id));
      assertEquals((await findLesson(other.id))?.state, 'published', 'unpublish rolled back');
      await unpublishLesson(admin, other.id);
      await assertRejects(() => republishLesson('not-a-uuid', other.id));
      assertEquals(await findLesson(other.id), undefined, 'publish again rolled back');
      assertEquals((await db.select().from(auditLog)).length, 4);
    });
  });

  Deno.test(`${kind}: an unpublished lesson keeps its draft, whose publishing shows the lesson again; a deletion discards the draft; a taken place refuses publishing again`, async () => {
    await withCurriculum(kind, async (db, { admin }) => {
      const lesson = await lessonAt(db, 1);
      const draft = await openDraft(admin, lesson.id);
      await unpublishLesson(admin, lesson.id);
      const kept = await getDraft(draft.id);
      assertEquals([kept.unpublished, kept.stale, kept.publishedVersion], [true, false, lesson.version]);
      const published = await publishDraft(admin, draft.id, 'Fixed while unpublished');
      assertEquals([published.id, published.state], [lesson.id, 'published']);
      assertEquals((await findLesson(lesson.id))?.version, lesson.version + 1);

      // An unpublished lesson keeps its place: no other lesson may take it while it is unpublished.
      const moved = await lessonAt(db, 2);
      await unpublishLesson(admin, moved.id);
      const taken = await assertRejects(() =>
        createLesson(
          admin,
          lessonFormSchema.parse({
            title: 'In the place of an unpublished lesson',
            pillar: moved.pillar,
            level: moved.level,
            orderIndex: moved.orderIndex,
            sections: [{ content: 'Text.' }],
            questions: [{ question: 'Which?', options: ['a', 'b', 'c', 'd'], correctAnswer: 1, explanation: 'b' }],
          }),
        ), HttpError);
      assertEquals(taken.status, 409);
      assert(/order/.test(taken.message), taken.message);
      assertEquals(await findLesson(moved.id), undefined, 'still unpublished');
      assertEquals((await republishLesson(admin, moved.id)).state, 'published', 'its place was kept');
      await unpublishLesson(admin, moved.id);

      // Deleting it (unpublished, with an open draft) discards the draft and takes it out of the studio.
      const movedDraft = await openDraft(admin, moved.id);
      await deleteLesson(admin, moved.id);
      assertEquals((await assertRejects(() => findDraft(movedDraft.id), HttpError)).status, 404);
      assertEquals(await listUnpublishedLessons(), []);
      const [row] = await db.select().from(lessons).where(eq(lessons.id, moved.id));
      assertEquals(row.state, 'deleted', 'deleted, no longer unpublished');
      assertEquals((await assertRejects(() => republishLesson(admin, moved.id), HttpError)).status, 404);
      assertEquals((await assertRejects(() => deleteLesson(admin, moved.id), HttpError)).status, 404);
    });
  });
}
