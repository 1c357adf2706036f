import { assertEquals } from '../helpers/assert.ts';
import { lessonFormSchema } from '../../src/lib/lesson-form.ts';
import { fieldErrors } from '../../src/lib/server/http.ts';

const base = { title: 'A lesson', pillar: 'saving', level: 'beginner', sections: [{ header: 'H', content: 'Body' }] };
const errorsOf = (input: unknown) => {
  const r = lessonFormSchema.safeParse(input);
  return r.success ? {} : fieldErrors(r.error);
};

Deno.test('defaults: orderIndex 1, duration 10, weight 16.67, no questions', () => {
  const parsed = lessonFormSchema.parse(base);
  assertEquals([parsed.orderIndex, parsed.duration, parsed.weight, parsed.questions], [1, 10, 16.67, []]);
});

Deno.test('title, pillar, level and sections are required; pillar and level come from their sets', () => {
  const e = errorsOf({});
  assertEquals(e.title, 'Title is required');
  assertEquals(e.pillar, 'Pillar must be saving, credit or investing');
  assertEquals(e.level, 'Level must be beginner, intermediate or advanced');
  assertEquals(e.sections, 'Sections are required');
  assertEquals(errorsOf({ ...base, sections: [] }).sections, 'Add at least one section');
  assertEquals(errorsOf({ ...base, pillar: 'gold' }).pillar, 'Pillar must be saving, credit or investing');
  assertEquals(errorsOf({ ...base, title: '   ' }).title, 'Title is required');
  assertEquals(errorsOf({ ...base, sections: [{ header: 'x', content: '' }] })['sections.0.content'], 'Section content is required');
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
  for (const ok of [0, 0.01, 16.67, 99.99, 100]) assertEquals(lessonFormSchema.parse({ ...base, weight: ok }).weight, ok);
  assertEquals(errorsOf({ ...base, weight: -0.01 }).weight, 'Weight must be from 0 to 100');
  assertEquals(errorsOf({ ...base, weight: 100.01 }).weight, 'Weight must be from 0 to 100');
  assertEquals(errorsOf({ ...base, weight: 10.005 }).weight, 'Weight goes in steps of 0.01');
});

Deno.test('questions: four options (padded when fewer arrive, also from a JSON string), one correct option', () => {
  const padded = lessonFormSchema.safeParse({ ...base, questions: [{ question: 'Q?', options: ['a', 'b'], correctAnswer: 0 }] });
  assertEquals(padded.success, false);
  assertEquals(fieldErrors(padded.error!)['questions.0.options'], 'Fill in all four options');
  const fromString = lessonFormSchema.parse({ ...base, quizQuestions: [{ question: 'Q?', options: '["a","b","c","d"]', correct_answer: 2 }] });
  assertEquals(fromString.questions, [{ id: 1, question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 2, explanation: '' }]);
  assertEquals(errorsOf({ ...base, questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd', 'e'], correctAnswer: 0 }] })['questions.0.options'], 'A question has exactly four options');
  assertEquals(errorsOf({ ...base, questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'] }] })['questions.0.correctAnswer'], 'Choose the correct option');
  assertEquals(errorsOf({ ...base, questions: [{ question: 'Q?', options: ['a', 'b', 'c', 'd'], correctAnswer: 4 }] })['questions.0.correctAnswer'], 'Choose the correct option');
  assertEquals(errorsOf({ ...base, questions: [{ question: '', options: ['a', 'b', 'c', 'd'], correctAnswer: 1 }] })['questions.0.question'], 'Question is required');
});
