// New lessons never take anything from a learner: a pillar they had finished still counts as
// finished while the new lessons show as new (countsFor), and counts them once they are no longer new.
import { assertEquals } from '../helpers/assert.ts';
import {
  countsFor,
  isNewFor,
  type LearnerState,
  NEW_LESSON_DAYS,
} from '../../src/lib/server/learning/learner-store/state.ts';
import type { Lesson, LessonProgress } from '../../db/schema.ts';

const DAY = 86_400_000;
const start = new Date('2026-06-01T12:00:00Z');
const lesson = (id: number, orderIndex: number, createdAt: Date) =>
  ({
    id,
    pillar: 'credit',
    level: 'beginner',
    orderIndex,
    weight: 100 / 3,
    createdAt,
    deletedAt: null,
  }) as unknown as Lesson;
const done = (lessonId: number, at: Date): LessonProgress =>
  ({
    userId: 'u',
    lessonId,
    completed: true,
    bestScore: 3,
    lastScore: 3,
    totalQuestions: 3,
    attempts: 1,
    completedAt: at,
    updatedAt: at,
  }) as LessonProgress;

function learnerWith(lessons: Lesson[], progress: LessonProgress[]): LearnerState {
  return {
    lessons,
    progress: new Map(progress.map((p) => [p.lessonId, p])),
    completed: new Set(progress.map((p) => p.lessonId)),
    completedAt: new Map(progress.map((p) => [p.lessonId, p.completedAt!])),
    placement: {},
    results: null,
    hasAssessment: true,
    daily: { timeZone: null, dailyGoal: 1, remindReview: false, remindStreak: false, streak: null },
  };
}

Deno.test('a pillar finished before a lesson was added stays finished while the lesson shows as new', () => {
  const old = [lesson(1, 1, start), lesson(2, 2, start), lesson(3, 3, start)];
  const added = lesson(4, 4, new Date(start.getTime() + 30 * DAY));
  const state = learnerWith([...old, added], old.map((l) => done(l.id, new Date(start.getTime() + DAY))));
  const soon = new Date(start.getTime() + 31 * DAY);
  assertEquals(isNewFor(state, added, soon), true);
  const counts = countsFor(state, soon);
  assertEquals(counts.credit.weightedProgress, 100);
  assertEquals(counts.credit.beginner, { total: 3, completed: 3 });
  // Once it is no longer new it counts like any lesson.
  const later = new Date(added.createdAt.getTime() + (NEW_LESSON_DAYS + 1) * DAY);
  assertEquals(countsFor(state, later).credit.beginner, { total: 4, completed: 3 });
});

Deno.test('a learner who starts after a lesson was added counts it from the start', () => {
  const lessons = [lesson(1, 1, start), lesson(2, 2, new Date(start.getTime() + DAY))];
  const state = learnerWith(lessons, [done(1, new Date(start.getTime() + 2 * DAY))]);
  assertEquals(countsFor(state, new Date(start.getTime() + 3 * DAY)).credit.beginner, { total: 2, completed: 1 });
});
