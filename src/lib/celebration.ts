// What a passed quiz is worth celebrating on the finish screen (issue 40): the day now counts in
// the streak, the daily goal was just met, or the pass finished a level.
import { type Level, LEVEL_LABELS, type Pillar, PILLAR_LABELS } from './domain.ts';

export type CelebrationKind = 'streak-day' | 'goal-met' | 'level-finished';

export interface Celebration {
  kind: CelebrationKind;
  sentence: string;
}

export interface CelebrationInput {
  /** The lesson passed, and the lessons of its pillar and level. */
  lesson: { id: number; pillar: Pillar; level: Level };
  levelLessonIds: readonly number[];
  /** Lessons completed before this attempt. */
  completedBefore: ReadonlySet<number>;
  /** This attempt passed, and was not a replay of one already recorded. */
  newPass: boolean;
  /** The day after this attempt, when the attempt counted toward it. */
  daily: { streak: number; today: { done: number; goal: number } } | null;
}

/** The moments this pass marks, in the order the finish screen says them. */
export function celebrationsFor({ lesson, levelLessonIds, completedBefore, newPass, daily }: CelebrationInput) {
  const found: Celebration[] = [];
  if (!newPass) return found;
  // The first activity of the day is the one that adds the day to the streak.
  // The sentences carry the day's streak and goal, so the screen need not say them twice.
  const streakDay = daily !== null && daily.today.done === 1;
  const goalMet = daily !== null && daily.today.done === daily.today.goal;
  if (daily && streakDay) {
    const day = daily.streak === 1
      ? 'Day 1 of your streak: come back tomorrow to make it 2.'
      : `Day ${daily.streak} of your streak: you learned today.`;
    const goal = goalMet ? '' : ` Today's goal: ${daily.today.done} of ${daily.today.goal} done.`;
    found.push({ kind: 'streak-day', sentence: day + goal });
  }
  if (daily && goalMet) {
    const streak = streakDay ? '' : ` ${daily.streak}-day streak.`;
    found.push({ kind: 'goal-met', sentence: `Today's goal of ${daily.today.goal} is met.${streak}` });
  }
  const finished = !completedBefore.has(lesson.id) &&
    levelLessonIds.every((id) => id === lesson.id || completedBefore.has(id));
  if (finished) {
    found.push({
      kind: 'level-finished',
      sentence: `You finished ${PILLAR_LABELS[lesson.pillar]} ${LEVEL_LABELS[lesson.level]}: every lesson passed.`,
    });
  }
  return found;
}
