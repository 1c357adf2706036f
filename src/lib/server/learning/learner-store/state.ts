// A learner's state as the unlocking rules need it: the catalogue, their progress and placement.
import type { Lesson, LessonProgress } from '../../../../../db/schema.ts';
import { placementFor, scoreOf } from '../../../assessment.ts';
import { questionsOfVersion } from '../assessment.ts';
import { isLessonUnlocked, isLevelUnlocked, lessonCounts, levelFinishedAt, type Placement } from '../../../lessons.ts';
import { type NextLesson, type NextLessonInput, openLevelOf, recommendNextLesson } from '../../../next-lesson.ts';
import { planClause } from '../../../money-plan/next-step.ts';
import type { SavedPlan } from '../../../money-plan/saved.ts';
import { type Level, LEVELS, type Pillar, PILLARS } from '../../../domain.ts';
import { findActiveLessons } from '../../content/catalogue.ts';
import { testedOutLevels, withTestOuts } from '../../../test-out.ts';
import type { TestOutRow } from './test-out-rows.ts';
import {
  type CoreSnapshot,
  type LearnerDaily,
  type LearnerRows,
  readLearner,
  readLearnerFigures,
  readLearnerRows,
} from './rows.ts';
import { type HistorySnapshot, readLearnerHistory } from './history.ts';

export interface LearnerState {
  lessons: Lesson[];
  progress: Map<number, LessonProgress>;
  completed: Set<number>;
  /** When each completed lesson was completed (a level never closes when a lesson is added). */
  completedAt: Map<number, Date>;
  /**
   * The level each pillar is open up to by the newest assessment or a passed test-out, whichever is
   * higher: every unlocking rule reads this (docs/DESIGN.md 5 and 18).
   */
  placement: Placement;
  /** The levels a passed test-out opened alone (issue 56), for words that name why a level is open. */
  testedOut?: Placement;
  /** The learner's test-out rows (the test-out page reads its level's). */
  testOuts?: TestOutRow[];
  /** Each pillar's result in the newest assessment (0-100); null before one. */
  results: Record<Pillar, number> | null;
  hasAssessment: boolean;
  /** The zone, daily goal and streak row, as read with the rest. */
  daily: LearnerDaily;
  /** The newest saved money plan; its step comes first in the next-step rule. */
  plan: SavedPlan | null;
}

/** Everything the unlocking rules need for one learner: lessons, progress and placement. */
export async function loadLearnerState(userId: string): Promise<LearnerState> {
  const [rows, all] = await Promise.all([readLearnerRows(userId), findActiveLessons()]);
  return stateOf(rows, all);
}

/** The learner's state and the figures every learner screen starts from, from one read of their rows. */
export async function loadLearner(
  userId: string,
  now = new Date(),
): Promise<{ state: LearnerState; core: CoreSnapshot }> {
  const [{ rows, core }, all] = await Promise.all([readLearner(userId, now), findActiveLessons()]);
  return { state: stateOf(rows, all), core };
}

/** The learner's state and the progress figures' rows (the dashboard's, less what only it shows), from one read. */
export async function loadLearnerFigures(userId: string): Promise<{ state: LearnerState; core: CoreSnapshot }> {
  const [{ rows, core }, all] = await Promise.all([readLearnerFigures(userId), findActiveLessons()]);
  return { state: stateOf(rows, all), core };
}

/** The learner's state, the dashboard's figures and the progress screen's history, from one read. */
export async function loadLearnerHistory(
  userId: string,
): Promise<{ state: LearnerState; core: CoreSnapshot; history: HistorySnapshot }> {
  const [{ rows, core, history }, all] = await Promise.all([readLearnerHistory(userId), findActiveLessons()]);
  return { state: stateOf(rows, all), core, history };
}

/** The unlocking rules' view of a learner from rows already read (a completion reads them with the rest). */
export function stateOf(rows: LearnerRows, all: Lesson[]): LearnerState {
  const progress = new Map(rows.progress.map((p) => [p.lessonId, p]));
  const done = rows.progress.filter((p) => p.completed);
  const completed = new Set(done.map((p) => p.lessonId));
  const completedAt = new Map(done.map((p) => [p.lessonId, p.completedAt ?? p.updatedAt]));
  const testedOut = testedOutLevels(rows.testOuts);
  const assessed = rows.assessment
    ? placementFor(questionsOfVersion(rows.assessment.version), rows.assessment, rows.assessment.answers ?? {})
    : {};
  return {
    lessons: all,
    progress,
    completed,
    completedAt,
    placement: withTestOuts(assessed, testedOut),
    testedOut,
    testOuts: rows.testOuts,
    results: rows.assessment
      ? (Object.fromEntries(PILLARS.map((p) => [p, scoreOf(rows.assessment!, p)])) as Record<Pillar, number>)
      : null,
    hasAssessment: Boolean(rows.assessment),
    daily: rows.daily,
    plan: rows.plan,
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

/**
 * New to this learner: published after the learner had started learning (a lesson of a fresh
 * catalogue is not "new" to someone who just signed up), and not started (no attempt) yet.
 */
export function isNewFor(state: LearnerState, lesson: Lesson): boolean {
  if (state.progress.has(lesson.id)) return false;
  const published = lesson.createdAt.getTime();
  for (const p of state.progress.values()) {
    if ((p.completedAt ?? p.updatedAt).getTime() < published) return true;
  }
  return false;
}

/** A lesson published after the learner finished its level, not passed yet: it stays out of their totals. */
export function isAddedAfterFinish(state: LearnerState, lesson: Lesson): boolean {
  if (state.completed.has(lesson.id)) return false;
  const finished = levelFinishedAt(lesson.pillar, lesson.level, state.lessons, state.completedAt);
  return finished !== null && lesson.createdAt.getTime() > finished;
}

/** The next-step rule's input for this learner (src/lib/next-lesson.ts). */
export function nextStepInput(state: LearnerState): NextLessonInput<Lesson> {
  return {
    lessons: state.lessons,
    completed: state.completed,
    completedAt: state.completedAt,
    placement: state.placement,
    opened: state.testedOut,
    results: state.results,
    first: planClause(state.lessons, state.plan?.summary.stepId ?? null),
  };
}

/** The learner's next lesson by the one rule (src/lib/next-lesson.ts); undefined: the next step is review. */
export function recommendedFor(state: LearnerState): NextLesson<Lesson> | undefined {
  return recommendNextLesson(nextStepInput(state));
}

/** The lesson to open after passing `done`: the same rule as every screen's, with `done` passed. */
export function nextLessonAfter(state: LearnerState, done: Lesson): NextLesson<Lesson> | undefined {
  const completed = new Set(state.completed).add(done.id);
  const completedAt = new Map(state.completedAt).set(done.id, state.completedAt.get(done.id) ?? new Date());
  return recommendedFor({ ...state, completed, completedAt });
}

/** The pillar's open level (the learner's level there): from the placement or completed levels. */
export function openLevelFor(state: LearnerState, pillar: Pillar): Level {
  return openLevelOf(nextStepInput(state), pillar);
}

/**
 * The learner's lesson counts and weighted progress. A lesson published after the learner finished
 * its level counts only once passed, however long ago it came: progress never drops.
 */
export function countsFor(state: LearnerState) {
  return lessonCounts(state.lessons.filter((lesson) => !isAddedAfterFinish(state, lesson)), state.completed);
}
