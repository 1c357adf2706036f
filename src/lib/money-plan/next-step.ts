// The money plan's clause of the next-step rule (issue 57): when a saved plan exists, its current
// step's lessons, in the step's own order, are the rule's first clause (src/lib/next-lesson.ts takes
// the first of them that is open and unpassed, at any level; with none, the rule goes on). Pure.
import type { NextLessonInput } from '../next-lesson.ts';
import { STEP_LESSONS, STEP_TITLES, type StepId } from './steps.ts';

type PlanLesson = { id: number; slug: string; title: string };

/** The plan step's lessons as the rule's first clause; null without a plan. */
export function planClause(
  lessons: readonly PlanLesson[],
  stepId: StepId | null,
): NextLessonInput<never>['first'] {
  if (stepId === null) return null;
  const bySlug = new Map(lessons.map((l) => [l.slug, l.id]));
  return {
    lessonIds: STEP_LESSONS[stepId].flatMap((slug) => bySlug.get(slug) ?? []),
    reason: `your money plan's step is “${STEP_TITLES[stepId]}”, and this lesson teaches it`,
  };
}
