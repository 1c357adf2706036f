// The statistics' flags at their thresholds, and the table's sort (src/lib/studio-stats.ts).
import { assertEquals } from '../helpers/assert.ts';
import {
  MIN_ANSWERS_TO_FLAG,
  parseSort,
  questionFlags,
  type QuestionStats,
  sortQuestions,
} from '../../src/lib/studio-stats.ts';

const question = (patch: Partial<QuestionStats> & { picks?: number[] } = {}): Omit<QuestionStats, 'flags'> => {
  const picks = patch.picks ?? [60, 20, 10, 10];
  const answers = patch.answers ?? picks.reduce((a, b) => a + b, 0);
  return {
    questionId: 1,
    position: 1,
    question: 'Q?',
    answers,
    shareCorrect: patch.shareCorrect === undefined ? picks[0] / answers : patch.shareCorrect,
    discrimination: patch.discrimination === undefined ? 0.3 : patch.discrimination,
    options: picks.map((n, option) => ({
      option,
      text: `o${option}`,
      correct: option === 0,
      picks: n,
      share: n / answers,
    })),
    ...(patch.position ? { position: patch.position } : {}),
  };
};

Deno.test('flags at their thresholds, and none below the minimum of answers', () => {
  assertEquals(questionFlags(question()), []);
  assertEquals(questionFlags(question({ picks: [95, 2, 2, 1] })), [
    'Almost everyone gets this right',
    'No one picks option D',
  ]);
  assertEquals(questionFlags(question({ picks: [94, 2, 2, 2] })), [], '94% right, 2% picks: no flag');
  assertEquals(questionFlags(question({ picks: [49, 17, 17, 17] })), ['Most get this wrong']);
  assertEquals(questionFlags(question({ picks: [50, 20, 15, 15] })), [], 'half right is not most wrong');
  assertEquals(questionFlags(question({ discrimination: -0.01 })), ['Strong learners miss this more than weak ones']);
  assertEquals(questionFlags(question({ discrimination: 0 })), []);
  assertEquals(questionFlags(question({ discrimination: null })), []);
  const few = MIN_ANSWERS_TO_FLAG - 1;
  assertEquals(questionFlags(question({ picks: [few, 0, 0, 0] })), [], 'below the minimum: no flag');
  assertEquals(questionFlags(question({ picks: [few + 1, 0, 0, 0] })), [
    'Almost everyone gets this right',
    'No one picks option B',
    'No one picks option C',
    'No one picks option D',
  ]);
});

Deno.test('the table sorts by a column either way, unknown figures last, ties by position', () => {
  const list = [
    { ...question({ shareCorrect: 0.5, discrimination: null }), position: 1, flags: [] },
    { ...question({ shareCorrect: 0.9, discrimination: 0.4 }), position: 2, flags: [] },
    { ...question({ shareCorrect: 0.5, discrimination: -0.2 }), position: 3, flags: [] },
  ];
  const order = (key: 'position' | 'correct' | 'discrimination', dir: 'asc' | 'desc') =>
    sortQuestions(list, key, dir).map((q) => q.position);
  assertEquals(order('correct', 'desc'), [2, 1, 3]);
  assertEquals(order('correct', 'asc'), [1, 3, 2]);
  assertEquals(order('discrimination', 'desc'), [2, 3, 1]);
  assertEquals(order('discrimination', 'asc'), [3, 2, 1]);
  assertEquals(order('position', 'desc'), [3, 2, 1]);
  assertEquals(parseSort('correct', null), { key: 'correct', direction: 'desc' });
  assertEquals(parseSort('x; drop', 'up'), { key: 'position', direction: 'asc' });
  assertEquals(parseSort('answers', 'asc'), { key: 'answers', direction: 'asc' });
});
