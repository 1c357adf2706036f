// Recording a quiz attempt, graded on the server: one transaction writes the attempt and what
// the rules of src/lib (completion.ts, leitner.ts, streak.ts) say it changes: the lesson's
// progress, the learner's aggregates, the badges it earns, its missed questions for review and
// the day's streak and goal. Exactly once per attempt id, whichever instance gets it first.
import { and, eq } from 'drizzle-orm';
import {
  learnerPillarStats,
  learnerStats,
  type Lesson,
  lessonProgress,
  questionSets,
  quizAttempts,
  type QuizResponseData,
} from '../../../../../db/schema.ts';
import type { Executor } from '../../../../../db/client.ts';
import { gradeQuiz, passMark } from '../../../lessons.ts';
import { accuracyUnits } from '../../../progress.ts';
import { progressAfter, runAfter } from '../../../completion.ts';
import { getDb } from '../../platform/db.ts';
import { HttpError } from '../../platform/http.ts';
import { countLessonDay, type DailyStatus, lockLearner } from '../streaks.ts';
import { addToAggregates, earnBadges, scheduleReviews } from './attempt-effects.ts';
import { answeredResponses, questionSetFor } from './catalogue.ts';

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

/** A badge stored by the transaction that recorded the attempt which earned it. */
export interface EarnedBadge {
  badge: string;
  earnedAt: string;
}

/** A recorded attempt: its result, the badges it earned (none for a duplicate) and, for a new pass, the day's status after it. */
export type RecordedAttempt = CompletionResult & { badgesEarned: EarnedBadge[]; daily: DailyStatus | null };

type GradedResponse = Pick<
  QuizResponseData,
  'questionId' | 'userAnswer' | 'isCorrect' | 'correctAnswer' | 'explanation'
>;

function resultOf(
  lessonId: number,
  attemptId: string,
  responses: GradedResponse[],
  score: number,
  total: number,
  passed: boolean,
  completed: boolean,
  duplicate: boolean,
): CompletionResult {
  return {
    attemptId,
    lessonId,
    score,
    correctAnswers: score,
    totalQuestions: total,
    passed,
    passMark: passMark(total),
    completed,
    results: responses.map((r) => ({
      questionId: r.questionId,
      userAnswer: r.userAnswer,
      isCorrect: r.isCorrect,
      correctAnswer: r.correctAnswer,
      explanation: r.explanation,
    })),
    duplicate,
  };
}

/** Records the attempt unless its id is already recorded; a duplicate answers the recorded one. */
export async function recordQuizAttempt(
  userId: string,
  lesson: Lesson,
  input: CompletionInput,
  now = new Date(),
): Promise<RecordedAttempt> {
  const { graded, score, total, passed } = gradeQuiz(lesson.questions, input.quizResponses);
  const questionSetId = await questionSetFor(lesson);
  const db = await getDb();
  const recorded = await db.transaction(async (tx) => {
    // The learner's streak row, locked: one learner's attempts are recorded in turn.
    const locked = await lockLearner(tx, userId, input.timeZone);
    if (!locked) throw new HttpError(401, 'Not authenticated');
    const [known] = await tx.select({ id: quizAttempts.id }).from(quizAttempts).where(
      and(eq(quizAttempts.userId, userId), eq(quizAttempts.attemptId, input.attemptId)),
    );
    if (known) return null;
    const [stats] = await tx.select().from(learnerStats).where(eq(learnerStats.userId, userId));
    const [pillar] = await tx.select().from(learnerPillarStats).where(
      and(eq(learnerPillarStats.userId, userId), eq(learnerPillarStats.pillar, lesson.pillar)),
    );
    const [before] = await tx.select().from(lessonProgress).where(
      and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, lesson.id)),
    );
    const progress = progressAfter(before, { passed, score, total }, now);
    const units = accuracyUnits(score, total);
    const seq = (stats?.attempts ?? 0) + 1;
    const run = runAfter(stats?.passRun ?? 0, passed);
    const pillarRun = runAfter(pillar?.passRun ?? 0, passed);

    await tx.insert(quizAttempts).values({
      userId,
      lessonId: lesson.id,
      attemptId: input.attemptId,
      questionSetId,
      responses: graded.map(({ questionId, userAnswer, isCorrect }) => ({ questionId, userAnswer, isCorrect })),
      score,
      totalQuestions: total,
      passed,
      durationMs: input.durationMs ?? null,
      createdAt: now,
      seq,
      pillar: lesson.pillar,
      level: lesson.level,
      accuracyUnits: units,
      accuracyCum: (stats?.accuracyUnits ?? 0) + units,
      lessonVersion: lesson.version,
    });
    await addToAggregates(tx, {
      userId,
      lesson,
      graded,
      score,
      total,
      passed,
      durationMs: input.durationMs,
      questionSetId,
    }, {
      stats,
      pillarBestRun: pillar?.bestRun ?? 0,
      seq,
      run,
      pillarRun,
      units,
    });
    await tx
      .insert(lessonProgress)
      .values({ userId, lessonId: lesson.id, ...progress, updatedAt: now })
      .onConflictDoUpdate({
        target: [lessonProgress.userId, lessonProgress.lessonId],
        set: { ...progress, updatedAt: now },
      });

    const badges = await earnBadges(tx, userId, lesson, { passed, score, total, run }, now);
    await scheduleReviews(tx, userId, lesson.id, graded.filter((g) => !g.isCorrect), now);
    // A passed quiz counts toward the daily streak and goal.
    const daily = passed ? await countLessonDay(tx, userId, now, locked) : null;
    return { completed: progress.completed, badges, daily };
  });

  if (recorded) {
    const responses = graded.map((g) => ({
      ...g,
      explanation: lesson.questions.find((q) => q.id === g.questionId)!.explanation,
    }));
    const badgesEarned = recorded.badges.map((b) => ({ badge: b.badge, earnedAt: b.earnedAt.toISOString() }));
    return {
      ...resultOf(lesson.id, input.attemptId, responses, score, total, passed, recorded.completed, false),
      badgesEarned,
      daily: recorded.daily,
    };
  }
  return answerRecorded(db, userId, lesson.id, input.attemptId);
}

/** The answer to an attempt id already recorded (a retry, a double submit or another tab). */
async function answerRecorded(
  db: Executor,
  userId: string,
  lessonId: number,
  attemptId: string,
): Promise<RecordedAttempt> {
  const [existing] = await db
    .select({ attempt: quizAttempts, questions: questionSets.questions })
    .from(quizAttempts)
    .innerJoin(questionSets, eq(questionSets.id, quizAttempts.questionSetId))
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.attemptId, attemptId)));
  const { attempt } = existing;
  if (attempt.lessonId !== lessonId) throw new HttpError(409, 'This attempt id was already used for another lesson');
  const [p] = await db.select().from(lessonProgress).where(
    and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, attempt.lessonId)),
  );
  const responses = answeredResponses(attempt.responses, existing.questions);
  return {
    ...resultOf(
      attempt.lessonId,
      attemptId,
      responses,
      attempt.score,
      attempt.totalQuestions,
      attempt.passed,
      Boolean(p?.completed),
      true,
    ),
    badgesEarned: [],
    daily: null,
  };
}
