import { assertEquals } from '../helpers/assert.ts';
import type { Level, Pillar } from '../../src/lib/domain.ts';
import type { LessonRef, Placement } from '../../src/lib/lessons.ts';
import { levelsFrom, pillarsByResult, recommendNextLesson } from '../../src/lib/next-lesson.ts';

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
  lastPassed: string | null;
  next: string | undefined;
  /** Words the reason must contain. */
  says?: string[];
}

const placedAdvancedInCredit: Placement = { saving: 'beginner', credit: 'advanced', investing: 'intermediate' };
const learners: Learner[] = [
  {
    name: 'placed Advanced in credit, credit lowest, nothing passed: the first Advanced credit lesson',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: [],
    lastPassed: null,
    next: 'credit advanced 1',
    says: [
      'Credit has your lowest result (50 of 100)',
      'places you at Advanced in Credit',
      'the first Advanced Credit lesson',
    ],
  },
  {
    name: 'placed Intermediate in the lowest pillar: its first Intermediate lesson, never a Beginner one',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 90, investing: 20 },
    passed: [],
    lastPassed: null,
    next: 'investing intermediate 1',
    says: ['places you at Intermediate in Investing'],
  },
  {
    name: 'tied results go in the pillar order',
    placement: {},
    results: { saving: 40, credit: 40, investing: 40 },
    passed: [],
    lastPassed: null,
    next: 'saving beginner 1',
  },
  {
    name: 'no assessment yet: the first Beginner saving lesson',
    placement: {},
    results: null,
    passed: [],
    lastPassed: null,
    next: 'saving beginner 1',
    says: ['not taken our assessment'],
  },
  {
    name: 'after passing Credit Advanced 1: Credit Advanced 2, not a Beginner lesson',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: ['credit advanced 1'],
    lastPassed: 'credit advanced 1',
    next: 'credit advanced 2',
    says: ['places you at Advanced in Credit', 'you passed “credit advanced 1”', 'the next Advanced Credit lesson'],
  },
  {
    name: 'after a pass in another pillar than the lowest: the same pillar goes on',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: ['saving beginner 1'],
    lastPassed: 'saving beginner 1',
    next: 'saving beginner 2',
  },
  {
    name: 'after the last lesson of a level: the first lesson of the next level, now open',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: ['saving beginner 1', 'saving beginner 2'],
    lastPassed: 'saving beginner 2',
    next: 'saving intermediate 1',
    says: ['passed every Beginner Saving lesson', 'Intermediate is your next level'],
  },
  {
    name: 'the passed lesson is a retake of an earlier one: the first unpassed of its level',
    placement: {},
    results: { saving: 10, credit: 50, investing: 90 },
    passed: ['saving beginner 1'],
    lastPassed: 'saving beginner 1',
    next: 'saving beginner 2',
  },
  {
    name: 'the pillar of the last pass is finished: back to the lowest result with lessons left',
    placement: placedAdvancedInCredit,
    results: { saving: 80, credit: 50, investing: 90 },
    passed: ['credit advanced 1', 'credit advanced 2'],
    lastPassed: 'credit advanced 2',
    next: 'credit beginner 1',
  },
  {
    name: 'a pillar with nothing left is passed over for the next lowest result',
    placement: { saving: 'advanced', credit: 'beginner', investing: 'beginner' },
    results: { saving: 10, credit: 50, investing: 90 },
    passed: [
      'saving advanced 1',
      'saving advanced 2',
      'saving beginner 1',
      'saving beginner 2',
      'saving intermediate 1',
      'saving intermediate 2',
    ],
    lastPassed: 'saving intermediate 2',
    next: 'credit beginner 1',
  },
  {
    name: 'everything passed: nothing to recommend',
    placement: {},
    results: null,
    passed: catalogue.map((l) => l.title),
    lastPassed: 'investing advanced 2',
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
      lastPassedId: learner.lastPassed === null ? null : at(learner.lastPassed).id,
    };
    const next = recommendNextLesson(input);
    assertEquals(next?.lesson.title, learner.next);
    for (const words of learner.says ?? []) {
      assertEquals(next?.reason.includes(words), true, `"${next?.reason}" says "${words}"`);
    }
    // The same learner gets the same answer every time.
    assertEquals(recommendNextLesson(input)?.lesson.id, next?.lesson.id);
  });
}

Deno.test('next lesson: never below the placed level while a lesson at or above it is open', () => {
  for (const credit of ['beginner', 'intermediate', 'advanced'] as Level[]) {
    const next = recommendNextLesson({
      lessons: catalogue,
      completed: new Set(),
      placement: { saving: 'advanced', credit, investing: 'advanced' },
      results: { saving: 90, credit: 30, investing: 90 },
      lastPassedId: null,
    });
    assertEquals([next?.lesson.pillar, next?.lesson.level, next?.lesson.orderIndex], ['credit', credit, 1]);
  }
});

Deno.test('levels are taken from the placed one up, then the ones below; pillars from the lowest result', () => {
  assertEquals(levelsFrom('intermediate'), ['intermediate', 'advanced', 'beginner']);
  assertEquals(levelsFrom('beginner'), ['beginner', 'intermediate', 'advanced']);
  assertEquals(pillarsByResult({ saving: 60, credit: 20, investing: 40 }), ['credit', 'investing', 'saving']);
  assertEquals(pillarsByResult(null), ['saving', 'credit', 'investing']);
});
