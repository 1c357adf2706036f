// Publishing a draft (admins only): the per-lesson content rules first (refused with the list of
// problems), then the lesson row takes the draft's content, its version is kept in the history,
// the audit log records who published it, and the draft is closed: all in one transaction.
import { and, eq, sql } from 'drizzle-orm';
import { type Lesson, lessonDrafts, lessons } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { assignQuestionIds } from '../../lesson-form.ts';
import { draftProblems } from '../../draft-rules.ts';
import { inStudio, logChange, positionChecked, recordAudit, recordVersion, slugFor } from './admin-lessons.ts';
import { readFacts } from './curriculum-loader.ts';

/** A 422 whose answer lists the content rules the draft breaks: `{ message, problems: string[] }`. */
export class ContentProblems extends HttpError {
  constructor(readonly problems: string[]) {
    super(422, 'This draft breaks the content rules; fix these first');
  }
  override toResponse(): Response {
    return Response.json({ message: this.message, problems: this.problems }, { status: this.status });
  }
}

const STALE_BASE =
  'This lesson was published again since this draft was started. Rebase the draft on the new version, or discard it.';

export async function publishDraft(actorId: string, draftId: number, note: string): Promise<Lesson> {
  const db = await getDb();
  const row = await positionChecked(() =>
    db.transaction(async (tx) => {
      const [draft] = await tx.select().from(lessonDrafts).where(eq(lessonDrafts.id, draftId)).for('update');
      if (!draft) throw new HttpError(404, 'Draft not found');
      const problems = draftProblems(draft.content, readFacts());
      if (problems.length > 0) {
        throw new ContentProblems(problems);
      }
      const { questions: asked, ...fields } = draft.content;
      let published: Lesson;
      if (draft.lessonId === null) {
        const { questions, lastQuestionId } = assignQuestionIds(
          asked.map((q) => ({ ...q, id: undefined })),
          [],
          0,
        );
        [published] = await tx
          .insert(lessons)
          .values({ ...fields, questions, lastQuestionId, slug: slugFor(fields.title) })
          .returning();
      } else {
        const [current] = await tx
          .select()
          .from(lessons)
          .where(and(eq(lessons.id, draft.lessonId), inStudio()))
          .for('update');
        if (!current) throw new HttpError(404, 'The lesson of this draft was deleted');
        if (current.version !== draft.baseVersion) throw new HttpError(409, STALE_BASE);
        const { questions, lastQuestionId } = assignQuestionIds(
          asked,
          current.questions.map((q) => q.id),
          current.lastQuestionId,
        );
        [published] = await tx
          .update(lessons)
          // An unpublished lesson is published again with the draft's content.
          .set({
            ...fields,
            questions,
            lastQuestionId,
            version: sql`${lessons.version} + 1`,
            updatedAt: new Date(),
            deletedAt: null,
            unpublishedAt: null,
          })
          .where(eq(lessons.id, current.id))
          .returning();
      }
      await recordVersion(tx, published, actorId, note);
      await recordAudit(tx, actorId, 'lesson.publish', {
        lessonId: published.id,
        title: published.title,
        version: published.version,
      });
      await tx.delete(lessonDrafts).where(eq(lessonDrafts.id, draftId));
      return published;
    })
  );
  logChange(actorId, 'lesson.publish', { lessonId: row.id, title: row.title, version: row.version });
  return row;
}
