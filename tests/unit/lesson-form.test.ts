import { assertEquals } from '../helpers/assert.ts';
import { assignQuestionIds, lessonFormSchema, padOptions, suggestedWeight } from '../../src/lib/lesson-form.ts';
import { fieldErrors } from '../../src/lib/server/platform/http.ts';

const base = { title: 'A lesson', pillar: 'saving', level: 'beginner', sections: [{ header: 'H', content: 'Body' }] };
const errorsOf = (input: unknown) => {
  const r = lessonFormSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

Deno.test("defaults: orderIndex 1, duration 10, no questions; the weight is left to the server (its level's median)", () => {
  const parsed = lessonFormSchema.parse(base);
  assertEquals([parsed.orderIndex, parsed.duration, parsed.weight, parsed.questions], [1, 10, undefined, []]);
});

Deno.test("a suggested weight is the median of the level's lessons, else of the pillar's, else 100/15", () => {
  const lessons = [
    { pillar: 'saving', level: 'beginner', weight: 5 },
    { pillar: 'saving', level: 'beginner', weight: 9 },
    { pillar: 'saving', level: 'beginner', weight: 6 },
    { pillar: 'saving', level: 'advanced', weight: 8 },
  ];
  assertEquals(suggestedWeight(lessons, 'saving', 'beginner'), 6);
  assertEquals(
    suggestedWeight([...lessons, { pillar: 'saving', level: 'beginner', weight: 7 }], 'saving', 'beginner'),
    6.5,
  );
  assertEquals(suggestedWeight(lessons, 'saving', 'intermediate'), 7, "no lessons at the level: the pillar's median");
  assertEquals(suggestedWeight(lessons, 'credit', 'beginner'), 6.67, 'an empty pillar: an even share of 15 lessons');
});

Deno.test('title, pillar, level and sections are required; pillar and level come from their sets', () => {
  const e = errorsOf({});
  assertEquals(e.title, 'Title is required');
  // Not chosen yet: said in an author's words.
  assertEquals(e.pillar, 'Choose a pillar for the lesson');
  assertEquals(e.level, 'Choose a level for the lesson');
  assertEquals(errorsOf({ ...base, pillar: '' }).pillar, 'Choose a pillar for the lesson');
  assertEquals(errorsOf({ ...base, level: 'expert' }).level, 'Level must be beginner, intermediate or advanced');
  assertEquals(e.sections, 'Sections are required');
  assertEquals(errorsOf({ ...base, sections: [] }).sections, 'Add at least one section');
  assertEquals(errorsOf({ ...base, pillar: 'gold' }).pillar, 'Pillar must be saving, credit or investing');
  assertEquals(errorsOf({ ...base, title: '   ' }).title, 'Title is required');
  assertEquals(
    errorsOf({ ...base, sections: [{ header: 'x', content: '' }] })['sections.0.content'],
    'Section content is required',
  );
});

Deno.test('orderIndex and duration are whole numbers of at least 1', () => {
  assertEquals(errorsOf({ ...base, orderIndex: 0 }).orderIndex, 'Order must be at least 1');
  assertEquals(errorsOf({ ...base, orderIndex: 1.5 }).orderIndex, 'Order must be a whole number');
  assertEquals(errorsOf({ ...base, duration: 0 }).duration, 'Duration must be at least 1');
  assertEquals(errorsOf({ ...base, duration: 'ten' }).duration, 'Duration must be a whole number');
  assertEquals(lessonFormSchema.parse({ ...base, orderIndex: 1, duration: 1 }).duration, 1);
  assertEquals(lessonFormSchema.parse({ ...base, estimatedDuration: 7 }).duration, 7);
});

Deno.test('weight: 0 to 100 in steps of 0.01', () => {
  for (const ok of [0, 0.01, 16.67, 99.99, 100]) {
    assertEquals(lessonFormSchema.parse({ ...base, weight: ok }).weight, ok);
  }
  assertEquals(errorsOf({ ...base, weight: -0.01 }).weight, 'Weight must be from 0 to 100');
  assertEquals(errorsOf({ ...base, weight: 100.01 }).weight, 'Weight must be from 0 to 100');
  assertEquals(errorsOf({ ...base, weight: 10.005 }).weight, 'Weight goes in steps of 0.01');
});

Deno.test('orderIndex and duration refuse 1.5 (whole numbers only), also as text', () => {
  assertEquals(errorsOf({ ...base, duration: 1.5 }).duration, 'Duration must be a whole number');
  assertEquals(errorsOf({ ...base, duration: '1.5' }).duration, 'Duration must be a whole number');
  assertEquals(errorsOf({ ...base, estimatedDuration: 1.5 }).estimatedDuration, 'Duration must be a whole number');
  assertEquals(errorsOf({ ...base, orderIndex: '1.5' }).orderIndex, 'Order must be a whole number');
});

Deno.test('weight steps of 0.01: 16.675 is refused and 16.67 accepted', () => {
  assertEquals(errorsOf({ ...base, weight: 16.675 }).weight, 'Weight goes in steps of 0.01');
  assertEquals(lessonFormSchema.parse({ ...base, weight: 16.67 }).weight, 16.67);
});

Deno.test('numbers and numeric text are accepted (the browser form sends text); other types are refused, never coerced', () => {
  const parsed = lessonFormSchema.parse({ ...base, orderIndex: '3', duration: ' 7 ', weight: '16.67' });
  assertEquals([parsed.orderIndex, parsed.duration, parsed.weight], [3, 7, 16.67]);
  for (const bad of [null, '', false, true, [3], {}, 'ten', '3 apples']) {
    assertEquals(
      errorsOf({ ...base, orderIndex: bad }).orderIndex,
      'Order must be a whole number',
      `orderIndex ${JSON.stringify(bad)}`,
    );
    assertEquals(
      errorsOf({ ...base, duration: bad }).duration,
      'Duration must be a whole number',
      `duration ${JSON.stringify(bad)}`,
    );
    assertEquals(
      errorsOf({ ...base, weight: bad }).weight,
      'Weight must be a number from 0 to 100',
      `weight ${JSON.stringify(bad)}`,
    );
  }
  assertEquals(
    errorsOf({
      ...base,
      questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: '1' }],
    })['questions.0.correctAnswer'],
    'Choose the correct option',
  );
  assertEquals(errorsOf({ ...base, version: '2' }).version, 'The version is a number');
});

Deno.test('a question with fewer than four options, or an empty one, is refused with "Fill in all four options"', () => {
  const cases = [{ options: ['a', 'b'] }, { options: [] }, {}, { options: ['a', 'b', 'c', ''] }, {
    options: ['a', 'b', 'c', '   '],
  }, { options: '["a","b"]' }];
  for (const patch of cases) {
    assertEquals(
      errorsOf({ ...base, questions: [{ question: 'Q?', correctAnswer: 0, ...patch }] })['questions.0.options'],
      'Fill in all four options',
      JSON.stringify(patch),
    );
  }
  assertEquals(
    errorsOf({
      ...base,
      questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd', 'e'], correctAnswer: 0 }],
    })['questions.0.options'],
    'A question has exactly four options',
  );
  assertEquals(
    errorsOf({ ...base, questions: [{ question: 'Q?', options: 4, correctAnswer: 0 }] })['questions.0.options'],
    'Options must be a list of four',
  );
});

Deno.test('the editor pads a question with fewer than four options to four inputs, the added ones empty', () => {
  assertEquals(padOptions(['a', 'b']), ['a', 'b', '', '']);
  assertEquals(padOptions(undefined), ['', '', '', '']);
  assertEquals(padOptions(['a', 'b', 'c', 'd']), ['a', 'b', 'c', 'd']);
});

Deno.test('the alternate field names are accepted: quizQuestions, options as a JSON string, correct_answer, estimatedDuration', () => {
  const parsed = lessonFormSchema.parse({
    ...base,
    estimatedDuration: 7,
    quizQuestions: [{ question: 'Q?', options: '["a","b","c","d"]', correct_answer: 2 }],
  });
  assertEquals(parsed.duration, 7);
  assertEquals(parsed.questions, [{
    question: 'Q?',
    options: ['a', 'b', 'c', 'd'],
    correctAnswer: 2,
    explanation: '',
  }]);
});

Deno.test('one correct option (0 to 3) and question text are required', () => {
  assertEquals(
    errorsOf({ ...base, questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'] }] })['questions.0.correctAnswer'],
    'Choose the correct option',
  );
  assertEquals(
    errorsOf({
      ...base,
      questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 4 }],
    })['questions.0.correctAnswer'],
    'Choose the correct option',
  );
  assertEquals(
    errorsOf({
      ...base,
      questions: [{ question: '', options: ['a', 'b', 'c', 'd'], correctAnswer: 1 }],
    })['questions.0.question'],
    'Question is required',
  );
});

Deno.test('question ids: a kept question keeps its id, a new one gets an id never used before in the lesson', () => {
  const q = (id?: number) => ({ ...(id === undefined ? {} : { id }), question: `Q${id ?? 'new'}` });
  // A new lesson numbers its questions from 1.
  assertEquals(assignQuestionIds([q(), q(), q()], [], 0), {
    questions: [{ ...q(), id: 1 }, { ...q(), id: 2 }, { ...q(), id: 3 }],
    lastQuestionId: 3,
  });
  // Reordered, one removed (2), one added: ids follow the questions, the new one gets 4.
  const edited = assignQuestionIds([q(3), q(), q(1)], [1, 2, 3], 3);
  assertEquals(edited.questions.map((x) => x.id), [3, 4, 1]);
  assertEquals(edited.lastQuestionId, 4);
  // The highest id was removed earlier: it is still never reused.
  assertEquals(assignQuestionIds([q(1), q()], [1], 3).questions.map((x) => x.id), [1, 4]);
  // An id the lesson does not have (or a duplicate) is not trusted: it gets a fresh id.
  assertEquals(assignQuestionIds([q(9), q(1), q(1)], [1, 2], 2).questions.map((x) => x.id), [3, 1, 4]);
});
