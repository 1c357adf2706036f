// Publishing a draft (admins only): the per-lesson content rules first (refused with the list of
// problems), then the one publishing service (publish.ts) writes the lesson, its HTML, history and
// audit row, and the draft is closed: all in one transaction.
import { and, eq } from 'drizzle-orm';
import { type Lesson, lessonDrafts, lessons } from '../../../../db/schema.ts';
import { HttpError } from '../platform/http.ts';
import { draftProblems } from '../../draft-rules.ts';
import { inStudio } from './admin-lessons.ts';
import { readFacts } from '../content/curriculum-loader.ts';
import { publishLesson } from './publish.ts';

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

/** Publishes the draft through the one publishing service (publish.ts) and closes it, in one transaction. */
export async function publishDraft(actorId: string, draftId: number, note: string): Promise<Lesson> {
  return await publishLesson(actorId, 'lesson.publish', note, async (tx) => {
    const [draft] = await tx.select().from(lessonDrafts).where(eq(lessonDrafts.id, draftId)).for('update');
    if (!draft) throw new HttpError(404, 'Draft not found');
    const problems = draftProblems(draft.content, readFacts());
    if (problems.length > 0) throw new ContentProblems(problems);
    let current: Lesson | null = null;
    if (draft.lessonId !== null) {
      [current] = await tx
        .select()
        .from(lessons)
        .where(and(eq(lessons.id, draft.lessonId), inStudio()))
        .for('update');
      if (!current) throw new HttpError(404, 'The lesson of this draft was deleted');
      if (current.version !== draft.baseVersion) throw new HttpError(409, STALE_BASE);
    }
    await tx.delete(lessonDrafts).where(eq(lessonDrafts.id, draftId));
    // A new lesson's questions get their ids when it is first published; an unpublished lesson is published again.
    const questions = current ? draft.content.questions : draft.content.questions.map((q) => ({ ...q, id: undefined }));
    return { current, content: { ...draft.content, questions } };
  });
}
