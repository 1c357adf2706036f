// Recording a quiz attempt, graded on the server, in two statements whatever the number of
// questions: one prepared read of everything the rules need (readForCompletion), then one write
// (writeAttempt) of the attempt and of what the rules of src/lib (completion.ts, leitner.ts,
// streak.ts) say it changes: the lesson's progress, the learner's summary rows, the badges it
// earns, its missed questions for review, the day's streak and goal. The write is one statement
// (so it is atomic without BEGIN and COMMIT) and happens only while the learner's activity
// version (learner_streaks.version) is still the one read: a concurrent completion or review of
// the same learner makes it write nothing, and the caller reads and tries again.
import { desc, eq, gte, sql } from 'drizzle-orm';
import { assessments, learnerDays, type Lesson, quizAttempts, quizChecks, users } from '../../../../../db/schema.ts';
import { passMark } from '../../../lessons.ts';
import { addDays, dayIn, NO_STREAK, type StreakState } from '../../../streak.ts';
import type { Database } from '../../../../../db/client.ts';
import { getDb, prepared } from '../../platform/db.ts';
import { HttpError } from '../../platform/http.ts';
import { findActiveLessons } from '../../content/catalogue.ts';
import { type DailyStatus, dailyStatusOf, lockLearner } from '../streaks.ts';
import { writeAttempt } from './attempt-write.ts';
import { answeredResponses } from './figures.ts';
import { testOutTuples } from './test-out-rows.ts';
import { type LearnerRows, rowsOf } from './rows.ts';
import { progressTuples } from './tuples.ts';
import { NEWEST_PLAN } from './plan-rows.ts';

export interface CompletionInput {
  attemptId: string;
  quizResponses: Array<{ questionId: number; userAnswer: number }>;
  durationMs?: number;
  /** The browser's time zone, stored when valid and new (the day's streak is counted in it). */
  timeZone?: string | null;
}

export interface CompletionResult {
  attemptId: string;
  lessonId: number;
  score: number;
  correctAnswers: number;
  totalQuestions: number;
  passed: boolean;
  passMark: number;
  /** The lesson's state after this attempt: once completed, always completed. */
  completed: boolean;
  results: Array<
    { questionId: number; userAnswer: number; isCorrect: boolean; correctAnswer: number; explanation: string }
  >;
  /** True when this attempt id had already been recorded (a retry or double submit). */
  duplicate: boolean;
}

/** A badge stored by the statement that recorded the attempt which earned it. */
export interface EarnedBadge {
  badge: string;
  earnedAt: string;
}

/** A recorded attempt: its result, the badges it earned (none for a duplicate) and the day's status after it. */
export type RecordedAttempt = CompletionResult & { badgesEarned: EarnedBadge[]; daily: DailyStatus };

const key = (name: string) => sql.placeholder(name);

type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];

/** The completion's read, on the pool (prepared once) or in the transaction of a retry. */
const completionQuery = (db: Database | Transaction) =>
  db.query.users.findFirst({
    where: eq(users.id, key('userId')),
    columns: {
      id: true,
      timeZone: true,
      nextTimeZone: true,
      nextTimeZoneAt: true,
      dailyGoal: true,
      remindReview: true,
      remindStreak: true,
    },
    with: {
      assessments: { orderBy: [desc(assessments.createdAt)], limit: 1 },
      streak: true,
      // Not the latest answers: the completion merges its own into them without reading them.
      stats: { columns: { latestAnswers: false } },
      pillarStats: true,
      quizChecks: {
        columns: { questionId: true, userAnswer: true, lessonId: true },
        where: eq(quizChecks.attemptId, key('attemptId')),
      },
      quizAttempts: {
        where: eq(quizAttempts.attemptId, key('attemptId')),
        limit: 1,
        with: { questionSet: { columns: { questions: true } } },
      },
      days: {
        columns: { day: true, lessons: true, reviews: true },
        where: gte(learnerDays.day, key('fromDay')),
        orderBy: [desc(learnerDays.day)],
        limit: 3,
      },
      moneyPlans: NEWEST_PLAN,
    },
    extras: {
      progress: progressTuples.as('progress'),
      test_outs: testOutTuples.as('test_outs'),
      // The units of attempt n/2 + 1 (n attempts so far): where the improvement rate's later half starts next.
      middleUnits: sql<number | null>`(select a.accuracy_units from quiz_attempts a where a.user_id = ${
        sql.placeholder('userId')
      }
        and a.seq = coalesce((select s.attempts from learner_stats s where s.user_id = ${
        sql.placeholder('userId')
      }), 0) / 2 + 1)`
        .as('middle_units'),
    },
  }).prepare('completion_read');

const completionStatement = prepared(completionQuery);

export type CompletionUser = NonNullable<
  Awaited<ReturnType<Awaited<ReturnType<typeof completionStatement>>['execute']>>
>;

/** What a completion reads of its learner, in one statement. */
export interface CompletionRead {
  user: CompletionUser;
  rows: LearnerRows;
  /** The answer already recorded for this attempt id (a retry, a double submit or another tab). */
  recorded: CompletionUser['quizAttempts'][number] | undefined;
}

/** Everything a completion of `attemptId` needs to know of the learner; null for no such learner. */
export async function readForCompletion(
  userId: string,
  attemptId: string,
  now: Date,
  tx?: Transaction,
): Promise<CompletionRead | null> {
  // The learner's day is within a day of UTC's in any zone: the newest days from the day before.
  const fromDay = addDays(dayIn(now, 'UTC'), -1);
  const statement = tx ? completionQuery(tx) : await completionStatement();
  const user = await statement.execute({ userId, attemptId, fromDay });
  if (!user) return null;
  return { user, rows: rowsOf(user), recorded: user.quizAttempts[0] };
}

/** The answers a completion is graded on: each checked question's first checked answer, the rest as sent. */
export function answersToGrade(
  read: CompletionRead,
  lessonId: number,
  sent: Array<{ questionId: number; userAnswer: number }>,
): Array<{ questionId: number; userAnswer: number }> {
  const first = new Map(
    read.user.quizChecks.filter((c) => c.lessonId === lessonId).map((c) => [c.questionId, c.userAnswer]),
  );
  return sent.map((r) => ({ questionId: r.questionId, userAnswer: first.get(r.questionId) ?? r.userAnswer }));
}

export function resultOf(
  lessonId: number,
  attemptId: string,
  responses: Array<
    { questionId: number; userAnswer: number; isCorrect: boolean; correctAnswer: number; explanation: string }
  >,
  graded: { score: number; total: number; passed: boolean },
  completed: boolean,
  duplicate: boolean,
): CompletionResult {
  return {
    attemptId,
    lessonId,
    score: graded.score,
    correctAnswers: graded.score,
    totalQuestions: graded.total,
    passed: graded.passed,
    passMark: passMark(graded.total),
    completed,
    results: responses.map(({ questionId, userAnswer, isCorrect, correctAnswer, explanation }) => ({
      questionId,
      userAnswer,
      isCorrect,
      correctAnswer,
      explanation,
    })),
    duplicate,
  };
}

export const streakOf = (row: CompletionUser['streak']): StreakState =>
  row
    ? {
      current: row.current,
      longest: row.longest,
      lastDay: row.lastDay,
      freezes: row.freezes,
      frozenDays: row.frozenDays,
    }
    : NO_STREAK;

/** The answer to an attempt id already recorded: as it was graded then, and the day as it is now. */
export function answerRecorded(read: CompletionRead, lessonId: number, now: Date): RecordedAttempt | 'other lesson' {
  const attempt = read.recorded!;
  if (attempt.lessonId !== lessonId) return 'other lesson';
  const responses = answeredResponses(attempt.responses, attempt.questionSet?.questions ?? []);
  const completed = read.rows.progress.some((p) => p.lessonId === lessonId && p.completed);
  return {
    ...resultOf(
      lessonId,
      attempt.attemptId,
      responses,
      {
        score: attempt.score,
        total: attempt.totalQuestions,
        passed: attempt.passed,
      },
      completed,
      true,
    ),
    badgesEarned: [],
    daily: dailyOf(read, streakOf(read.user.streak), now),
  };
}

function dailyOf(read: CompletionRead, streak: StreakState, now: Date, zone = read.user.timeZone): DailyStatus {
  return dailyStatusOf({ timeZone: zone, dailyGoal: read.user.dailyGoal, streak, days: read.user.days }, now);
}

/**
 * What the caller checks in what was read before anything is written (the lesson is open to the
 * learner, say), answering the answers to grade; it throws to refuse.
 */
export type BeforeWrite = (read: CompletionRead) => CompletionInput;

/**
 * Records an attempt of `lesson`, or answers the one already recorded under its id; answers what
 * was read with it. First one read and one write on the pool; when the learner's activity moved
 * in between (another tab, a review), once more inside a transaction that locks the learner's
 * streak row first, so concurrent attempts of one learner are then written in the order they wait.
 */
export async function recordAttempt(
  userId: string,
  lesson: Lesson,
  input: CompletionInput,
  now: Date,
  beforeWrite: BeforeWrite = () => input,
): Promise<{ recorded: RecordedAttempt; read: CompletionRead }> {
  const catalogue = await findActiveLessons();
  const attempt = async (tx?: Transaction) => {
    const read = await readForCompletion(userId, input.attemptId, now, tx);
    if (!read) throw new HttpError(401, 'Not authenticated');
    if (read.recorded) {
      const recorded = answerRecorded(read, lesson.id, now);
      if (recorded === 'other lesson') throw new HttpError(409, 'This attempt id was already used for another lesson');
      return { recorded, read };
    }
    const written = await writeAttempt(read, userId, lesson, catalogue, beforeWrite(read), now, tx);
    return written ? { recorded: written, read } : null;
  };
  const first = await attempt();
  if (first) return first;
  const db = await getDb();
  const locked = await db.transaction(async (tx) => {
    await lockLearner(tx, userId, undefined);
    return attempt(tx);
  });
  if (!locked) throw new HttpError(503, 'Your answers could not be saved just now. Please try again.');
  return locked;
}

/**
 * Records an attempt of `lesson` as graded from `input` (no unlocking check: complete-quiz.ts makes
 * it), or answers the one already recorded under its id.
 */
export async function recordQuizAttempt(
  userId: string,
  lesson: Lesson,
  input: CompletionInput,
  now = new Date(),
): Promise<RecordedAttempt> {
  return (await recordAttempt(userId, lesson, input, now)).recorded;
}
