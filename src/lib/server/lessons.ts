import { and, asc, eq, isNull } from 'drizzle-orm';
import { lessonProgress, lessons, quizAttempts, type Lesson, type LessonProgress, type QuizResponseData } from '../../../db/schema.ts';
import { ChangeCache, onTableChange } from './cache.ts';
import { getDatabaseHandle, getDb } from './db.ts';
import { HttpError } from './http.ts';
import { placementOf, type PillarScores } from '../assessment.ts';
import { scheduleMiss } from '../leitner.ts';
import { gradeQuiz, isLessonUnlocked, isLevelUnlocked, lessonCounts, byPosition, type Placement } from '../lessons.ts';
import { LEVELS, type Level, type Pillar } from '../domain.ts';

export interface PublicQuestion {
  id: number;
  question: string;
  options: string[];
}

/** A lesson as learners receive it: never the correct answers or explanations. */
export interface PublicLesson {
  id: number;
  slug: string;
  title: string;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  duration: number;
  weight: number;
  sections: Lesson['sections'];
  content: string | null;
  learningObjectives: string[];
  questions: PublicQuestion[];
  sources: Lesson['sources'];
  reviewedAt: string | null;
}

export function toPublicLesson(lesson: Lesson): PublicLesson {
  return {
    id: lesson.id,
    slug: lesson.slug,
    title: lesson.title,
    pillar: lesson.pillar,
    level: lesson.level,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    weight: lesson.weight,
    sections: lesson.sections,
    content: lesson.content,
    learningObjectives: lesson.learningObjectives,
    questions: lesson.questions.map(({ id, question, options }) => ({ id, question, options })),
    sources: lesson.sources,
    reviewedAt: lesson.reviewedAt,
  };
}

/** The lesson catalogue's version: a trigger bumps it with every change to lessons (migration 0006). */
const LESSONS_FINGERPRINT = `(select coalesce((select version from change_counters where name = 'lessons'), 0)::text)`;

/** Everything per learner that the unlocking rules need, plus the fingerprint, in one round trip. */
const LEARNER_STATE_SQL = `select ${LESSONS_FINGERPRINT} as key,
  coalesce((select json_agg(json_build_object(
    'lessonId', lesson_id, 'completed', completed, 'bestScore', best_score, 'lastScore', last_score,
    'totalQuestions', total_questions, 'attempts', attempts, 'completedAt', completed_at, 'updatedAt', updated_at))
    from lesson_progress where user_id = $1), '[]'::json) as progress,
  (select json_build_object('savingScore', saving_score, 'creditScore', credit_score, 'investingScore', investing_score)
    from assessments where user_id = $1 order by created_at desc limit 1) as assessment`;

interface LearnerRows {
  key: string;
  progress: LessonProgress[];
  assessment: PillarScores | null;
}

// On PGlite (see cache.ts) the catalogue and each learner's rows stay in memory until a change
// notification drops them; on Postgres the catalogue is re-read when its fingerprint changes.
const catalogue = new ChangeCache<Lesson[]>(1);
const learnerRows = new ChangeCache<LearnerRows>(20_000);
let fingerprinted: { key: string; lessons: Lesson[] } | undefined;
onTableChange((table, id) => {
  if (table === 'lessons') catalogue.clear();
  else if (table === 'lesson_progress' || table === 'assessments' || table === 'users') learnerRows.delete(id);
});

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
  const handle = await getDatabaseHandle();
  const key = knownKey ?? (await handle.queryRows<{ key: string }>(`select ${LESSONS_FINGERPRINT} as key`, []))[0].key;
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

export interface LearnerState {
  lessons: Lesson[];
  progress: Map<number, LessonProgress>;
  completed: Set<number>;
  placement: Placement;
  hasAssessment: boolean;
}

async function readLearnerRows(userId: string): Promise<LearnerRows> {
  const cached = learnerRows.get(userId);
  if (cached) return cached;
  const mark = learnerRows.mark();
  const handle = await getDatabaseHandle();
  const [row] = await handle.queryRows<{ key: string; progress: unknown; assessment: unknown }>(LEARNER_STATE_SQL, [userId]);
  const parse = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const progress = parse<Array<Omit<LessonProgress, 'userId' | 'completedAt' | 'updatedAt'> & { completedAt: string | null; updatedAt: string }>>(row.progress).map(
    (p) => ({ ...p, userId, completedAt: p.completedAt ? new Date(p.completedAt) : null, updatedAt: new Date(p.updatedAt) }) as LessonProgress,
  );
  const rows = { key: String(row.key), progress, assessment: parse<PillarScores | null>(row.assessment) };
  learnerRows.set(userId, rows, mark);
  return rows;
}

/** Everything the unlocking rules need for one learner: lessons, progress and placement. */
export async function loadLearnerState(userId: string): Promise<LearnerState> {
  const rows = await readLearnerRows(userId);
  const all = await findActiveLessons(catalogue.enabled ? undefined : rows.key);
  const progress = new Map(rows.progress.map((p) => [p.lessonId, p]));
  const completed = new Set(rows.progress.filter((p) => p.completed).map((p) => p.lessonId));
  return { lessons: all, progress, completed, placement: rows.assessment ? placementOf(rows.assessment) : {}, hasAssessment: Boolean(rows.assessment) };
}

export function isUnlockedFor(state: LearnerState, lesson: Lesson): boolean {
  return isLessonUnlocked(lesson, state.lessons, state.completed, state.placement);
}

export function levelStates(state: LearnerState, pillar: Pillar): Record<Level, boolean> {
  return Object.fromEntries(LEVELS.map((level) => [level, isLevelUnlocked(pillar, level, state.lessons, state.completed, state.placement)])) as Record<
    Level,
    boolean
  >;
}

export interface LessonListItem extends Omit<PublicLesson, 'sections' | 'questions' | 'content'> {
  questionCount: number;
  locked: boolean;
  completed: boolean;
  completionData: {
    bestScore: number;
    lastScore: number;
    totalQuestions: number;
    attempts: number;
    completedAt: string | null;
  } | null;
}

export function toListItem(state: LearnerState, lesson: Lesson): LessonListItem {
  const { sections: _s, questions: _q, content: _c, ...rest } = toPublicLesson(lesson);
  const p = state.progress.get(lesson.id);
  return {
    ...rest,
    questionCount: lesson.questions.length,
    locked: !isUnlockedFor(state, lesson),
    completed: state.completed.has(lesson.id),
    completionData: p
      ? {
          bestScore: p.bestScore,
          lastScore: p.lastScore,
          totalQuestions: p.totalQuestions,
          attempts: p.attempts,
          completedAt: p.completedAt?.toISOString() ?? null,
        }
      : null,
  };
}

export function countsFor(state: LearnerState) {
  return lessonCounts(state.lessons, state.completed);
}

export interface CompletionInput {
  attemptId: string;
  quizResponses: Array<{ questionId: number; userAnswer: number }>;
  durationMs?: number;
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
  results: Array<{ questionId: number; userAnswer: number; isCorrect: boolean; correctAnswer: number; explanation: string }>;
  /** True when this attempt id had already been recorded (a retry or double submit). */
  duplicate: boolean;
}

function resultOf(lessonId: number, attemptId: string, responses: QuizResponseData[], score: number, total: number, passed: boolean, mark: number, completed: boolean, duplicate: boolean): CompletionResult {
  return {
    attemptId,
    lessonId,
    score,
    correctAnswers: score,
    totalQuestions: total,
    passed,
    passMark: mark,
    completed,
    results: responses.map((r) => ({ questionId: r.questionId, userAnswer: r.userAnswer, isCorrect: r.isCorrect, correctAnswer: r.correctAnswer, explanation: r.explanation })),
    duplicate,
  };
}

/**
 * Records one quiz attempt and the progress it makes, in one transaction keyed by the client's
 * attempt id: double submits, retries and concurrent tabs record one attempt.
 */
/**
 * One statement (so one atomic step and one round trip): records the attempt unless its attempt
 * id is already there, and only then updates the progress (a completed lesson never becomes
 * uncompleted) and queues the missed questions for review. `recorded` is null for a repeat.
 */
const RECORD_ATTEMPT_SQL = `with attempt as (
    insert into quiz_attempts (user_id, lesson_id, attempt_id, responses, score, total_questions, passed, duration_ms)
    values ($1, $2, $3, $4::jsonb, $5, $6, $7, $8)
    on conflict do nothing
    returning id
  ), progress as (
    insert into lesson_progress (user_id, lesson_id, completed, best_score, last_score, total_questions, attempts, completed_at)
    select $1::uuid, $2::int, $7::boolean, $5::int, $5::int, $6::int, 1, case when $7::boolean then now() end
    where exists (select 1 from attempt)
    on conflict (user_id, lesson_id) do update set
      completed = lesson_progress.completed or excluded.completed,
      best_score = greatest(lesson_progress.best_score, excluded.best_score),
      last_score = excluded.last_score,
      total_questions = excluded.total_questions,
      attempts = lesson_progress.attempts + 1,
      completed_at = coalesce(lesson_progress.completed_at, excluded.completed_at),
      updated_at = now()
    returning completed
  ), review as (
    insert into review_items (user_id, lesson_id, question_id, box, due_at)
    select $1::uuid, $2::int, missed, $9::int, $10::timestamptz from unnest($11::int[]) as missed
    where exists (select 1 from attempt)
    on conflict (user_id, lesson_id, question_id) do update set box = excluded.box, due_at = excluded.due_at, retired_at = null
  )
  select (select id from attempt)::text as recorded, (select completed from progress) as completed`;

export async function recordQuizAttempt(userId: string, lesson: Lesson, input: CompletionInput, now = new Date()): Promise<CompletionResult> {
  const { graded, score, total, passed, passMark: mark } = gradeQuiz(lesson.questions, input.quizResponses);
  const byId = new Map(lesson.questions.map((q) => [q.id, q]));
  const responses: QuizResponseData[] = graded.map((g) => {
    const q = byId.get(g.questionId)!;
    return { ...g, question: q.question, options: q.options, explanation: q.explanation };
  });
  const missed = graded.filter((g) => !g.isCorrect).map((g) => g.questionId);
  const { box, dueAt } = scheduleMiss(now);
  const handle = await getDatabaseHandle();
  const [row] = await handle.queryRows<{ recorded: string | null; completed: boolean | null }>(RECORD_ATTEMPT_SQL, [
    userId,
    lesson.id,
    input.attemptId,
    JSON.stringify(responses),
    score,
    total,
    passed,
    input.durationMs ?? null,
    box,
    dueAt.toISOString(),
    missed,
  ]);
  if (row.recorded) return resultOf(lesson.id, input.attemptId, responses, score, total, passed, mark, Boolean(row.completed), false);
  // A retry, a double submit or another tab: this attempt id is already recorded.
  const db = await getDb();
  const [existing] = await db
    .select()
    .from(quizAttempts)
    .where(and(eq(quizAttempts.userId, userId), eq(quizAttempts.attemptId, input.attemptId)))
    .limit(1);
  if (existing.lessonId !== lesson.id) throw new HttpError(409, 'This attempt id was already used for another lesson');
  const [p] = await db
    .select()
    .from(lessonProgress)
    .where(and(eq(lessonProgress.userId, userId), eq(lessonProgress.lessonId, existing.lessonId)));
  return resultOf(existing.lessonId, input.attemptId, existing.responses, existing.score, existing.totalQuestions, existing.passed, mark, Boolean(p?.completed), true);
}
