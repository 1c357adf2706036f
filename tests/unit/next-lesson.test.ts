import { assertEquals } from '../helpers/assert.ts';
import type { Level, Pillar } from '../../src/lib/domain.ts';
import type { LessonRef, Placement } from '../../src/lib/lessons.ts';
import { levelsFrom, openLevelOf, pillarOrder, recommendNextLesson } from '../../src/lib/next-lesson.ts';

type L = LessonRef & { title: string };
const catalogue: L[] = [];
for (const pillar of ['saving', 'credit', 'investing'] as Pillar[]) {
  for (const level of ['beginner', 'intermediate', 'advanced'] as Level[]) {
    for (const orderIndex of [1, 2]) {
      catalogue.push({
        id: catalogue.length + 1,
        pillar,
        level,
        orderIndex,
        weight: 10,
        title: `${pillar} ${level} ${orderIndex}`,
      });
    }
  }
}
const at = (title: string) => catalogue.find((l) => l.title === title)!;
const ids = (...titles: string[]) => new Set(titles.map((t) => at(t).id));

interface Learner {
  name: string;
  placement: Placement;
  results: Record<Pillar, number> | null;
  passed: string[];
  next: string | undefined;
  /** Words the reason must contain. */
  says?: string[];
  basics?: string[];
}

const placedAdvancedInCredit: Placement = { saving: 'beginner', credit: 'advanced', investing: 'intermediate' };
// The rule (issue 52, docs/DESIGN.md "The next step"): the pillar with the lowest open level, ties
// by the lowest result then saving, credit, investing; its first unpassed lesson at or above that level.
const learners: Learner[] = [
  {
    name: 'the lowest open level wins over the lowest result',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: [],
    next: 'saving beginner 1',
    says: ['places you at Beginner in Saving, your lowest level', 'the first Beginner Saving lesson'],
  },
  {
    name:
      "the issue's case: a saving beginner lesson passed before the assessment, placed Saving Intermediate, Credit and Investing Beginner",
    placement: { saving: 'intermediate', credit: 'beginner', investing: 'beginner' },
    results: { saving: 60, credit: 20, investing: 35 },
    passed: ['saving beginner 2'],
    next: 'credit beginner 1',
    says: ['of the pillars at Beginner Credit has your lowest result (20 of 100)', 'the first Beginner Credit lesson'],
  },
  {
    name: 'placed Intermediate in saving: its Beginner lessons are basics, never the next step',
    placement: { saving: 'intermediate', credit: 'advanced', investing: 'advanced' },
    results: { saving: 60, credit: 90, investing: 90 },
    passed: [],
    next: 'saving intermediate 1',
    basics: ['saving beginner 1'],
  },
  {
    name: 'tied levels and results go in the pillar order',
    placement: {},
    results: { saving: 40, credit: 40, investing: 40 },
    passed: [],
    next: 'saving beginner 1',
  },
  {
    name: 'no assessment yet: every pillar counts as Beginner, saving first',
    placement: {},
    results: null,
    passed: [],
    next: 'saving beginner 1',
    says: ['not taken our assessment yet, so every pillar starts at Beginner'],
  },
  {
    name: 'no assessment, saving beginner finished: Saving is at Intermediate, so Credit (Beginner) is next',
    placement: {},
    results: null,
    passed: ['saving beginner 1', 'saving beginner 2'],
    next: 'credit beginner 1',
  },
  {
    name: 'the next lesson of the same level follows a pass',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: ['saving beginner 1'],
    next: 'saving beginner 2',
    says: ['your next Beginner Saving lesson'],
  },
  {
    name: 'a finished pillar moves to the next pillar by the same order',
    placement: { saving: 'advanced', credit: 'advanced', investing: 'advanced' },
    results: { saving: 10, credit: 50, investing: 90 },
    passed: ['saving advanced 1', 'saving advanced 2'],
    next: 'credit advanced 1',
    says: ['Saving has no lesson open to you at your level, so Credit comes next'],
  },
  {
    name: 'every lesson at or above each level passed: the next step is review, not a basic lesson',
    placement: { saving: 'advanced', credit: 'advanced', investing: 'advanced' },
    results: { saving: 10, credit: 50, investing: 90 },
    passed: catalogue.filter((l) => l.level === 'advanced').map((l) => l.title),
    next: undefined,
  },
  {
    name: 'everything passed: review',
    placement: {},
    results: null,
    passed: catalogue.map((l) => l.title),
    next: undefined,
  },
];

for (const learner of learners) {
  Deno.test(`next lesson: ${learner.name}`, () => {
    const input = {
      lessons: catalogue,
      completed: ids(...learner.passed),
      placement: learner.placement,
      results: learner.results,
    };
    const next = recommendNextLesson(input);
    assertEquals(next?.lesson.title, learner.next);
    assertEquals(next?.pillar, next?.lesson.pillar);
    for (const words of learner.says ?? []) {
      assertEquals(next?.reason.includes(words), true, `"${next?.reason}" says "${words}"`);
    }
    if (learner.basics) assertEquals(next?.basics.map((l) => l.title), learner.basics);
    // The same learner gets the same answer every time.
    assertEquals(recommendNextLesson(input)?.lesson.id, next?.lesson.id);
  });
}

Deno.test('next lesson: never below the open level while a lesson at or above it is open', () => {
  for (const credit of ['beginner', 'intermediate', 'advanced'] as Level[]) {
    const next = recommendNextLesson({
      lessons: catalogue,
      completed: new Set(),
      placement: { saving: 'advanced', credit, investing: 'advanced' },
      results: { saving: 90, credit: 30, investing: 90 },
    });
    assertEquals([next?.lesson.pillar, next?.lesson.level, next?.lesson.orderIndex], ['credit', credit, 1]);
  }
});

Deno.test('open levels: placement, completed levels and levels opened another way (a test-out, issue 56)', () => {
  const base = { lessons: catalogue, completed: new Set<number>(), placement: {}, results: null };
  assertEquals(openLevelOf(base, 'saving'), 'beginner');
  assertEquals(
    openLevelOf({ ...base, completed: ids('saving beginner 1', 'saving beginner 2') }, 'saving'),
    'intermediate',
  );
  assertEquals(openLevelOf({ ...base, placement: { credit: 'advanced' } }, 'credit'), 'advanced');
  const opened = { ...base, opened: { saving: 'intermediate', credit: 'intermediate' } as Placement };
  assertEquals(openLevelOf(opened, 'saving'), 'intermediate');
  assertEquals(pillarOrder(opened), ['investing', 'saving', 'credit']);
  assertEquals(recommendNextLesson(opened)?.lesson.title, 'investing beginner 1');
  assertEquals(recommendNextLesson(opened)?.reason.includes('Investing'), true);
});

Deno.test("the first clause (a saved plan's step, issue 57): its first open, unpassed lesson at any level", () => {
  const base = { lessons: catalogue, completed: ids('credit beginner 1'), placement: {}, results: null };
  const first = { lessonIds: [at('credit beginner 1').id, at('credit beginner 2').id], reason: "your plan's step" };
  const next = recommendNextLesson({ ...base, first });
  assertEquals(next?.lesson.title, 'credit beginner 2');
  assertEquals(next?.reason, "Your plan's step");
  // None of the step's lessons is open: the rule goes on as before.
  const locked = { lessonIds: [at('investing advanced 2').id], reason: 'x' };
  assertEquals(recommendNextLesson({ ...base, first: locked })?.lesson.title, 'saving beginner 1');
});

Deno.test('levels are taken from the placed one up, then the ones below', () => {
  assertEquals(levelsFrom('intermediate'), ['intermediate', 'advanced', 'beginner']);
  assertEquals(levelsFrom('beginner'), ['beginner', 'intermediate', 'advanced']);
});
