// Lesson management for authors: full lessons (with answers), optimistic versioning, soft delete
// (learners' attempt history stays readable) and an audit row for every change, written in the
// same transaction as the change itself.
import { and, asc, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import {
  auditLog,
  type Lesson,
  type LessonContentData,
  lessonDrafts,
  lessons,
  lessonSlugs,
  lessonVersions,
} from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { assignQuestionIds, type LessonForm, suggestedWeight } from '../../lesson-form.ts';
import { byPosition } from '../../lessons.ts';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const POSITION_TAKEN = 'Another lesson already has this pillar, level and order. Choose another order number.';
const SLUG_TAKEN = 'Another lesson has, or had, this address. Choose another one.';
const STALE_VERSION =
  'Someone else saved this lesson while you were editing it. Reload it to see their changes, then make yours again.';

/** A taken pillar/level/orderIndex (the partial unique index) is the author's mistake: 409. */
export async function positionChecked<T>(write: () => Promise<T>, message = POSITION_TAKEN): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, message, { orderIndex: message });
    throw error;
  }
}

export function slugFor(title: string): string {
  const base = title
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return `${base || 'lesson'}-${crypto.randomUUID().slice(0, 8)}`;
}

/**
 * Gives a lesson a new slug inside the caller's transaction: refused (409) when another lesson has
 * or had it; the old slug is kept in lesson_slugs so its address answers 301 to the new one.
 */
async function moveSlug(tx: Executor, lessonId: number, from: string | undefined, to: string): Promise<void> {
  const [current] = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.slug, to));
  const [old] = await tx.select({ lessonId: lessonSlugs.lessonId }).from(lessonSlugs).where(eq(lessonSlugs.slug, to));
  if ((current && current.id !== lessonId) || (old && old.lessonId !== lessonId)) {
    throw new HttpError(409, SLUG_TAKEN, { slug: SLUG_TAKEN });
  }
  // Back to an address it had before: that address is current again, no longer a redirect.
  if (old) await tx.delete(lessonSlugs).where(eq(lessonSlugs.slug, to));
  if (from) await tx.insert(lessonSlugs).values({ slug: from, lessonId }).onConflictDoNothing();
}

export function values(form: Omit<LessonForm, 'version' | 'questions'>, weight: number) {
  return {
    title: form.title,
    pillar: form.pillar,
    level: form.level,
    orderIndex: form.orderIndex,
    duration: form.duration,
    weight,
    sections: form.sections.map((s) => ({
      ...(s.header ? { header: s.header } : {}),
      ...(s.subheader ? { subheader: s.subheader } : {}),
      content: s.content,
    })),
    learningObjectives: form.learningObjectives,
  };
}

export type AuditAction =
  | 'lesson.create'
  | 'lesson.update'
  | 'lesson.delete'
  | 'lesson.publish'
  | 'lesson.unpublish'
  | 'lesson.republish';
type AuditDetail = { lessonId: number; title: string; version: number };

/** Who (actor), what (action and lesson), when (created_at): in the caller's transaction. */
export async function recordAudit(
  tx: Executor,
  actorId: string,
  action: AuditAction,
  detail: AuditDetail,
): Promise<void> {
  await tx.insert(auditLog).values({ actorId, action, detail });
}

export function logChange(actorId: string, action: AuditAction, detail: AuditDetail): void {
  log('info', 'admin change', { actorId, action, ...detail });
}

/** What a version keeps of a lesson (a row, or a lesson read from its file): its authored content. */
export function contentOf(row: LessonContentData): LessonContentData {
  return {
    title: row.title,
    pillar: row.pillar,
    level: row.level,
    orderIndex: row.orderIndex,
    duration: row.duration,
    weight: row.weight,
    sections: row.sections,
    learningObjectives: row.learningObjectives,
    questions: row.questions,
    sources: row.sources,
    reviewedAt: row.reviewedAt,
  };
}

/** Keeps the lesson as just published in its history (who, when, a note): in the caller's transaction. */
export async function recordVersion(tx: Executor, row: Lesson, actorId: string | null, note: string): Promise<void> {
  await tx.insert(lessonVersions).values({
    lessonId: row.id,
    version: row.version,
    content: contentOf(row),
    note,
    publishedBy: actorId,
  }).onConflictDoNothing();
}

const DIRECT = 'Published directly through the admin API';

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

/** The lessons the studio keeps: published ones, and unpublished ones (not deleted). */
export const inStudio = () => or(isNull(lessons.deletedAt), isNotNull(lessons.unpublishedAt));

/** A published or unpublished lesson, or 404. */
export async function getStudioLesson(id: number): Promise<Lesson> {
  const db = await getDb();
  const [row] = await db.select().from(lessons).where(and(eq(lessons.id, id), inStudio()));
  if (!row) throw new HttpError(404, 'Lesson not found');
  return row;
}

export async function createLesson(actorId: string, form: LessonForm): Promise<Lesson> {
  const db = await getDb();
  const { questions, lastQuestionId } = assignQuestionIds(form.questions, [], 0);
  const weight = form.weight ?? suggestedWeight(await listAllLessons(), form.pillar, form.level);
  const row = await positionChecked(() =>
    db.transaction(async (tx) => {
      if (form.slug) await moveSlug(tx, -1, undefined, form.slug);
      const [created] = await tx
        .insert(lessons)
        .values({ ...values(form, weight), questions, lastQuestionId, slug: form.slug ?? slugFor(form.title) })
        .returning();
      await recordVersion(tx, created, actorId, DIRECT);
      await recordAudit(tx, actorId, 'lesson.create', {
        lessonId: created.id,
        title: created.title,
        version: created.version,
      });
      return created;
    })
  );
  logChange(actorId, 'lesson.create', { lessonId: row.id, title: row.title, version: row.version });
  return row;
}

/**
 * Replaces the whole lesson when `version` is still current; a stale version gets 409. Questions
 * keep their ids (see assignQuestionIds); attempts keep their own copy of what was asked.
 */
export async function updateLesson(actorId: string, id: number, form: LessonForm): Promise<Lesson> {
  if (form.version === undefined) {
    throw new HttpError(400, 'Send the lesson version you edited', { version: 'The version is required' });
  }
  const version = form.version;
  const db = await getDb();
  const row = await positionChecked(() =>
    db.transaction(async (tx) => {
      // Locked, so the ids handed out below cannot race another save of this lesson.
      const [current] = await tx
        .select()
        .from(lessons)
        .where(and(eq(lessons.id, id), isNull(lessons.deletedAt)))
        .for('update');
      if (!current) throw new HttpError(404, 'Lesson not found');
      if (current.version !== version) throw new HttpError(409, STALE_VERSION);
      // The address changes only when the author changes it: a new title keeps it.
      const slug = form.slug ?? current.slug;
      if (slug !== current.slug) await moveSlug(tx, id, current.slug, slug);
      const { questions, lastQuestionId } = assignQuestionIds(
        form.questions,
        current.questions.map((q) => q.id),
        current.lastQuestionId,
      );
      const [updated] = await tx
        .update(lessons)
        // A save without a weight keeps the lesson's own.
        .set({
          ...values(form, form.weight ?? current.weight),
          slug,
          questions,
          lastQuestionId,
          version: sql`${lessons.version} + 1`,
          updatedAt: new Date(),
        })
        .where(and(eq(lessons.id, id), eq(lessons.version, version)))
        .returning();
      if (!updated) throw new HttpError(409, STALE_VERSION);
      await recordVersion(tx, updated, actorId, DIRECT);
      await recordAudit(tx, actorId, 'lesson.update', { lessonId: id, title: updated.title, version: updated.version });
      return updated;
    })
  );
  logChange(actorId, 'lesson.update', { lessonId: id, title: row.title, version: row.version });
  return row;
}

/** Deletes a published or unpublished lesson (it leaves the studio too) and discards its open draft. */
export async function deleteLesson(actorId: string, id: number): Promise<void> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const [deleted] = await tx
      .update(lessons)
      .set({
        deletedAt: sql`coalesce(${lessons.deletedAt}, now())`,
        unpublishedAt: null,
        version: sql`${lessons.version} + 1`,
      })
      .where(and(eq(lessons.id, id), inStudio()))
      .returning();
    if (!deleted) throw new HttpError(404, 'Lesson not found');
    await tx.delete(lessonDrafts).where(eq(lessonDrafts.lessonId, id));
    await recordAudit(tx, actorId, 'lesson.delete', { lessonId: id, title: deleted.title, version: deleted.version });
    return deleted;
  });
  logChange(actorId, 'lesson.delete', { lessonId: id, title: row.title, version: row.version });
}
