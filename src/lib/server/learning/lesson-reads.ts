// What the funnel of the studio's statistics reads from: one lesson_reads row per learner and
// version of a lesson, written when the lesson page shows its first step (the opening, sent by the
// page's script: a GET writes nothing), moved on when a further step is shown, and marked at the
// first quiz answer. Each write is one statement on one row (its key),
// and a write that changes nothing (a reopened page, a step already reached) writes nothing.
import { sql } from 'drizzle-orm';
import type { Lesson } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';

type ReadLesson = Pick<Lesson, 'id' | 'version' | 'sections'>;

/** How many steps the lesson page shows (a lesson without sections is one step). */
export const stepCount = (lesson: Pick<Lesson, 'sections'>): number => Math.max(1, lesson.sections.length);

/** A step was shown (1-based): the first one opens the row; only a step further than before moves it. */
export async function recordStep(userId: string, lesson: ReadLesson, step: number, now = new Date()): Promise<void> {
  if (step > stepCount(lesson)) {
    throw new HttpError(400, `This lesson has ${stepCount(lesson)} steps`, { step: 'No such step' });
  }
  const db = await getDb();
  await db.execute(sql`
    insert into lesson_reads (user_id, lesson_id, lesson_version, furthest_step, opened_at)
    values (${userId}, ${lesson.id}, ${lesson.version}, ${step}, ${now.toISOString()})
    on conflict (user_id, lesson_id, lesson_version) do update set furthest_step = excluded.furthest_step
    where lesson_reads.furthest_step < excluded.furthest_step`);
}

/** A question of the quiz was answered: the learner reached the quiz (kept once). */
export async function recordQuizReached(userId: string, lesson: ReadLesson, now = new Date()): Promise<void> {
  const db = await getDb();
  await db.execute(sql`
    insert into lesson_reads (user_id, lesson_id, lesson_version, opened_at, quiz_at)
    values (${userId}, ${lesson.id}, ${lesson.version}, ${now.toISOString()}, ${now.toISOString()})
    on conflict (user_id, lesson_id, lesson_version) do update set quiz_at = excluded.quiz_at
    where lesson_reads.quiz_at is null`);
}
