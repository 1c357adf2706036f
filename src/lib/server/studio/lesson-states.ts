// Unpublishing and publishing again (admins only): an unpublished lesson (state 'unpublished') is
// hidden from learners, who read published lessons only, and stays in the studio with its id, slug,
// position, history, open draft and learners' progress.
import { and, eq } from 'drizzle-orm';
import { type Lesson, lessons } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { HttpError } from '../platform/http.ts';
import { readCatalogue, writeLessons } from '../content/catalogue.ts';
import { contentOf } from '../content/lesson-versions.ts';
import { inStudio, logChange, recordAudit } from './admin-lessons.ts';
import { publishLesson } from './publish.ts';

const POSITION_TAKEN =
  'Another lesson has taken this pillar, level and order. Edit this lesson as a draft, choose another order number and publish the draft.';

async function lockStudioLesson(tx: Executor, id: number): Promise<Lesson> {
  const [row] = await tx.select().from(lessons).where(and(eq(lessons.id, id), inStudio())).for('update');
  if (!row) throw new HttpError(404, 'Lesson not found');
  return row;
}

/** The unpublished lessons, in learning order. */
export async function listUnpublishedLessons(): Promise<Lesson[]> {
  return (await readCatalogue()).unpublished;
}

/** Learners stop seeing the lesson; nothing of it is lost. */
export async function unpublishLesson(actorId: string, id: number): Promise<Lesson> {
  const row = await writeLessons(async (tx) => {
    const current = await lockStudioLesson(tx, id);
    if (current.state === 'unpublished') throw new HttpError(409, 'This lesson is unpublished already');
    const now = new Date();
    const [hidden] = await tx
      .update(lessons)
      .set({ state: 'unpublished', stateChangedAt: now })
      .where(eq(lessons.id, id))
      .returning();
    await recordAudit(tx, actorId, 'lesson.unpublish', { lessonId: id, title: hidden.title, version: hidden.version });
    return hidden;
  });
  logChange(actorId, 'lesson.unpublish', { lessonId: id, title: row.title, version: row.version });
  return row;
}

/** Learners see the lesson again, as a new version in its history. */
export async function republishLesson(actorId: string, id: number): Promise<Lesson> {
  return await publishLesson(actorId, 'lesson.republish', 'Published again', async (tx) => {
    const current = await lockStudioLesson(tx, id);
    if (current.state !== 'unpublished') throw new HttpError(409, 'This lesson is published already');
    return { current, content: contentOf(current) };
  }, POSITION_TAKEN);
}
