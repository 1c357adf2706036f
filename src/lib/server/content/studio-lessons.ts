// Unpublishing and publishing again (admins only): an unpublished lesson is hidden from learners
// the way a deleted one is (deleted_at, which every learner query filters) and stays in the studio
// (unpublished_at) with its id, slug, history, open draft and learners' progress.
import { and, eq, isNotNull } from 'drizzle-orm';
import { type Lesson, lessons } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { byPosition } from '../../lessons.ts';
import { inStudio, logChange, positionChecked, recordAudit, recordVersion } from './admin-lessons.ts';

const POSITION_TAKEN =
  'Another lesson has taken this pillar, level and order. Edit this lesson as a draft, choose another order number and publish the draft.';

async function lockStudioLesson(tx: Executor, id: number): Promise<Lesson> {
  const [row] = await tx.select().from(lessons).where(and(eq(lessons.id, id), inStudio())).for('update');
  if (!row) throw new HttpError(404, 'Lesson not found');
  return row;
}

/** The unpublished lessons, in learning order. */
export async function listUnpublishedLessons(): Promise<Lesson[]> {
  const db = await getDb();
  const rows = await db.select().from(lessons).where(isNotNull(lessons.unpublishedAt));
  return rows.sort(byPosition);
}

/** Learners stop seeing the lesson; nothing of it is lost. */
export async function unpublishLesson(actorId: string, id: number): Promise<Lesson> {
  const db = await getDb();
  const row = await db.transaction(async (tx) => {
    const current = await lockStudioLesson(tx, id);
    if (current.unpublishedAt) throw new HttpError(409, 'This lesson is unpublished already');
    const now = new Date();
    const [hidden] = await tx
      .update(lessons)
      .set({ deletedAt: now, unpublishedAt: now })
      .where(eq(lessons.id, id))
      .returning();
    await recordAudit(tx, actorId, 'lesson.unpublish', { lessonId: id, title: hidden.title, version: hidden.version });
    return hidden;
  });
  logChange(actorId, 'lesson.unpublish', { lessonId: id, title: row.title, version: row.version });
  return row;
}

/** Learners see the lesson again, as a new version in its history (its statistics start again). */
export async function republishLesson(actorId: string, id: number): Promise<Lesson> {
  const db = await getDb();
  const row = await positionChecked(() =>
    db.transaction(async (tx) => {
      const current = await lockStudioLesson(tx, id);
      if (!current.unpublishedAt) throw new HttpError(409, 'This lesson is published already');
      const [shown] = await tx
        .update(lessons)
        .set({ deletedAt: null, unpublishedAt: null, version: current.version + 1, updatedAt: new Date() })
        .where(eq(lessons.id, id))
        .returning();
      await recordVersion(tx, shown, actorId, 'Published again');
      await recordAudit(tx, actorId, 'lesson.republish', { lessonId: id, title: shown.title, version: shown.version });
      return shown;
    }), POSITION_TAKEN);
  logChange(actorId, 'lesson.republish', { lessonId: id, title: row.title, version: row.version });
  return row;
}
