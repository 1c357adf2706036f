// `npm run content:export` on each database: loading the curriculum files and exporting them
// round-trips without a change, and a lesson published from the studio is written back in the
// loader's format with its placeholders kept.
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { assertEquals, assertMatch } from '../helpers/assert.ts';
import { createTestDatabase, databaseKinds } from '../helpers/database.ts';
import { setDatabaseHandle } from '../../src/lib/server/platform/db.ts';
import { lessonFolder, loadContent } from '../../src/lib/server/content/curriculum-loader.ts';
import { exportContent } from '../../src/lib/server/content/content-export.ts';
import { lessons } from '../../db/schema.ts';
import { describe, it } from '../helpers/bdd.ts';

Deno.env.set('LOG_LEVEL', 'warn');

for (const kind of databaseKinds()) {
  describe(`content:export (${kind})`, () => {
    it(`${kind}: load then export changes no file; an edited lesson is written back and loads as edited`, async () => {
      const test = await createTestDatabase(kind);
      setDatabaseHandle(test.handle);
      const root = mkdtempSync(path.join(os.tmpdir(), 'export-'));
      const folder = path.join(root, 'lessons');
      cpSync(lessonFolder(), folder, { recursive: true });
      cpSync(path.join(lessonFolder(), '..', 'facts.yaml'), path.join(root, 'facts.yaml'));
      try {
        await loadContent(test.handle.db, folder);
        const before = new Map(readdirSync(folder).map((f) => [f, readFileSync(path.join(folder, f), 'utf8')]));
        assertEquals(await exportContent(folder), []);
        for (const [f, text] of before) assertEquals(readFileSync(path.join(folder, f), 'utf8'), text, f);

        const [lesson] = await test.handle.db.select().from(lessons).limit(1);
        await test.handle.db.update(lessons).set({ title: 'Retitled in the studio', version: lesson.version + 1 })
          .where(
            eq(lessons.id, lesson.id),
          );
        assertEquals(await exportContent(folder), [`${lesson.slug}.md`]);
        const written = readFileSync(path.join(folder, `${lesson.slug}.md`), 'utf8');
        assertMatch(written, /title: Retitled in the studio/);
        const placeholders = (s: string) => (s.match(/\{\{[^}]+\}\}/g) ?? []).sort();
        assertEquals(placeholders(written), placeholders(before.get(`${lesson.slug}.md`)!));
        // Exporting again finds nothing to write: the round trip is stable.
        assertEquals(await exportContent(folder), []);
      } finally {
        rmSync(root, { recursive: true, force: true });
        await test.drop();
      }
    });
  });
}
