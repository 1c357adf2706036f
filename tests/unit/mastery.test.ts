import { assertEquals } from '../helpers/assert.ts';
import { type AnswerAt, masteryByPillar, type MasteryLesson } from '../../src/lib/mastery.ts';

// Credit: lessons 1 (questions 1-3) and 2 (questions 1-2); saving: lesson 3 (questions 1-4); investing: none.
const lessons: MasteryLesson[] = [
  { id: 1, pillar: 'credit', questions: [{ id: 1 }, { id: 2 }, { id: 3 }] },
  { id: 2, pillar: 'credit', questions: [{ id: 1 }, { id: 2 }] },
  { id: 3, pillar: 'saving', questions: [{ id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }] },
];
const day = (n: number) => new Date(Date.UTC(2026, 0, n));
const answer = (lessonId: number, questionId: number, correct: boolean, on: number): AnswerAt => ({
  lessonId,
  questionId,
  correct,
  at: day(on),
});

interface Learner {
  name: string;
  quiz: AnswerAt[];
  review: AnswerAt[];
  credit: [met: number, right: number, percent: number | null, advice: string];
}

const learners: Learner[] = [
  {
    name: 'no answers yet: nothing met, no figure',
    quiz: [],
    review: [],
    credit: [0, 0, null, "Take a Credit lesson's quiz: mastery counts the questions you have answered"],
  },
  {
    name: 'one quiz, one question missed: 2 of the 3 met',
    quiz: [answer(1, 1, true, 1), answer(1, 2, false, 1), answer(1, 3, true, 1)],
    review: [],
    credit: [
      3,
      2,
      67,
      'Answer the 1 question you missed right when review brings it back, or retake its quiz; 2 more Credit questions wait in lessons you have not taken',
    ],
  },
  {
    name: 'the missed question answered right in review later: all met right',
    quiz: [answer(1, 1, true, 1), answer(1, 2, false, 1), answer(1, 3, true, 1)],
    review: [answer(1, 2, true, 2)],
    credit: [3, 3, 100, 'Take more Credit lessons: 2 of its questions are still ahead of you'],
  },
  {
    name: 'a quiz retake after the review is the latest try',
    quiz: [answer(1, 1, true, 1), answer(1, 2, false, 1), answer(1, 3, true, 1), answer(1, 2, false, 5)],
    review: [answer(1, 2, true, 2)],
    credit: [
      3,
      2,
      67,
      'Answer the 1 question you missed right when review brings it back, or retake its quiz; 2 more Credit questions wait in lessons you have not taken',
    ],
  },
  {
    name: 'a review miss after a right quiz answer counts as missed',
    quiz: [answer(1, 1, true, 1)],
    review: [answer(1, 1, false, 3)],
    credit: [
      1,
      0,
      0,
      'Answer the 1 question you missed right when review brings it back, or retake its quiz; 4 more Credit questions wait in lessons you have not taken',
    ],
  },
  {
    name: 'every question met and right',
    quiz: [1, 2, 3].map((q) => answer(1, q, true, 1)).concat([1, 2].map((q) => answer(2, q, true, 2))),
    review: [],
    credit: [5, 5, 100, 'Every Credit question met, and right at your latest try'],
  },
  {
    name: 'answers to questions no longer in a lesson, or of another pillar, do not count',
    quiz: [answer(1, 9, true, 1), answer(3, 1, false, 1), answer(2, 1, false, 1), answer(2, 2, false, 1)],
    review: [],
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
    const byPillar = masteryByPillar(lessons, learner.quiz, learner.review);
    const credit = byPillar.find((m) => m.pillar === 'credit')!;
    assertEquals([credit.met, credit.right, credit.percent, credit.advice], learner.credit);
    assertEquals(credit.total, 5);
    assertEquals(byPillar.map((m) => m.pillar), ['saving', 'credit', 'investing']);
  });
}

Deno.test('mastery: a pillar without lessons has nothing to meet', () => {
  const investing = masteryByPillar(lessons, [], []).find((m) => m.pillar === 'investing')!;
  assertEquals([investing.met, investing.total, investing.percent], [0, 0, null]);
});

Deno.test('mastery: the advice reads "an Investing lesson" and "a Saving lesson" (issue 53)', () => {
  const byPillar = masteryByPillar(lessons, [], []);
  assertEquals(
    byPillar.find((m) => m.pillar === 'investing')!.advice.startsWith("Take an Investing lesson's quiz"),
    true,
  );
  assertEquals(byPillar.find((m) => m.pillar === 'saving')!.advice.startsWith("Take a Saving lesson's quiz"), true);
});
