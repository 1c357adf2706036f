// Instant feedback on a quiz question (the learning-loop issue): the learner checks one answer at
// a time and sees right or wrong, the correct option and the explanation. The first answer
// checked for each question of an attempt is kept, and the attempt is graded on those answers, so
// checking cannot be used to try every option within one attempt.
import type { Lesson } from '../../../../db/schema.ts';
import { lt } from 'drizzle-orm';
import { quizChecks } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { readStatement, writeStatement } from '../platform/statement.ts';
import { GroupCommit } from '../platform/group-commit.ts';

export interface CheckedAnswer {
  questionId: number;
  /** The answer graded: the first one checked for this question in this attempt. */
  userAnswer: number;
  isCorrect: boolean;
  correctAnswer: number;
  explanation: string;
}

const keepFirstCheck = writeStatement<[userId: string, attemptId: string, questionId: number, lessonId: number, userAnswer: number], { user_answer: number; lesson_id: number }>(`insert into quiz_checks (user_id, attempt_id, question_id, lesson_id, user_answer)
  values ($1, $2, $3, $4, $5)
  on conflict (user_id, attempt_id, question_id) do update set user_id = quiz_checks.user_id
  returning user_answer, lesson_id`);

/** Keeps the first answer checked for the question in this attempt and grades that one. */
export async function checkAnswer(userId: string, lesson: Lesson, attemptId: string, questionId: number, userAnswer: number): Promise<CheckedAnswer | null> {
  const question = lesson.questions.find((q) => q.id === questionId);
  if (!question) return null;
  const [kept] = await keepFirstCheck.run(userId, attemptId, questionId, lesson.id, userAnswer);
  if (kept.lesson_id !== lesson.id) return null;
  const answer = kept.user_answer;
  return { questionId, userAnswer: answer, isCorrect: answer === question.correctAnswer, correctAnswer: question.correctAnswer, explanation: question.explanation };
}

interface AttemptKey {
  userId: string;
  attemptId: string;
  lessonId: number;
}

/** The checks of a group of attempts, one statement (a JSON list of keys; see checkReader). */
const checksOfAttempts = readStatement<[keys: string], { k: number; question_id: number; user_answer: number }>(
  `select w.k, c.question_id, c.user_answer
  from jsonb_to_recordset($1::text::jsonb) as w(k int, user_id uuid, attempt_id uuid, lesson_id int)
  join quiz_checks c on c.user_id = w.user_id and c.attempt_id = w.attempt_id and c.lesson_id = w.lesson_id`,
);

// Completions that arrive while one group's lookup runs go together in the next (group-commit.ts):
// under load a completion's check lookup costs a share of one statement, not one of its own.
// Never shared while waiting: each completion is a different attempt.
const checkReader = new GroupCommit<AttemptKey, Array<{ question_id: number; user_answer: number }>>(
  async (keys) => {
    const input = keys.map((key, k) => ({ k, user_id: key.userId, attempt_id: key.attemptId, lesson_id: key.lessonId }));
    const rows = await checksOfAttempts.run(JSON.stringify(input));
    const out = keys.map(() => [] as Array<{ question_id: number; user_answer: number }>);
    for (const row of rows) out[row.k].push(row);
    return out;
  },
  { max: 64, keyOf: (key) => `${key.userId}/${key.attemptId}`, retryAlone: () => false },
);

/**
 * The answers a completion is graded on: each checked question's first checked answer, the rest as
 * sent (a quiz answered without checking, as the spec's client does).
 */
export async function answersToGrade(userId: string, lessonId: number, attemptId: string, sent: Array<{ questionId: number; userAnswer: number }>) {
  const checked = await checkReader.submit({ userId, attemptId, lessonId });
  if (checked.length === 0) return sent;
  const first = new Map(checked.map((c) => [c.question_id, c.user_answer]));
  return sent.map((r) => (first.has(r.questionId) ? { questionId: r.questionId, userAnswer: first.get(r.questionId)! } : r));
}

/** Checks older than a day belong to quizzes finished or abandoned long ago. */
export async function pruneQuizChecks(now = new Date()): Promise<void> {
  const db = await getDb();
  await db.delete(quizChecks).where(lt(quizChecks.createdAt, new Date(now.getTime() - 86_400_000)));
}
