// Loads the curriculum files into the database at start (see loadContent): new lessons are
// inserted, changed files update their lessons, and an edit made in the admin screen is never
// overwritten by a restart.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { curriculumLoads, lessons, lessonSlugs, type QuizQuestionData } from '../../../../db/schema.ts';
import type { Database } from '../../../../db/client.ts';
import { type FactsFile, type ParsedLesson, parseFactsFile, parseLessonFile } from '../../curriculum.ts';
import { describeError, log } from '../platform/log.ts';
import { recordVersion } from './lesson-versions.ts';
import { writeLessons } from './catalogue.ts';
import { storeRendering } from './lesson-render.ts';

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

/** The folder's lesson files, unparsed, in name order. */
function rawLessonFiles(folder: string): Array<{ file: string; raw: string }> {
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((file) => ({ file, raw: readFileSync(path.join(folder, file), 'utf8') }));
}

/** Each file parsed with the facts filled in (or the reason it failed). */
function parseEntries(raws: Array<{ file: string; raw: string }>, facts: FactsFile['facts']): LessonFileEntry[] {
  return raws.map(({ file, raw }) => {
    try {
      return { file, raw, lesson: parseLessonFile(raw, file, facts) };
    } catch (error) {
      return { file, raw, error: (error as Error).message };
    }
  });
}

/** Every lesson file of the folder, parsed with the facts filled in (or the reason it failed). */
export function readLessonFiles(folder = lessonFolder(), facts = readFacts(folder)): LessonFileEntry[] {
  return parseEntries(rawLessonFiles(folder), facts);
}

/**
 * Names the loader's code: in the built bundle its chunk's name carries a hash of the loader and all
 * it imports, so a new parser loads the files again. Run from the sources (`npm run dev`, the
 * scripts) it is undefined, and every start loads them.
 */
const LOADER_BUILD = import.meta.url.endsWith('.mjs') ? import.meta.url : undefined;

/** What a load depends on: the loader's build, the facts, and the files' names and text. */
function curriculumDigest(build: string, raws: Array<{ file: string; raw: string }>, factsText: string): string {
  const hash = createHash('sha256').update(build).update('\0').update(factsText);
  for (const { file, raw } of raws) hash.update('\0').update(file).update('\0').update(raw);
  return hash.digest('hex');
}

/** What a file puts into its lesson row (question ids are assigned when it is stored). */
function fileValues(lesson: ParsedLesson) {
  return {
    title: lesson.title,
    pillar: lesson.pillar,
    level: lesson.level,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    weight: lesson.weight,
    sections: lesson.sections,
    learningObjectives: lesson.learningObjectives,
    sources: lesson.sources,
    reviewedAt: lesson.reviewedAt,
  };
}

/** A fingerprint of everything a file says about its lesson. */
export function lessonFileHash(lesson: ParsedLesson): string {
  const { questions } = lesson;
  return createHash('sha256').update(JSON.stringify({ ...fileValues(lesson), questions })).digest('hex');
}

/**
 * A file's questions with ids: a question whose wording is unchanged keeps its id (learners'
 * review items and the most-missed analytics keep pointing at it); a new or rewritten one gets an
 * id never used before in the lesson.
 */
function questionsWithIds(lesson: ParsedLesson, current: QuizQuestionData[], lastQuestionId: number) {
  const byText = new Map(current.map((q) => [q.question, q.id]));
  let last = Math.max(lastQuestionId, ...current.map((q) => q.id), 0);
  const used = new Set<number>();
  const questions = lesson.questions.map((q) => {
    const kept = byText.get(q.question);
    const id = kept !== undefined && !used.has(kept) ? kept : ++last;
    used.add(id);
    return { id, ...q };
  });
  return { questions, lastQuestionId: last };
}

type LessonRow = typeof lessons.$inferSelect;

/**
 * Loads the curriculum files at start, in one transaction under an advisory lock (instances
 * starting together take turns):
 * - a new slug is inserted;
 * - a lesson whose file changed is updated, questions, order and all, while no author has edited
 *   it since (its version is still the one its file was stored as); an author's edit, and a
 *   deleted lesson, are left alone;
 * - lessons that move to another position are moved together, so a new lesson can take a place
 *   in the middle of a level. If a move would land on an author's lesson, nothing moves and the
 *   files' other changes still apply (logged);
 * - a load that took every file is remembered by its digest (curriculum_loads), and a later start
 *   of the same build with the same files reads nothing more (`unchanged: 1`).
 */
export async function loadContent(
  db: Database,
  folder = lessonFolder(),
  build = LOADER_BUILD,
): Promise<Record<string, number>> {
  const raws = rawLessonFiles(folder);
  const factsFile = path.join(folder, '..', 'facts.yaml');
  const factsText = existsSync(factsFile) ? readFileSync(factsFile, 'utf8') : '';
  const digest = build === undefined ? undefined : curriculumDigest(build, raws, factsText);
  if (digest) {
    const [last] = await db.select({ digest: curriculumLoads.digest }).from(curriculumLoads)
      .where(eq(curriculumLoads.id, 1));
    if (last?.digest === digest) return { lessonsAdded: 0, lessonsUpdated: 0, lessonFilesSkipped: 0, unchanged: 1 };
  }
  const files = parseEntries(raws, factsText ? parseFactsFile(factsText).facts : {});
  const skipped = files.filter((f) => !f.lesson);
  for (const { file, error } of skipped) log('error', 'lesson file skipped', { file, error });
  const parsed = files.flatMap((f) => (f.lesson ? [f.lesson] : []));
  // Only a load that took every file is remembered: a skipped file, a taken place or an unpublished
  // lesson's change is tried again at each start.
  const remember = skipped.length === 0 ? digest : undefined;
  try {
    return { ...(await syncLessons(db, parsed, true, remember)), lessonFilesSkipped: skipped.length };
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    log('warn', "curriculum files would move a lesson onto an author's lesson: loading them without moving any", {
      ...describeError(error),
      stack: undefined,
    });
    return { ...(await syncLessons(db, parsed, false, undefined)), lessonFilesSkipped: skipped.length };
  }
}

function isUniqueViolation(error: unknown): boolean {
  for (
    let e = error as { code?: string; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '23505') return true;
  }
  return false;
}

const fromFile = (slug: string) => `Loaded from db/content/lessons/${slug}.md`;

function syncLessons(
  db: Database,
  files: ParsedLesson[],
  move: boolean,
  digest: string | undefined,
): Promise<Record<string, number>> {
  return writeLessons(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727072027)`);
    const rows = await tx.select().from(lessons);
    const existing = new Map(rows.map((row) => [row.slug, row]));
    // A file whose lesson an author moved to a new address is still that lesson (lesson_slugs).
    const byId = new Map(rows.map((row) => [row.id, row]));
    for (const old of await tx.select().from(lessonSlugs)) {
      const row = byId.get(old.lessonId);
      if (row && !existing.has(old.slug)) existing.set(old.slug, row);
    }
    const updates: Array<{ row: LessonRow; lesson: ParsedLesson; hash: string }> = [];
    let waiting = 0;
    const inserts: Array<{ lesson: ParsedLesson; hash: string }> = [];
    for (const lesson of files) {
      const hash = lessonFileHash(lesson);
      const row = existing.get(lesson.slug);
      if (!row) inserts.push({ lesson, hash });
      else if (row.sourceHash !== hash && row.sourceVersion === row.version) {
        // An unpublished lesson takes its file's changes once it is published again (a later start).
        if (row.state === 'published') updates.push({ row, lesson, hash });
        else waiting++;
      }
    }
    const moving = move
      ? updates.filter(({ row, lesson }) =>
        row.pillar !== lesson.pillar || row.level !== lesson.level || row.orderIndex !== lesson.orderIndex
      )
      : [];
    // Out of the way first (a position below 1 is never a lesson's), then each to its place.
    for (const { row } of moving) await tx.update(lessons).set({ orderIndex: -row.id }).where(eq(lessons.id, row.id));
    for (const { row, lesson, hash } of updates) {
      const { questions, lastQuestionId } = questionsWithIds(lesson, row.questions, row.lastQuestionId);
      const values = fileValues(lesson);
      const place = moving.some((m) => m.row.id === row.id)
        ? {}
        : { pillar: row.pillar, level: row.level, orderIndex: row.orderIndex };
      await tx
        .update(lessons)
        .set({
          ...values,
          ...place,
          questions,
          lastQuestionId,
          sourceHash: hash,
          version: row.version + 1,
          sourceVersion: row.version + 1,
          updatedAt: new Date(),
        })
        .where(and(eq(lessons.id, row.id), eq(lessons.version, row.version)))
        .returning()
        .then(async ([updated]) =>
          updated && recordVersion(tx, await storeRendering(tx, updated), null, fromFile(lesson.slug))
        );
    }
    let added = 0;
    let placesTaken = 0;
    for (const { lesson, hash } of inserts) {
      const { questions, lastQuestionId } = questionsWithIds(lesson, [], 0);
      const inserted = await tx
        .insert(lessons)
        .values({
          slug: lesson.slug,
          ...fileValues(lesson),
          questions,
          lastQuestionId,
          sourceHash: hash,
          sourceVersion: 1,
        })
        // A taken position (an author's lesson) is left alone.
        .onConflictDoNothing()
        .returning();
      if (inserted.length) await recordVersion(tx, await storeRendering(tx, inserted[0]), null, fromFile(lesson.slug));
      if (inserted.length) added++;
      else {
        placesTaken++;
        log('warn', 'lesson file not loaded: its place is taken', {
          slug: lesson.slug,
          pillar: lesson.pillar,
          level: lesson.level,
          orderIndex: lesson.orderIndex,
        });
      }
    }
    if (updates.length) {
      log('info', 'lessons updated from their files', { count: updates.length, moved: moving.length });
    }
    if (digest && placesTaken === 0 && waiting === 0) {
      await tx.insert(curriculumLoads).values({ id: 1, digest }).onConflictDoUpdate({
        target: curriculumLoads.id,
        set: { digest, loadedAt: new Date() },
      });
    }
    return { lessonsAdded: added, lessonsUpdated: updates.length };
  }, db);
}
