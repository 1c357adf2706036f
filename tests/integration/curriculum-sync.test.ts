// Loading a new curriculum into a database that already has learners (curriculum v2): nobody
// loses access. A learner who finished the old beginner saving lessons keeps intermediate open,
// and the new beginner lesson shows as new and open; changed files update their lessons unless an
// author edited them. On PGlite and PostgreSQL.
import { rmSync } from 'node:fs';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { assert, assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import {
  isNewFor,
  isUnlockedFor,
  levelStates,
  loadLearnerState,
} from '../../src/lib/server/learning/learner-store/state.ts';
import { lessonProgress, lessons, users } from '../../db/schema.ts';
import { MIN_LESSONS_PER_LEVEL } from '../../src/lib/curriculum.ts';
import { folderWith, lessonFile } from '../helpers/lesson-files.ts';

/** The saving pillar of the first curriculum: 4 beginner and 3 intermediate lessons, real slugs. */
const V1_BEGINNER = [
  'saving-pay-yourself-first',
  'saving-emergency-fund-101',
  'saving-budgeting-methods',
  'saving-goals-and-reviews',
];
const V1_INTERMEDIATE = ['saving-full-emergency-fund', 'saving-sinking-funds', 'saving-cut-recurring-costs'];

async function learnerWho(db: Awaited<ReturnType<typeof createTestDatabase>>, completes: string[], when: Date) {
  const [user] = await db.handle.db.insert(users).values({
    email: `l${crypto.randomUUID().slice(0, 6)}@example.com`,
    firstName: 'L',
    lastName: 'V1',
    emailVerifiedAt: when,
  }).returning();
  for (const slug of completes) {
    const [lesson] = await db.handle.db.select().from(lessons).where(eq(lessons.slug, slug));
    await db.handle.db.insert(lessonProgress).values({
      userId: user.id,
      lessonId: lesson.id,
      completed: true,
      bestScore: 3,
      lastScore: 3,
      totalQuestions: 3,
      attempts: 1,
      completedAt: when,
      updatedAt: when,
    });
  }
  return user;
}

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: the v2 curriculum loads over v1: a learner who finished v1 beginner saving keeps intermediate; the new first lesson is open and new`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    const v1 = folderWith(Object.fromEntries([
      ...V1_BEGINNER.map((slug, i) => [slug, lessonFile(slug, 'beginner', i + 1)]),
      ...V1_INTERMEDIATE.map((slug, i) => [slug, lessonFile(slug, 'intermediate', i + 1)]),
    ]));
    try {
      assertEquals((await loadContent(db.handle.db, v1)).lessonsAdded, 7);
      // Published a while ago; the learner finished the beginner level since.
      await db.handle.db.update(lessons).set({ createdAt: new Date(Date.now() - 30 * 86_400_000) });
      const finished = await learnerWho(db, V1_BEGINNER, new Date(Date.now() - 86_400_000));
      const halfway = await learnerWho(db, V1_BEGINNER.slice(0, 2), new Date(Date.now() - 86_400_000));
      const before = await loadLearnerState(finished.id);
      assertEquals(levelStates(before, 'saving').intermediate, true);

      // The release: the real curriculum files of today.
      const loaded = await loadContent(db.handle.db);
      assertEquals(loaded.lessonsAdded, readLessonFiles().length - 7);
      assertEquals(loaded.lessonsUpdated, 7, 'every v1 lesson follows its changed file');
      const saving = await db.handle.db.select().from(lessons).where(eq(lessons.pillar, 'saving'));
      for (const level of ['beginner', 'intermediate', 'advanced'] as const) {
        const files = readLessonFiles().flatMap((
          f,
        ) => (f.lesson?.pillar === 'saving' && f.lesson.level === level ? [f.lesson] : []));
        const rows = saving.filter((l) => l.level === level);
        assertEquals(rows.length, files.length);
        assert(rows.length >= MIN_LESSONS_PER_LEVEL);
        assertEquals(
          rows.map((l) => [l.slug, l.orderIndex]).sort(),
          files.map((l) => [l.slug, l.orderIndex]).sort(),
          `${level}: each lesson at its file's place`,
        );
      }

      const after = await loadLearnerState(finished.id);
      assertEquals(levelStates(after, 'saving').intermediate, true, 'intermediate stays open');
      const added = after.lessons.filter((l) =>
        l.pillar === 'saving' && l.level === 'beginner' && !V1_BEGINNER.includes(l.slug)
      );
      assertEquals(added.length, 1);
      assertEquals(
        [isUnlockedFor(after, added[0]), isNewFor(after, added[0])],
        [true, true],
        'the new beginner lesson is open and new',
      );
      const firstIntermediate = after.lessons.find((l) =>
        l.pillar === 'saving' && l.level === 'intermediate' && l.orderIndex === 1
      )!;
      assertEquals(isUnlockedFor(after, firstIntermediate), true);

      // Someone half-way through beginner keeps what they had: their next old lesson is open.
      const half = await loadLearnerState(halfway.id);
      const third = half.lessons.find((l) => l.slug === V1_BEGINNER[2])!;
      assertEquals(isUnlockedFor(half, third), true);
      assertEquals(levelStates(half, 'saving').intermediate, false, 'they never had intermediate');

      // Loading the same files again changes nothing.
      assertEquals(await loadContent(db.handle.db), { lessonsAdded: 0, lessonsUpdated: 0, lessonFilesSkipped: 0 });
    } finally {
      rmSync(path.dirname(v1), { recursive: true, force: true });
      await db.drop();
    }
  });

  Deno.test(`${kind}: a changed file updates its lesson (unchanged questions keep their ids) unless an author edited it`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    const first = folderWith({
      'saving-a': lessonFile('saving-a', 'beginner', 1),
      'saving-b': lessonFile('saving-b', 'beginner', 2),
    });
    const second = folderWith({
      'saving-a': lessonFile('saving-a', 'beginner', 1, 'A rewritten first question?'),
      'saving-b': lessonFile('saving-b', 'beginner', 2, 'Also rewritten?'),
    });
    try {
      await loadContent(db.handle.db, first);
      const [b] = await db.handle.db.select().from(lessons).where(eq(lessons.slug, 'saving-b'));
      // An author edits lesson b (the admin screen bumps the version).
      await db.handle.db.update(lessons).set({ title: "An author's title", version: b.version + 1 }).where(
        eq(lessons.id, b.id),
      );
      assertEquals(await loadContent(db.handle.db, second), {
        lessonsAdded: 0,
        lessonsUpdated: 1,
        lessonFilesSkipped: 0,
      });
      const [a] = await db.handle.db.select().from(lessons).where(eq(lessons.slug, 'saving-a'));
      assertEquals(a.questions.map((q) => [q.id, q.question]), [[4, 'A rewritten first question?'], [
        2,
        'Question 1 of saving-a?',
      ], [3, 'Question 2 of saving-a?']]);
      assertEquals([a.lastQuestionId, a.version, a.sourceVersion], [4, 2, 2]);
      const [authored] = await db.handle.db.select().from(lessons).where(and(eq(lessons.slug, 'saving-b')));
      assertEquals(authored.title, "An author's title");
      assert(authored.questions[0].question !== 'Also rewritten?', "an author's lesson keeps its questions");
    } finally {
      for (const dir of [first, second]) rmSync(path.dirname(dir), { recursive: true, force: true });
      await db.drop();
    }
  });

  Deno.test(`${kind}: a file that would move a lesson onto an author's lesson moves nothing, and still updates the text`, async () => {
    const db = await createTestDatabase(kind);
    setDatabaseHandle(db.handle);
    const first = folderWith({ 'saving-a': lessonFile('saving-a', 'beginner', 1) });
    const moved = folderWith({ 'saving-a': lessonFile('saving-a', 'beginner', 2, 'Moved and changed?') });
    try {
      await loadContent(db.handle.db, first);
      // An author's own lesson sits at beginner 2.
      await db.handle.db.insert(lessons).values({
        slug: 'authors-own',
        title: 'Own',
        pillar: 'saving',
        level: 'beginner',
        orderIndex: 2,
      });
      await loadContent(db.handle.db, moved);
      const [a] = await db.handle.db.select().from(lessons).where(eq(lessons.slug, 'saving-a'));
      assertEquals([a.orderIndex, a.questions[0].question], [1, 'Moved and changed?']);
    } finally {
      for (const dir of [first, moved]) rmSync(path.dirname(dir), { recursive: true, force: true });
      await db.drop();
    }
  });
}
