// The test-out's rules (issue 56): 5 questions spread over the level's lessons, a different draw
// each time while the level has other questions, 4 right passes, and the levels a pass opens.
import { assert, assertEquals } from '../helpers/assert.ts';
import {
  drawQuestions,
  gradeTestOut,
  TEST_OUT_PASS_MARK,
  TEST_OUT_QUESTIONS,
  testedOutLevels,
  withTestOuts,
} from '../../src/lib/test-out.ts';
import { isLevelUnlocked, type LessonRef } from '../../src/lib/lessons.ts';

const lessons = [1, 2, 3, 4].map((id) => ({ id, questions: [1, 2, 3].map((q) => ({ id: q })) }));
let seed = 3;
const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);

Deno.test('a draw is 5 distinct questions, at least one from each lesson before a second from any', () => {
  for (let i = 0; i < 50; i++) {
    const draw = drawQuestions(lessons, [], random)!;
    assertEquals(draw.length, TEST_OUT_QUESTIONS);
    assertEquals(new Set(draw.map((d) => d.join(':'))).size, 5);
    assertEquals(new Set(draw.map(([lesson]) => lesson)).size, 4);
  }
});

Deno.test('each new draw avoids the previous one while the level has other questions, and draws vary', () => {
  let previous = drawQuestions(lessons, [], random)!;
  const seen = new Set<string>();
  for (let i = 0; i < 30; i++) {
    const next = drawQuestions(lessons, previous, random)!;
    const before = new Set(previous.map((d) => d.join(':')));
    assert(next.every((d) => !before.has(d.join(':'))), 'no question of the previous draw');
    seen.add(next.map((d) => d.join(':')).sort().join(','));
    previous = next;
  }
  assert(seen.size > 10, 'different draws each time');
  // With only 6 questions in the level, a new draw repeats as few as it can (4 of the 5).
  const small = [{ id: 9, questions: [1, 2, 3, 4, 5, 6].map((id) => ({ id })) }];
  const first = drawQuestions(small, [], random)!;
  const second = drawQuestions(small, first, random)!;
  assertEquals(second.filter((d) => first.some((f) => f.join() === d.join())).length, 4);
  assertEquals(drawQuestions([{ id: 1, questions: [{ id: 1 }, { id: 2 }] }], [], random), null);
});

Deno.test('4 of 5 right passes, 3 does not; a question removed since the draw is not held against the learner', () => {
  const draw: Array<[number, number]> = [[1, 1], [2, 1], [3, 1], [4, 1], [1, 2]];
  const right = (_l: number, _q: number) => 0;
  const answers = (wrong: number) =>
    draw.map(([lessonId, questionId], i) => ({
      lessonId,
      questionId,
      userAnswer: i < wrong ? 1 : 0,
    }));
  assertEquals(TEST_OUT_PASS_MARK, 4);
  assertEquals(gradeTestOut(draw, answers(1), right).passed, true);
  const failed = gradeTestOut(draw, answers(2), right);
  assertEquals([failed.score, failed.passed, failed.missed], [3, false, [[1, 1], [2, 1]]]);
  const removed = gradeTestOut(draw, answers(2), (l, q) => (l === 1 && q === 1 ? undefined : 0));
  assertEquals([removed.score, removed.passed], [4, true]);
});

Deno.test('a passed test-out opens its level and those below; the assessment never lowers it', () => {
  const opened = testedOutLevels([
    { pillar: 'saving', level: 'intermediate', passedAt: new Date() },
    { pillar: 'saving', level: 'advanced', passedAt: null },
    { pillar: 'credit', level: 'advanced', passedAt: new Date() },
  ]);
  assertEquals(opened, { saving: 'intermediate', credit: 'advanced' });
  const placement = withTestOuts({ saving: 'advanced', credit: 'beginner', investing: 'intermediate' }, opened);
  assertEquals(placement, { saving: 'advanced', credit: 'advanced', investing: 'intermediate' });
  const catalogue: LessonRef[] = [
    { id: 1, pillar: 'credit', level: 'beginner', orderIndex: 1, weight: 1 },
    { id: 2, pillar: 'credit', level: 'intermediate', orderIndex: 1, weight: 1 },
    { id: 3, pillar: 'credit', level: 'advanced', orderIndex: 1, weight: 1 },
  ];
  const placed = withTestOuts({}, opened);
  assertEquals(isLevelUnlocked('credit', 'intermediate', catalogue, new Set(), placed), true);
  assertEquals(isLevelUnlocked('credit', 'advanced', catalogue, new Set(), placed), true);
  assertEquals(isLevelUnlocked('saving', 'advanced', catalogue, new Set(), placed), false);
});
