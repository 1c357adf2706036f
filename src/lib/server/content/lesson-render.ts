// What learners' and visitors' pages show of a lesson, made when the lesson is written (loaded from
// its file, published, edited) and stored on its row: the sections as sanitized HTML, the /learn
// summary and the stored copy of its questions that attempts refer to. No page renders markdown.
// A change to the rendering bumps RENDERER_VERSION: start-up renders every older row again.
import { and, eq, lt, sql } from 'drizzle-orm';
import { type AnsweredQuestion, type Lesson, lessons, questionSets } from '../../../../db/schema.ts';
import type { Database, Executor } from '../../../../db/client.ts';
import { lessonSummary } from '../../library.ts';
import { toLessonSections } from './lesson-content.ts';
import { writeLessons } from './catalogue.ts';

/** The version of markdown.ts and lesson-content.ts's output that rows carry. */
export const RENDERER_VERSION = 1;

type Rendered = Pick<Lesson, 'id' | 'sections' | 'content' | 'learningObjectives' | 'questions'>;

/** Stores a version of a lesson's questions once (its digest is of the JSON as PostgreSQL stores it). */
async function storeQuestionSet(tx: Executor, lesson: Rendered): Promise<number> {
  const questions: AnsweredQuestion[] = lesson.questions.map((q) => ({
    questionId: q.id,
    question: q.question,
    options: q.options,
    correctAnswer: q.correctAnswer,
    explanation: q.explanation,
  }));
  const json = JSON.stringify(questions);
  const [row] = await tx
    .insert(questionSets)
    .values({ lessonId: lesson.id, digest: sql`md5(${json}::jsonb::text)`, questions })
    .onConflictDoUpdate({
      target: [questionSets.lessonId, questionSets.digest],
      set: { lessonId: sql`excluded.lesson_id` },
    })
    .returning({ id: questionSets.id });
  return row.id;
}

/**
 * Renders the lesson just written and stores the result on its row, in the writing transaction;
 * answers the row as stored.
 */
export async function storeRendering(tx: Executor, lesson: Rendered): Promise<Lesson> {
  const questionSetId = await storeQuestionSet(tx, lesson);
  // A question the lesson no longer asks leaves every learner's review queue.
  await tx.execute(sql`update review_items set retired_at = now() where lesson_id = ${lesson.id}
    and retired_at is null and not (question_id = any(${`{${lesson.questions.map((q) => q.id).join(',')}}`}::int[]))`);
  const [row] = await tx
    .update(lessons)
    .set({
      rendered: toLessonSections(lesson.sections, lesson.content),
      summary: lessonSummary(lesson),
      rendererVersion: RENDERER_VERSION,
      questionSetId,
    })
    .where(eq(lessons.id, lesson.id))
    .returning();
  return row;
}

/** A lesson as authors and the admin API see it: what was written, without what was made from it. */
export function authoredFields(
  lesson: Lesson,
): Omit<Lesson, 'rendered' | 'summary' | 'rendererVersion' | 'questionSetId'> {
  const { rendered: _r, summary: _s, rendererVersion: _v, questionSetId: _q, ...authored } = lesson;
  return authored;
}

/** Start-up: renders again every lesson (published or not) that an older renderer made. */
export async function renderStaleLessons(db: Database): Promise<number> {
  const stale = await db.select().from(lessons).where(lt(lessons.rendererVersion, RENDERER_VERSION));
  if (stale.length === 0) return 0;
  await writeLessons(async (tx) => {
    for (const lesson of stale) {
      // Only a row still as it was read: a lesson written meanwhile was rendered by its writer.
      const [current] = await tx.select({ version: lessons.version }).from(lessons).where(
        and(eq(lessons.id, lesson.id), eq(lessons.version, lesson.version)),
      ).for('update');
      if (current) await storeRendering(tx, lesson);
    }
  }, db);
  return stale.length;
}
