// Lesson management (the specification's admin screen and API): full lessons (with answers), optimistic versioning, soft delete
// (learners' attempt history stays readable) and an audit row for every change, written in the
// same transaction as the change itself.
import { and, eq, ne, sql } from 'drizzle-orm';
import { auditLog, type Lesson, lessonDrafts, lessons } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { type LessonForm, suggestedWeight } from '../../lesson-form.ts';
import { findActiveLessons, findLesson, findStudioLesson, writeLessons } from '../content/catalogue.ts';
import { contentOf } from '../content/lesson-versions.ts';
import { publishLesson } from './publish.ts';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

const POSITION_TAKEN = 'Another lesson already has this pillar, level and order. Choose another order number.';
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

const DIRECT = 'Published directly through the admin API';

/** A published lesson whole (answers included), or 404. */
export async function getLessonForAdmin(id: number): Promise<Lesson> {
  const row = await findLesson(id);
  if (!row) throw new HttpError(404, 'Lesson not found');
  return row;
}

/** The lessons the studio keeps: published ones, and unpublished ones (not deleted). */
export const inStudio = () => ne(lessons.state, 'deleted');

/** A published or unpublished lesson, or 404. */
export async function getStudioLesson(id: number): Promise<Lesson> {
  const row = await findStudioLesson(id);
  if (!row) throw new HttpError(404, 'Lesson not found');
  return row;
}

export async function createLesson(actorId: string, form: LessonForm): Promise<Lesson> {
  const weight = form.weight ?? suggestedWeight(await findActiveLessons(), form.pillar, form.level);
  return publishLesson(actorId, 'lesson.create', DIRECT, () =>
    Promise.resolve({
      current: null,
      content: { ...values(form, weight), questions: form.questions, sources: [], reviewedAt: null },
      slug: form.slug,
    }));
}

/**
 * Replaces the whole lesson when `version` is still current; a stale version gets 409. Questions
 * keep their ids (see assignQuestionIds); attempts keep their own copy of what was asked. The
 * lesson's sources and review date stay (the form has none).
 */
export async function updateLesson(actorId: string, id: number, form: LessonForm): Promise<Lesson> {
  if (form.version === undefined) {
    throw new HttpError(400, 'Send the lesson version you edited', { version: 'The version is required' });
  }
  const version = form.version;
  return await publishLesson(actorId, 'lesson.update', DIRECT, async (tx) => {
    // Locked, so the ids handed out cannot race another save of this lesson.
    const [current] = await tx
      .select()
      .from(lessons)
      .where(and(eq(lessons.id, id), eq(lessons.state, 'published')))
      .for('update');
    if (!current) throw new HttpError(404, 'Lesson not found');
    if (current.version !== version) throw new HttpError(409, STALE_VERSION);
    // A save without a weight keeps the lesson's own; the address changes only when the author changes it.
    const content = {
      ...contentOf(current),
      ...values(form, form.weight ?? current.weight),
      questions: form.questions,
    };
    return { current, content, slug: form.slug };
  });
}

/** Deletes a published or unpublished lesson (it leaves the studio too) and discards its open draft. */
export async function deleteLesson(actorId: string, id: number): Promise<void> {
  const row = await writeLessons(async (tx) => {
    const [deleted] = await tx
      .update(lessons)
      .set({
        state: 'deleted',
        stateChangedAt: new Date(),
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
