import type { Lesson } from '../../../../db/schema.ts';
import { LEVEL_LABELS, LEVELS, PILLAR_LABELS } from '../../domain.ts';
import { isLevelUnlocked } from '../../lessons.ts';
import type { LearnerState } from './learner-store/state.ts';

/** How a learner opens a locked lesson, in words. */
export function unlockHint(state: LearnerState, lesson: Lesson): string {
  if (
    !isLevelUnlocked(lesson.pillar, lesson.level, state.lessons, state.completed, state.placement, state.completedAt)
  ) {
    const previous = LEVELS[LEVELS.indexOf(lesson.level) - 1];
    return `Complete every ${PILLAR_LABELS[lesson.pillar]} ${LEVEL_LABELS[previous]} lesson to open ${
      LEVEL_LABELS[lesson.level]
    }, or retake the assessment.`;
  }
  const before = state.lessons
    .filter((l) => l.pillar === lesson.pillar && l.level === lesson.level && l.orderIndex < lesson.orderIndex)
    .sort((a, b) => b.orderIndex - a.orderIndex)[0];
  return before ? `Pass the quiz of "${before.title}" first.` : 'Complete the lessons before it first.';
}
