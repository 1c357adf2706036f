// The catalogue: the published lessons in learning order, as every learner and visitor page needs
// them (with each lesson's HTML and summary, rendered when it was written). It is lesson data, never
// a learner's, kept in this process's memory and read again when a write of lessons says so: the
// writing transaction sends NOTIFY on CHANNEL (writeLessons), which every instance LISTENs to, and
// every (re)subscription reads it again, since what was notified while a connection was down is lost.
// A request never asks the database whether the catalogue changed.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Lesson, lessons, lessonSlugs } from '../../../../db/schema.ts';
import type { Database, DatabaseHandle, Executor } from '../../../../db/client.ts';
import { byPosition } from '../../lessons.ts';
import { getDatabaseHandle, getDb } from '../platform/db.ts';
import { describeError, log } from '../platform/log.ts';
import { authoredFields } from './lesson-render.ts';

const CHANNEL = 'catalogue';

export interface Catalogue {
  /** Names this state of the catalogue (public pages' ETags): the published lessons' ids, versions and times. */
  version: string;
  /** The published lessons in learning order. */
  lessons: Lesson[];
  byId: ReadonlyMap<number, Lesson>;
  bySlug: ReadonlyMap<string, Lesson>;
  /** An address a lesson had before its slug changed, to the lesson's current slug (301). */
  movedSlugs: ReadonlyMap<string, string>;
  /** The lessons an admin unpublished, in learning order: only the studio shows them. */
  unpublished: Lesson[];
  /** Every lesson whole as JSON (the spec's GET /api/admin/lessons/all), made on first use. */
  json(): string;
}

/**
 * The one read of the lessons in a state, in learning order: the catalogue's (published and
 * unpublished), and that of a script or a rebuild, which keeps no catalogue (published).
 */
export async function readLessonsIn(db: Executor, states: Array<Lesson['state']>): Promise<Lesson[]> {
  return (await db.select().from(lessons).where(inArray(lessons.state, states)).orderBy(asc(lessons.id)))
    .sort(byPosition);
}

async function readLessons(db: Database): Promise<Catalogue> {
  const [all, moved] = await Promise.all([
    readLessonsIn(db, ['published', 'unpublished']),
    db.select({ slug: lessonSlugs.slug, current: lessons.slug }).from(lessonSlugs).innerJoin(
      lessons,
      and(eq(lessons.id, lessonSlugs.lessonId), eq(lessons.state, 'published')),
    ),
  ]);
  const sorted = all.filter((l) => l.state === 'published');
  let json: string | undefined;
  return {
    version: sorted.map((l) => `${l.id}.${l.version}.${l.updatedAt.getTime()}`).join(','),
    lessons: sorted,
    byId: new Map(sorted.map((l) => [l.id, l])),
    bySlug: new Map(sorted.map((l) => [l.slug, l])),
    movedSlugs: new Map(moved.map((m) => [m.slug, m.current])),
    unpublished: all.filter((l) => l.state === 'unpublished'),
    json: () => (json ??= JSON.stringify(sorted.map(authoredFields))),
  };
}

interface Kept {
  handle: DatabaseHandle;
  subscribed: Promise<void>;
  current?: Promise<Catalogue>;
}

// The one catalogue of this process, for the database it was read from (tests install others).
let kept: Kept | undefined;

function readAgain(entry: Kept): Promise<Catalogue> {
  const reading = readLessons(entry.handle.db);
  entry.current = reading;
  reading.catch(() => entry.current === reading && (entry.current = undefined));
  return reading;
}

function subscribe(handle: DatabaseHandle): Kept {
  const entry: Kept = { handle, subscribed: Promise.resolve() };
  const changed = () => void readAgain(entry).catch(() => {});
  entry.subscribed = handle.listen(CHANNEL, changed, changed);
  entry.subscribed.catch((error: unknown) => {
    if (kept === entry) kept = undefined;
    log('warn', 'could not listen for catalogue changes', { ...describeError(error), stack: undefined });
  });
  return entry;
}

/** The catalogue as this process knows it: subscribed and read on first use. */
export async function readCatalogue(): Promise<Catalogue> {
  const handle = await getDatabaseHandle();
  if (kept?.handle !== handle) kept = subscribe(handle);
  const entry = kept;
  await entry.subscribed;
  return entry.current ?? readAgain(entry);
}

/** The published lessons in learning order. */
export async function findActiveLessons(): Promise<Lesson[]> {
  return (await readCatalogue()).lessons;
}

/** A lesson the studio keeps (published or unpublished), or undefined. */
export async function findStudioLesson(id: number): Promise<Lesson | undefined> {
  const catalogue = await readCatalogue();
  return catalogue.byId.get(id) ?? catalogue.unpublished.find((l) => l.id === id);
}

/** A published lesson, or undefined. */
export async function findLesson(id: number): Promise<Lesson | undefined> {
  return (await readCatalogue()).byId.get(id);
}

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Runs a write of lessons in one transaction that tells every instance the catalogue changed
 * (NOTIFY, delivered when it commits); this instance reads it again at its next use, so a page
 * asked for right after the write shows it.
 */
export async function writeLessons<T>(write: (tx: Transaction) => Promise<T>, db?: Database): Promise<T> {
  const database = db ?? (await getDb());
  const result = await database.transaction(async (tx) => {
    const written = await write(tx);
    await tx.execute(sql`select pg_notify(${CHANNEL}, '')`);
    return written;
  });
  if (kept?.handle.db === database) kept.current = undefined;
  return result;
}
