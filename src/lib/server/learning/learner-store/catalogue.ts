// The lesson catalogue (the active lessons in learning order) and the stored
// versions of each lesson's questions (question_sets), which attempts refer to.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import {
  type AnsweredQuestion,
  type Lesson,
  lessons,
  questionSets,
  type QuizResponseData,
  type StoredResponse,
} from '../../../../../db/schema.ts';
import { byPosition } from '../../../lessons.ts';
import { getDb } from '../../platform/db.ts';

/**
 * The catalogue's fingerprint: every write to a lesson bumps its version or its times, so two
 * reads that see the same text see the same lessons.
 */
async function catalogueKey(): Promise<string> {
  const db = await getDb();
  const [{ key }] = await db
    .select({
      key: sql<
        string
      >`count(*) || ':' || coalesce(sum(${lessons.version}), 0) || ':' || coalesce(max(${lessons.updatedAt})::text, '') || ':' ||
        coalesce(max(${lessons.createdAt})::text, '') || ':' || coalesce(max(${lessons.deletedAt})::text, '')`,
    })
    .from(lessons);
  return key;
}

async function readActiveLessons(): Promise<Lesson[]> {
  const db = await getDb();
  const rows = await db.select().from(lessons).where(isNull(lessons.deletedAt)).orderBy(asc(lessons.id));
  return rows.sort(byPosition);
}

// The app's one cache: every request needs the whole catalogue, which changes only when an
// author saves; with it, its JSON for the authors' list of every lesson, made on first use.
let kept: { key: string; lessons: Promise<Lesson[]>; json?: Promise<string> } | undefined;

async function current() {
  const key = await catalogueKey();
  if (kept?.key !== key) {
    const entry: NonNullable<typeof kept> = { key, lessons: readActiveLessons() };
    entry.lessons.catch(() => kept === entry && (kept = undefined));
    kept = entry;
  }
  return kept;
}

/** The active lessons in learning order, read again only when the catalogue's fingerprint changed. */
export async function findActiveLessons(): Promise<Lesson[]> {
  return (await current()).lessons;
}

/** The active lessons and the fingerprint they were read at (a public page's version tag). */
export async function readCatalogue(): Promise<{ version: string; lessons: Lesson[] }> {
  const entry = await current();
  return { version: entry.key, lessons: await entry.lessons };
}

/** The active lessons as JSON (every lesson whole), serialized once per catalogue version. */
export async function activeLessonsJson(): Promise<string> {
  const entry = await current();
  entry.json ??= entry.lessons.then((lessons) => JSON.stringify(lessons));
  return entry.json;
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

/** Stores a version of a lesson's questions once (its digest is of the JSON as PostgreSQL stores it). */
async function storeQuestionSet(lessonId: number, questions: AnsweredQuestion[]): Promise<number> {
  const db = await getDb();
  const json = JSON.stringify(questions);
  const [row] = await db
    .insert(questionSets)
    .values({ lessonId, digest: sql`md5(${json}::jsonb::text)`, questions })
    .onConflictDoUpdate({
      target: [questionSets.lessonId, questionSets.digest],
      set: { lessonId: sql`excluded.lesson_id` },
    })
    .returning({ id: questionSets.id });
  return row.id;
}

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
    id = storeQuestionSet(lesson.id, questions);
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
    return {
      ...r,
      question: q?.question ?? '',
      options: q?.options ?? [],
      correctAnswer: q?.correctAnswer ?? -1,
      explanation: q?.explanation ?? '',
    };
  });
}
