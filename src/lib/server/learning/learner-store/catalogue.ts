// The lesson catalogue (the active lessons in learning order, kept in memory) and the stored
// versions of each lesson's questions (question_sets), which attempts refer to.
import { and, asc, eq, isNull } from 'drizzle-orm';
import { lessons, type AnsweredQuestion, type Lesson, type QuizResponseData, type StoredResponse } from '../../../../../db/schema.ts';
import { byPosition } from '../../../lessons.ts';
import { getDb } from '../../platform/db.ts';
import { readStatement, writeStatement } from '../../platform/statement.ts';
import { ChangeCache, onTableChange } from '../../platform/change-cache.ts';
import { LESSONS_FINGERPRINT } from './versions.ts';

// On PGlite (see cache.ts) the catalogue stays in memory until a change notification drops it;
// on Postgres it is re-read when its fingerprint changes.
const catalogue = new ChangeCache<Lesson[]>(1);
let fingerprinted: { key: string; lessons: Lesson[] } | undefined;
onTableChange((table) => {
  if (table === 'lessons') catalogue.clear();
});

const catalogueVersion = readStatement<[], { key: string }>(`select ${LESSONS_FINGERPRINT} as key`);

/** Whether the catalogue is kept until a change notification (PGlite) rather than by its version. */
export const catalogueIsCached = (): boolean => catalogue.enabled;

async function readActiveLessons(): Promise<Lesson[]> {
  const db = await getDb();
  const rows = await db.select().from(lessons).where(isNull(lessons.deletedAt)).orderBy(asc(lessons.id));
  return rows.sort(byPosition);
}

/** The active lessons in learning order. Every request needs them, so they are kept in memory. */
export async function findActiveLessons(knownKey?: string): Promise<Lesson[]> {
  if (catalogue.enabled) {
    const cached = catalogue.get('all');
    if (cached) return cached;
    const mark = catalogue.mark();
    const all = await readActiveLessons();
    catalogue.set('all', all, mark);
    return all;
  }
  const key = knownKey ?? (await catalogueVersion.run())[0].key;
  if (fingerprinted?.key === key) return fingerprinted.lessons;
  fingerprinted = { key, lessons: await readActiveLessons() };
  return fingerprinted.lessons;
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
