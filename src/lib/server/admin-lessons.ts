// Lesson management for authors: full lessons (with answers), optimistic versioning, soft delete
// (learners' attempt history stays readable) and an audit line for every change.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, lessons, type Lesson } from '../../../db/schema.ts';
import { getDb } from './db.ts';
import { HttpError } from './http.ts';
import { log } from './log.ts';
import type { LessonForm } from '../lesson-form.ts';
import { byPosition } from '../lessons.ts';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const POSITION_TAKEN = 'Another lesson already has this pillar, level and order. Choose another order number.';

function slugFor(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'lesson'}-${crypto.randomUUID().slice(0, 8)}`;
}

function values(form: LessonForm) {
  return {
    title: form.title,
    pillar: form.pillar,
    level: form.level,
    orderIndex: form.orderIndex,
    duration: form.duration,
    weight: form.weight,
    sections: form.sections.map((s) => ({
      ...(s.header ? { header: s.header } : {}),
      ...(s.subheader ? { subheader: s.subheader } : {}),
      content: s.content,
    })),
    learningObjectives: form.learningObjectives,
    questions: form.questions,
  };
}

async function audit(actorId: string, action: string, detail: Record<string, unknown>) {
  const db = await getDb();
  await db.insert(auditLog).values({ actorId, action, detail });
  log('info', 'admin change', { actorId, action, ...detail });
}

export async function listAllLessons(): Promise<Lesson[]> {
  const db = await getDb();
  const rows = await db.select().from(lessons).where(isNull(lessons.deletedAt)).orderBy(asc(lessons.id));
  return rows.sort(byPosition);
}

export async function getLessonForAdmin(id: number): Promise<Lesson> {
  const db = await getDb();
  const [row] = await db.select().from(lessons).where(and(eq(lessons.id, id), isNull(lessons.deletedAt)));
  if (!row) throw new HttpError(404, 'Lesson not found');
  return row;
}

export async function createLesson(actorId: string, form: LessonForm): Promise<Lesson> {
  const db = await getDb();
  try {
    const [row] = await db.insert(lessons).values({ ...values(form), slug: slugFor(form.title) }).returning();
    await audit(actorId, 'lesson.create', { lessonId: row.id, title: row.title });
    return row;
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, POSITION_TAKEN, { orderIndex: POSITION_TAKEN });
    throw error;
  }
}

/** Replaces the whole lesson when `version` is still current; a stale version gets 409. */
export async function updateLesson(actorId: string, id: number, form: LessonForm): Promise<Lesson> {
  if (form.version === undefined) throw new HttpError(400, 'Send the lesson version you edited', { version: 'The version is required' });
  const db = await getDb();
  let row: Lesson | undefined;
  try {
    [row] = await db
      .update(lessons)
      .set({ ...values(form), version: sql`${lessons.version} + 1`, updatedAt: new Date() })
      .where(and(eq(lessons.id, id), isNull(lessons.deletedAt), eq(lessons.version, form.version)))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, POSITION_TAKEN, { orderIndex: POSITION_TAKEN });
    throw error;
  }
  if (!row) {
    await getLessonForAdmin(id); // 404 when it is gone
    throw new HttpError(409, 'Someone else saved this lesson while you were editing it. Reload it to see their changes, then make yours again.');
  }
  await audit(actorId, 'lesson.update', { lessonId: id, title: row.title, version: row.version });
  return row;
}

export async function deleteLesson(actorId: string, id: number): Promise<void> {
  const db = await getDb();
  const [row] = await db
    .update(lessons)
    .set({ deletedAt: new Date(), version: sql`${lessons.version} + 1` })
    .where(and(eq(lessons.id, id), isNull(lessons.deletedAt)))
    .returning();
  if (!row) throw new HttpError(404, 'Lesson not found');
  await audit(actorId, 'lesson.delete', { lessonId: id, title: row.title });
}
