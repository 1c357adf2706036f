// A lesson's published versions: what each keeps of the lesson and its row in the history. Written by
// the studio's publishing service and by the curriculum loader, in the caller's transaction.
import { type Lesson, type LessonContentData, lessonVersions } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';

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
