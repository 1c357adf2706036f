// Loads the curriculum files into the database at start: a lesson is inserted when its slug is
// new, so an edit made in the admin screen is never overwritten by a restart.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { lessons } from '../../../db/schema.ts';
import type { Database } from '../../../db/client.ts';
import { parseFactsFile, parseLessonFile, type FactsFile, type ParsedLesson } from '../curriculum.ts';
import { log } from './log.ts';

export function lessonFolder(root = process.cwd()): string {
  return path.resolve(root, 'db/content/lessons');
}

/** The dated table of yearly figures beside the lesson folder (none when it is missing). */
export function readFacts(folder = lessonFolder()): FactsFile['facts'] {
  const file = path.join(folder, '..', 'facts.yaml');
  return existsSync(file) ? parseFactsFile(readFileSync(file, 'utf8')).facts : {};
}

export interface LessonFileEntry {
  file: string;
  raw: string;
  lesson?: ParsedLesson;
  error?: string;
}

/** Every lesson file of the folder, parsed with the facts filled in (or the reason it failed). */
export function readLessonFiles(folder = lessonFolder(), facts = readFacts(folder)): LessonFileEntry[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => {
      const raw = readFileSync(path.join(folder, file), 'utf8');
      try {
        return { file, raw, lesson: parseLessonFile(raw, file, facts) };
      } catch (error) {
        return { file, raw, error: (error as Error).message };
      }
    });
}

export async function loadContent(db: Database, folder = lessonFolder()): Promise<Record<string, number>> {
  let added = 0;
  let skipped = 0;
  for (const { file, lesson, error } of readLessonFiles(folder)) {
    if (!lesson) {
      log('error', 'lesson file skipped', { file, error });
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
