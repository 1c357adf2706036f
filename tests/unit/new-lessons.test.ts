// New lessons never take anything from a learner (issue 56): a lesson published after the learner
// finished its level stays out of their totals and weighted progress until they pass it, however
// long ago it came; it shows as new until started; no level closes again.
import { assertEquals } from '../helpers/assert.ts';
import {
  countsFor,
  isNewFor,
  isUnlockedFor,
  type LearnerState,
  levelStates,
} from '../../src/lib/server/learning/learner-store/state.ts';
import type { Lesson, LessonProgress } from '../../db/schema.ts';
import type { Level } from '../../src/lib/domain.ts';

const DAY = 86_400_000;
const start = new Date('2026-06-01T12:00:00Z');
const at = (days: number) => new Date(start.getTime() + days * DAY);
const lesson = (id: number, level: Level, orderIndex: number, createdAt: Date) =>
  ({
    id,
    pillar: 'saving',
    level,
    orderIndex,
    weight: 10,
    createdAt,
    deletedAt: null,
    state: 'published',
  }) as unknown as Lesson;
const attempt = (lessonId: number, when: Date, passed = true): LessonProgress =>
  ({
    userId: 'u',
    lessonId,
    completed: passed,
    bestScore: passed ? 3 : 1,
    lastScore: passed ? 3 : 1,
    totalQuestions: 3,
    attempts: 1,
    completedAt: passed ? when : null,
    updatedAt: when,
  }) as LessonProgress;

function learnerWith(lessons: Lesson[], progress: LessonProgress[]): LearnerState {
  const done = progress.filter((p) => p.completed);
  return {
    lessons,
    progress: new Map(progress.map((p) => [p.lessonId, p])),
    completed: new Set(done.map((p) => p.lessonId)),
    completedAt: new Map(done.map((p) => [p.lessonId, p.completedAt!])),
    placement: {},
    results: null,
    hasAssessment: true,
    daily: { timeZone: null, dailyGoal: 1, remindReview: false, remindStreak: false, streak: null },
    plan: null,
  };
}

// The saving pillar of the issue: 7 lessons finished, then 2 more published (7 of 9 weight is 78%).
const finished = [
  lesson(1, 'beginner', 1, start),
  lesson(2, 'beginner', 2, start),
  lesson(3, 'beginner', 3, start),
  lesson(4, 'intermediate', 1, start),
  lesson(5, 'intermediate', 2, start),
  lesson(6, 'advanced', 1, start),
  lesson(7, 'advanced', 2, start),
];
const passes = finished.map((l) => attempt(l.id, at(l.id)));
const addedBeginner = lesson(8, 'beginner', 4, at(30));
const addedAdvanced = lesson(9, 'advanced', 3, at(40));
const catalogue = [...finished, addedBeginner, addedAdvanced];

Deno.test('a learner who finished a pillar before a lesson was added is still at 100% a year later', () => {
  const state = learnerWith(catalogue, passes);
  assertEquals(countsFor(state).saving.weightedProgress, 100);
  assertEquals(countsFor(state).saving.beginner, { total: 3, completed: 3 });
  assertEquals(countsFor(state).saving.advanced, { total: 2, completed: 2 });
  // A year on (the rule reads no clock): the same figures, and the new lessons still show as new.
  assertEquals(isNewFor(state, addedBeginner), true);
  assertEquals(isNewFor(state, addedAdvanced), true);
  // Every level stays open, and the added lessons can be taken.
  assertEquals(levelStates(state, 'saving'), { beginner: true, intermediate: true, advanced: true });
  assertEquals(isUnlockedFor(state, addedBeginner), true);
});

Deno.test('an added lesson is no longer new once started, and counts only once passed', () => {
  const failed = learnerWith(catalogue, [...passes, attempt(8, at(365), false)]);
  assertEquals(isNewFor(failed, addedBeginner), false);
  assertEquals(countsFor(failed).saving.weightedProgress, 100);
  assertEquals(countsFor(failed).saving.beginner, { total: 3, completed: 3 });
  const passed = learnerWith(catalogue, [...passes, attempt(8, at(366))]);
  assertEquals(countsFor(passed).saving.beginner, { total: 4, completed: 4 });
  // The other added lesson stays out: passing one added lesson does not bring the rest back.
  assertEquals(countsFor(passed).saving.advanced, { total: 2, completed: 2 });
  assertEquals(countsFor(passed).saving.weightedProgress, 100);
  assertEquals(levelStates(passed, 'saving'), { beginner: true, intermediate: true, advanced: true });
});

Deno.test('no level closes again when one of two added lessons is passed', () => {
  const beginnerOnly = catalogue.filter((l) => l.level === 'beginner');
  const second = lesson(10, 'beginner', 5, at(50));
  const intermediateFirst = lesson(4, 'intermediate', 1, start);
  const state = learnerWith(
    [...beginnerOnly, second, intermediateFirst],
    [...passes.filter((p) => p.lessonId <= 3), attempt(8, at(60))],
  );
  assertEquals(isUnlockedFor(state, intermediateFirst), true);
});

Deno.test('a lesson published before the learner finished its level counts from the start', () => {
  const lessons = [lesson(1, 'beginner', 1, start), lesson(2, 'beginner', 2, at(1))];
  const state = learnerWith(lessons, [attempt(1, at(2))]);
  assertEquals(countsFor(state).saving.beginner, { total: 2, completed: 1 });
  assertEquals(isNewFor(state, lessons[1]), false);
});

Deno.test('a lesson published while the learner was part way through a level is new and counts', () => {
  const lessons = [lesson(1, 'beginner', 1, start), lesson(2, 'beginner', 2, start), lesson(3, 'beginner', 3, at(5))];
  const state = learnerWith(lessons, [attempt(1, at(1))]);
  assertEquals(isNewFor(state, lessons[2]), true);
  assertEquals(countsFor(state).saving.beginner, { total: 3, completed: 1 });
});
