import { assertEquals } from '../helpers/assert.ts';
import { answerKey, type LatestAnswers, masteryByPillar, type MasteryLesson } from '../../src/lib/mastery.ts';

// Credit: lessons 1 (questions 1-3) and 2 (questions 1-2); saving: lesson 3 (questions 1-4); investing: none.
const lessons: MasteryLesson[] = [
  { id: 1, pillar: 'credit', questions: [{ id: 1 }, { id: 2 }, { id: 3 }] },
  { id: 2, pillar: 'credit', questions: [{ id: 1 }, { id: 2 }] },
  { id: 3, pillar: 'saving', questions: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] },
];
// The latest answers are kept by the writes (a quiz's or review's answer replaces the one before it;
// tests/integration/mastery-latest.test.ts); mastery counts them against the lessons as they are now.
const answers = (...entries: Array<[lessonId: number, questionId: number, right: boolean]>): LatestAnswers =>
  Object.fromEntries(entries.map(([lessonId, questionId, right]) => [answerKey(lessonId, questionId), right]));

interface Learner {
  name: string;
  latest: LatestAnswers;
  credit: [met: number, right: number, percent: number | null, advice: string];
}

const learners: Learner[] = [
  {
    name: 'no answers yet: nothing met, no figure',
    latest: {},
    credit: [0, 0, null, "Take a Credit lesson's quiz: mastery counts the questions you have answered"],
  },
  {
    name: 'one quiz, one question missed: 2 of the 3 met',
    latest: answers([1, 1, true], [1, 2, false], [1, 3, true]),
    credit: [
      3,
      2,
      67,
      'Answer the 1 question you missed right when review brings it back, or retake its quiz; 2 more Credit questions wait in lessons you have not taken',
    ],
  },
  {
    name: 'the missed question now right: all met right',
    latest: answers([1, 1, true], [1, 2, true], [1, 3, true]),
    credit: [3, 3, 100, 'Take more Credit lessons: 2 of its questions are still ahead of you'],
  },
  {
    name: 'one question met and missed',
    latest: answers([1, 1, false]),
    credit: [
      1,
      0,
      0,
      'Answer the 1 question you missed right when review brings it back, or retake its quiz; 4 more Credit questions wait in lessons you have not taken',
    ],
  },
  {
    name: 'every question met and right',
    latest: answers([1, 1, true], [1, 2, true], [1, 3, true], [2, 1, true], [2, 2, true]),
    credit: [5, 5, 100, 'Every Credit question met, and right at your latest try'],
  },
  {
    name: 'answers to questions no longer in a lesson, or of another pillar, do not count',
    latest: answers([1, 9, true], [3, 1, false], [2, 1, false], [2, 2, false], [7, 1, true]),
    credit: [
      2,
      0,
      0,
      'Answer the 2 questions you missed right when review brings them back, or retake their quiz; 3 more Credit questions wait in lessons you have not taken',
    ],
  },
];

for (const learner of learners) {
  Deno.test(`mastery: ${learner.name}`, () => {
    const byPillar = masteryByPillar(lessons, learner.latest);
    const credit = byPillar.find((m) => m.pillar === 'credit')!;
    assertEquals([credit.met, credit.right, credit.percent, credit.advice], learner.credit);
    assertEquals(credit.total, 5);
    assertEquals(byPillar.map((m) => m.pillar), ['saving', 'credit', 'investing']);
  });
}

Deno.test('mastery: a pillar without lessons has nothing to meet', () => {
  const investing = masteryByPillar(lessons, {}).find((m) => m.pillar === 'investing')!;
  assertEquals([investing.met, investing.total, investing.percent], [0, 0, null]);
});

Deno.test('mastery: the advice reads "an Investing lesson" and "a Saving lesson" (issue 53)', () => {
  const byPillar = masteryByPillar(lessons, {});
  assertEquals(
    byPillar.find((m) => m.pillar === 'investing')!.advice.startsWith("Take an Investing lesson's quiz"),
    true,
  );
  assertEquals(byPillar.find((m) => m.pillar === 'saving')!.advice.startsWith("Take a Saving lesson's quiz"), true);
});
