// A learner's state as the unlocking rules need it: the catalogue, their progress and placement.
import type { Lesson, LessonProgress } from '../../../../../db/schema.ts';
import { placementFor, scoreOf } from '../../../assessment.ts';
import { questionsOfVersion } from '../assessment.ts';
import { isLessonUnlocked, isLevelUnlocked, lessonCounts, type Placement } from '../../../lessons.ts';
import { type NextLesson, recommendNextLesson } from '../../../next-lesson.ts';
import { type Level, LEVELS, type Pillar, PILLARS } from '../../../domain.ts';
import { findActiveLessons } from './catalogue.ts';
import { type CoreSnapshot, type LearnerDaily, type LearnerRows, readLearner, readLearnerRows } from './rows.ts';

export interface LearnerState {
  lessons: Lesson[];
  progress: Map<number, LessonProgress>;
  completed: Set<number>;
  /** When each completed lesson was completed (a level never closes when a lesson is added). */
  completedAt: Map<number, Date>;
  placement: Placement;
  /** Each pillar's result in the newest assessment (0-100); null before one. */
  results: Record<Pillar, number> | null;
  hasAssessment: boolean;
  /** The zone, daily goal and streak row, as read with the rest. */
  daily: LearnerDaily;
}

/** Everything the unlocking rules need for one learner: lessons, progress and placement. */
export async function loadLearnerState(userId: string): Promise<LearnerState> {
  const [rows, all] = await Promise.all([readLearnerRows(userId), findActiveLessons()]);
  return stateOf(rows, all);
}

/** The learner's state and the figures every learner screen starts from, from one read of their rows. */
export async function loadLearner(userId: string): Promise<{ state: LearnerState; core: CoreSnapshot }> {
  const [{ rows, core }, all] = await Promise.all([readLearner(userId), findActiveLessons()]);
  return { state: stateOf(rows, all), core };
}

function stateOf(rows: LearnerRows, all: Lesson[]): LearnerState {
  const progress = new Map(rows.progress.map((p) => [p.lessonId, p]));
  const done = rows.progress.filter((p) => p.completed);
  const completed = new Set(done.map((p) => p.lessonId));
  const completedAt = new Map(done.map((p) => [p.lessonId, p.completedAt ?? p.updatedAt]));
  return {
    lessons: all,
    progress,
    completed,
    completedAt,
    placement: rows.assessment
      ? placementFor(questionsOfVersion(rows.assessment.version), rows.assessment, rows.assessment.answers ?? {})
      : {},
    results: rows.assessment
      ? (Object.fromEntries(PILLARS.map((p) => [p, scoreOf(rows.assessment!, p)])) as Record<Pillar, number>)
      : null,
    hasAssessment: Boolean(rows.assessment),
    daily: rows.daily,
  };
}

/** Whether this user may open the lesson: an author (admin) may open any, a learner what is unlocked. */
export function mayOpen(user: { role: string }, state: LearnerState, lesson: Lesson): boolean {
  return user.role === 'admin' || isUnlockedFor(state, lesson);
}

export function isUnlockedFor(state: LearnerState, lesson: Lesson): boolean {
  return isLessonUnlocked(lesson, state.lessons, state.completed, state.placement, state.completedAt);
}

export function levelStates(state: LearnerState, pillar: Pillar): Record<Level, boolean> {
  return Object.fromEntries(
    LEVELS.map((
      level,
    ) => [level, isLevelUnlocked(pillar, level, state.lessons, state.completed, state.placement, state.completedAt)]),
  ) as Record<
    Level,
    boolean
  >;
}

/** A lesson published within this many days shows as new to learners who were already learning. */
export const NEW_LESSON_DAYS = 60;

/**
 * New to this learner: published in the last NEW_LESSON_DAYS, after the learner had started
 * learning (a lesson of a fresh catalogue is not "new" to someone who just signed up), and not done.
 */
export function isNewFor(state: LearnerState, lesson: Lesson, now = new Date()): boolean {
  if (state.completed.has(lesson.id)) return false;
  const published = lesson.createdAt.getTime();
  if (now.getTime() - published > NEW_LESSON_DAYS * 86_400_000) return false;
  for (const p of state.progress.values()) if (p.updatedAt.getTime() < published) return true;
  return false;
}

/** The lesson to take next (src/lib/next-lesson.ts), after the learner's newest pass (null: none yet). */
export function recommendedFor(state: LearnerState, lastPassedId: number | null): NextLesson<Lesson> | undefined {
  return recommendNextLesson({
    lessons: state.lessons,
    completed: state.completed,
    completedAt: state.completedAt,
    placement: state.placement,
    results: state.results,
    lastPassedId,
  });
}

/** The lesson to open after passing `done` (the same rule as the dashboard's, with `done` passed). */
export function nextLessonAfter(state: LearnerState, done: Lesson): NextLesson<Lesson> | undefined {
  const completed = new Set(state.completed).add(done.id);
  const completedAt = new Map(state.completedAt).set(done.id, state.completedAt.get(done.id) ?? new Date());
  return recommendedFor({ ...state, completed, completedAt }, done.id);
}

/**
 * The learner's lesson counts and weighted progress. A lesson new to this learner (isNewFor) is not
 * counted yet: a pillar they had finished stays finished and shows it as new, not as a drop.
 */
export function countsFor(state: LearnerState, now = new Date()) {
  return lessonCounts(state.lessons.filter((lesson) => !isNewFor(state, lesson, now)), state.completed);
}
