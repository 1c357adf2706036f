// A start whose curriculum files are the ones last loaded by the same build reads nothing more
// (issue 53: a restart within 3 s); any change, and anything a load could not take yet, loads the
// files again. On PGlite and PostgreSQL.
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { assertEquals } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { folderWith, lessonFile } from '../helpers/lesson-files.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { lessons } from '../../db/schema.ts';

const BUILD = 'file:///app/dist/server/chunks/curriculum-loader_Test1.mjs';
const UNCHANGED = { lessonsAdded: 0, lessonsUpdated: 0, lessonFilesSkipped: 0, unchanged: 1 };
const NOTHING_NEW = { lessonsAdded: 0, lessonsUpdated: 0, lessonFilesSkipped: 0 };

async function withFolder(
  kind: 'pglite' | 'postgres',
  files: Record<string, string>,
  fn: (db: Awaited<ReturnType<typeof createTestDatabase>>['handle']['db'], folder: string) => Promise<void>,
) {
  const db = await createTestDatabase(kind);
  setDatabaseHandle(db.handle);
  const folder = folderWith(files);
  try {
    await fn(db.handle.db, folder);
  } finally {
    rmSync(path.dirname(folder), { recursive: true, force: true });
    await db.drop();
  }
}

const titleOf = async (db: Parameters<Parameters<typeof withFolder>[2]>[0], slug: string) =>
  (await db.select({ title: lessons.title }).from(lessons).where(eq(lessons.slug, slug)))[0]?.title;

for (const kind of databaseKinds()) {
  Deno.test(`${kind}: the same files and build load once; a changed file, the facts or a new build load again`, async () => {
    const files = {
      'saving-a': lessonFile('saving-a', 'beginner', 1),
      'saving-b': lessonFile('saving-b', 'beginner', 2),
    };
    await withFolder(kind, files, async (db, folder) => {
      assertEquals((await loadContent(db, folder, BUILD)).lessonsAdded, 2);
      assertEquals(await loadContent(db, folder, BUILD), UNCHANGED);

      writeFileSync(
        path.join(folder, 'saving-a.md'),
        lessonFile('saving-a', 'beginner', 1).replace('title: "saving-a"', 'title: "Renamed"'),
      );
      assertEquals(await loadContent(db, folder, BUILD), { ...NOTHING_NEW, lessonsUpdated: 1 });
      assertEquals(await titleOf(db, 'saving-a'), 'Renamed');
      assertEquals(await loadContent(db, folder, BUILD), UNCHANGED);

      // The facts beside the folder are part of what a file says.
      writeFileSync(path.join(folder, '..', 'facts.yaml'), 'checkedAt: 2026-11-25\nfacts: {}\n');
      assertEquals(await loadContent(db, folder, BUILD), NOTHING_NEW);
      assertEquals(await loadContent(db, folder, BUILD), UNCHANGED);

      // Another build may parse the same files differently: it compares them again.
      assertEquals(await loadContent(db, folder, BUILD.replace('Test1', 'Test2')), NOTHING_NEW);
      // Run from the sources, nothing is remembered: every start compares.
      assertEquals(await loadContent(db, folder, undefined), NOTHING_NEW);
      assertEquals(await loadContent(db, folder, undefined), NOTHING_NEW);
    });
  });

  Deno.test(`${kind}: a broken file, a taken place or an unpublished lesson's change is tried again at the next start`, async () => {
    const files = { 'saving-a': lessonFile('saving-a', 'beginner', 1), 'saving-b': 'not a lesson file' };
    await withFolder(kind, files, async (db, folder) => {
      assertEquals((await loadContent(db, folder, BUILD)).lessonFilesSkipped, 1);
      assertEquals((await loadContent(db, folder, BUILD)).lessonFilesSkipped, 1);

      // An author's lesson holds beginner 2: the file for that place waits, and loads once it is free.
      writeFileSync(path.join(folder, 'saving-b.md'), lessonFile('saving-b', 'beginner', 2));
      const [own] = await db.insert(lessons).values({
        slug: 'authors-own',
        title: 'Own',
        pillar: 'saving',
        level: 'beginner',
        orderIndex: 2,
      }).returning();
      assertEquals(await loadContent(db, folder, BUILD), NOTHING_NEW);
      await db.update(lessons).set({ orderIndex: 3 }).where(eq(lessons.id, own.id));
      assertEquals(await loadContent(db, folder, BUILD), { ...NOTHING_NEW, lessonsAdded: 1 });
      assertEquals(await loadContent(db, folder, BUILD), UNCHANGED);

      // An unpublished lesson takes its file's change once it is published again, with the files unchanged since.
      await db.update(lessons).set({ state: 'unpublished' }).where(eq(lessons.slug, 'saving-a'));
      writeFileSync(
        path.join(folder, 'saving-a.md'),
        lessonFile('saving-a', 'beginner', 1).replace('title: "saving-a"', 'title: "Later"'),
      );
      assertEquals(await loadContent(db, folder, BUILD), NOTHING_NEW);
      await db.update(lessons).set({ state: 'published' }).where(eq(lessons.slug, 'saving-a'));
      assertEquals(await loadContent(db, folder, BUILD), { ...NOTHING_NEW, lessonsUpdated: 1 });
      assertEquals(await titleOf(db, 'saving-a'), 'Later');
      assertEquals(await loadContent(db, folder, BUILD), UNCHANGED);
    });
  });
}
