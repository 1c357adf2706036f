// Loads the curriculum files into the database at start: a lesson is inserted when its slug is
// new, so an edit made in the admin screen is never overwritten by a restart.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { lessons } from '../../../db/schema.ts';
import type { Database } from '../../../db/client.ts';
import { parseLessonFile } from '../curriculum.ts';
import { log } from './log.ts';

export function lessonFolder(root = process.cwd()): string {
  return path.resolve(root, 'db/content/lessons');
}

export async function loadContent(db: Database, folder = lessonFolder()): Promise<Record<string, number>> {
  if (!existsSync(folder)) return { lessonsAdded: 0 };
  let added = 0;
  let skipped = 0;
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.md')).sort()) {
    let lesson;
    try {
      lesson = parseLessonFile(readFileSync(path.join(folder, file), 'utf8'), file);
    } catch (error) {
      log('error', 'lesson file skipped', { file, error: (error as Error).message });
      skipped++;
      continue;
    }
    const inserted = await db
      .insert(lessons)
      .values({
        slug: lesson.slug,
        title: lesson.title,
        pillar: lesson.pillar,
        level: lesson.level,
        orderIndex: lesson.orderIndex,
        duration: lesson.duration,
        weight: lesson.weight,
        sections: lesson.sections,
        learningObjectives: lesson.learningObjectives,
        questions: lesson.questions.map((q, i) => ({ id: i + 1, ...q })),
        lastQuestionId: lesson.questions.length,
        sources: lesson.sources,
        reviewedAt: lesson.reviewedAt,
      })
      // An existing slug (even a deleted lesson) or a taken position is left alone.
      .onConflictDoNothing()
      .returning({ id: lessons.id });
    if (inserted.length) added++;
  }
  return { lessonsAdded: added, lessonFilesSkipped: skipped };
}
