// The lesson catalogue (the active lessons in learning order) and the stored
// versions of each lesson's questions (question_sets), which attempts refer to.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { lessons, type AnsweredQuestion, type Lesson, type QuizResponseData, type StoredResponse } from '../../../../../db/schema.ts';
import { byPosition } from '../../../lessons.ts';
import { getDb } from '../../platform/db.ts';
import { readStatement, writeStatement } from '../../platform/statement.ts';

/**
 * The catalogue's fingerprint: every write to a lesson bumps its version or its times, so two
 * reads that see the same text see the same lessons.
 */
const FINGERPRINT = `select count(*) || ':' || coalesce(sum(version), 0) || ':' || coalesce(max(updated_at)::text, '') || ':' ||
  coalesce(max(created_at)::text, '') || ':' || coalesce(max(deleted_at)::text, '') as key from lessons`;
const catalogueKey = readStatement<[], { key: string }>(FINGERPRINT);

async function readActiveLessons(): Promise<Lesson[]> {
  const db = await getDb();
  const rows = await db.select().from(lessons).where(isNull(lessons.deletedAt)).orderBy(asc(lessons.id));
  return rows.sort(byPosition);
}

// The app's one cache: every request needs the whole catalogue, which changes only when an author saves.
let kept: { key: string; lessons: Promise<Lesson[]> } | undefined;

/** The active lessons in learning order, read again only when the catalogue's fingerprint changed. */
export async function findActiveLessons(): Promise<Lesson[]> {
  const [{ key }] = await catalogueKey.run();
  if (kept?.key !== key) {
    kept = { key, lessons: readActiveLessons() };
    kept.lessons.catch(() => (kept = undefined));
  }
  return kept.lessons;
}

export async function findLesson(id: number): Promise<Lesson | undefined> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(lessons)
    .where(and(eq(lessons.id, id), isNull(lessons.deletedAt)))
    .limit(1);
  return row;
}

const storeQuestionSet = writeStatement<[lessonId: number, questions: string], { id: number }>(
  `insert into question_sets (lesson_id, digest, questions) values ($1, md5($2::text::jsonb::text), $2::text::jsonb)
  on conflict (lesson_id, digest) do update set lesson_id = excluded.lesson_id returning id`,
);

const questionSetIds = new WeakMap<Lesson, Promise<number>>();

/** The id of the lesson's questions as stored in question_sets, stored on first use of each version. */
export function questionSetFor(lesson: Lesson): Promise<number> {
  let id = questionSetIds.get(lesson);
  if (!id) {
    const questions: AnsweredQuestion[] = lesson.questions.map((q) => ({
      questionId: q.id,
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
    }));
    id = storeQuestionSet.run(lesson.id, JSON.stringify(questions)).then(([row]) => row.id);
    questionSetIds.set(lesson, id);
    id.catch(() => questionSetIds.delete(lesson));
  }
  return id;
}

/** An attempt's answers with the questions they answered, as they were then. */
export function answeredResponses(responses: StoredResponse[], questions: AnsweredQuestion[]): QuizResponseData[] {
  const byId = new Map(questions.map((q) => [q.questionId, q]));
  return responses.map((r) => {
    const q = byId.get(r.questionId);
    return { ...r, question: q?.question ?? '', options: q?.options ?? [], correctAnswer: q?.correctAnswer ?? -1, explanation: q?.explanation ?? '' };
  });
}
