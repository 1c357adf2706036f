// The money plan's clause of the next-step rule (src/lib/money-plan/next-step.ts) and how the
// rule takes it first (src/lib/next-lesson.ts): the current step's first open, unpassed lesson at
// any level, in the step's own order; with none, the rule answers as it did without a plan.
import { assertEquals, assertMatch } from '../helpers/assert.ts';
import type { Level, Pillar } from '../../src/lib/domain.ts';
import type { LessonRef, Placement } from '../../src/lib/lessons.ts';
import { type NextLessonInput, recommendNextLesson } from '../../src/lib/next-lesson.ts';
import { planClause } from '../../src/lib/money-plan/next-step.ts';
import { STEP_LESSONS } from '../../src/lib/money-plan/steps.ts';

type L = LessonRef & { title: string; slug: string };
/** The starter fund's lessons where the curriculum has them, among others of each level. */
const lesson = (id: number, slug: string, pillar: Pillar, level: Level, orderIndex: number): L => ({
  id,
  slug,
  pillar,
  level,
  orderIndex,
  weight: 10,
  title: slug,
});
const catalogue: L[] = [
  lesson(1, 'saving-intro', 'saving', 'beginner', 1),
  lesson(2, 'saving-pay-yourself-first', 'saving', 'beginner', 2),
  lesson(3, 'saving-emergency-fund-101', 'saving', 'beginner', 3),
  lesson(4, 'credit-intro', 'credit', 'beginner', 1),
  lesson(5, 'credit-next', 'credit', 'beginner', 2),
  lesson(6, 'credit-mid', 'credit', 'intermediate', 1),
  lesson(7, 'credit-surprise-expenses', 'credit', 'intermediate', 2),
  lesson(8, 'investing-intro', 'investing', 'beginner', 1),
];
const input = (passed: number[], placement: Placement = {}): NextLessonInput<L> => ({
  lessons: catalogue,
  completed: new Set(passed),
  placement,
  results: null,
});
/** The rule's answer with a plan on the starter fund (or another step, or none). */
const withPlan = (i: NextLessonInput<L>, step: 'starter-fund' | null = 'starter-fund') =>
  recommendNextLesson({ ...i, first: planClause(i.lessons, step) });
/** The lesson the plan's clause chose: the rule's answer when its reason is the plan's. */
const planned = (i: NextLessonInput<L>, step: 'starter-fund' | null = 'starter-fund') => {
  const next = withPlan(i, step);
  return next?.reason.startsWith('Your money plan') ? next : undefined;
};

Deno.test("the plan's clause: the step's first open, unpassed lesson, in the step's order", () => {
  assertEquals(STEP_LESSONS['starter-fund'], [
    'saving-pay-yourself-first',
    'saving-emergency-fund-101',
    'credit-surprise-expenses',
  ]);
  const cases: Array<[passed: number[], placement: Placement, expected: string | undefined]> = [
    [[], {}, undefined], // saving-pay-yourself-first opens after saving-intro (spec 4)
    [[1], {}, 'saving-pay-yourself-first'],
    [[1, 2], {}, 'saving-emergency-fund-101'],
    [[1, 2, 3], { credit: 'intermediate' }, undefined], // credit-surprise-expenses opens after credit-mid
    [[1, 2, 3, 6], { credit: 'intermediate' }, 'credit-surprise-expenses'], // at any level, once open
    [[1, 2, 3, 6, 7], { credit: 'intermediate' }, undefined], // every lesson of the step passed
  ];
  for (const [passed, placement, expected] of cases) {
    assertEquals(planned(input(passed, placement))?.lesson.slug, expected, `${passed}`);
  }
  assertEquals(planned(input([1]), null), undefined);
  assertEquals(planClause(catalogue, null), null);
  assertMatch(
    planned(input([1]))!.reason,
    /^Your money plan's step is “Build a starter emergency fund”, and this lesson teaches it$/,
  );
});

Deno.test('the rule takes the clause first, and goes on as before when it has no lesson', () => {
  // A plan: its lesson, where the rule alone would name another pillar's.
  const placed: Placement = { credit: 'intermediate' };
  assertEquals(withPlan(input([1, 2, 3, 6], placed))?.lesson.slug, 'credit-surprise-expenses');
  assertEquals(recommendNextLesson(input([1, 2, 3, 6], placed))?.lesson.slug, 'investing-intro');
  // No lesson of the step open: the same answer as without a plan.
  for (const passed of [[], [1, 2, 3], [1, 2, 3, 4]]) {
    assertEquals(withPlan(input(passed)), recommendNextLesson(input(passed)));
  }
});
