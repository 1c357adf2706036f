// Writes the published lessons back to their curriculum files (`npm run content:export`), so edits
// made in the studio can be reviewed in git. See src/lib/lesson-export.ts for the format.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { exportLesson } from '../../lesson-export.ts';
import { contentOf } from './lesson-versions.ts';
import { getDb } from '../platform/db.ts';
import { lessonFolder, readFacts } from './curriculum-loader.ts';
import { readLessonsIn } from './catalogue.ts';

/** Writes each published lesson's file in `folder`; returns the files whose text changed. */
export async function exportContent(folder = lessonFolder()): Promise<string[]> {
  const facts = readFacts(folder);
  const changed: string[] = [];
  // Read from the database itself: a script process keeps no catalogue of its own.
  const db = await getDb();
  for (const lesson of await readLessonsIn(db, ['published'])) {
    const file = path.join(folder, `${lesson.slug}.md`);
    const raw = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    const text = exportLesson({ ...contentOf(lesson), slug: lesson.slug }, raw, facts);
    if (text === raw) continue;
    writeFileSync(file, text);
    changed.push(`${lesson.slug}.md`);
  }
  return changed;
}
