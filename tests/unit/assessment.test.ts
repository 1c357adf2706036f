import { assertEquals } from '../helpers/assert.ts';
import { bandForScore, colourForScore, levelForScore, messageForScore, scoreAnswers, type AssessmentQuestion } from '../../src/lib/assessment.ts';
import { loadAssessmentQuestions } from '../../src/lib/server/assessment.ts';

const opts = (n: number) => [0, 1, 2, 3, 4].map((s) => ({ value: String(s), label: `${n}-${s}`, score: s }));
const questions: AssessmentQuestion[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((id) => ({
  id,
  text: `q${id}`,
  category: id <= 4 ? 'saving' : id <= 8 ? 'credit' : 'investing',
  options: opts(id),
}));

Deno.test('category score = chosen scores / (answered × 4), as a rounded percentage', () => {
  const all4 = Object.fromEntries(questions.map((q) => [String(q.id), '4']));
  assertEquals(scoreAnswers(questions, all4), { savingScore: 100, creditScore: 100, investingScore: 100 });
  const all0 = Object.fromEntries(questions.map((q) => [String(q.id), '0']));
  assertEquals(scoreAnswers(questions, all0), { savingScore: 0, creditScore: 0, investingScore: 0 });
  // saving 1+2+3+4 = 10 / 16 = 62.5 → 63; credit 1+1+1+2 = 5/16 = 31.25 → 31; investing 3+3+3+2 = 11/16 = 68.75 → 69
  const mixed = { 1: '1', 2: '2', 3: '3', 4: '4', 5: '1', 6: '1', 7: '1', 8: '2', 9: '3', 10: '3', 11: '3', 12: '2' };
  assertEquals(scoreAnswers(questions, mixed), { savingScore: 63, creditScore: 31, investingScore: 69 });
});

Deno.test('only answered questions count; an unanswered category scores 0', () => {
  // saving: one answer of 3 → 3/4 = 75; credit: two answers 1 and 2 → 3/8 = 37.5 → 38
  assertEquals(scoreAnswers(questions, { 1: '3', 5: '1', 6: '2' }), { savingScore: 75, creditScore: 38, investingScore: 0 });
  assertEquals(scoreAnswers(questions, {}), { savingScore: 0, creditScore: 0, investingScore: 0 });
  // Unknown ids and values are ignored (the endpoint refuses them before scoring).
  assertEquals(scoreAnswers(questions, { 99: '4', 1: '9', 2: '2' }).savingScore, 50);
});

Deno.test('level bands at every boundary: 49/50 and 74/75', () => {
  assertEquals([0, 49, 50, 74, 75, 100].map(levelForScore), ['beginner', 'beginner', 'intermediate', 'intermediate', 'advanced', 'advanced']);
});

Deno.test('text bands, colours and dashboard messages at 24/25, 49/50, 74/75', () => {
  assertEquals([24, 25, 49, 50, 74, 75].map(bandForScore), [
    'Start with foundation concepts',
    'Basic understanding',
    'Basic understanding',
    'Good foundation',
    'Good foundation',
    'Excellent knowledge',
  ]);
  assertEquals([49, 50, 74, 75].map(colourForScore), ['red', 'yellow', 'yellow', 'green']);
  assertEquals(messageForScore(75), 'Excellent knowledge! Continue with advanced topics.');
  assertEquals(messageForScore(50), 'Good foundation. Ready for intermediate lessons.');
  assertEquals(messageForScore(25), 'Basic understanding. Focus on beginner lessons.');
});

Deno.test('the content file has 12 questions: 1-4 saving, 5-8 credit, 9-12 investing, options scored 0 to 4', () => {
  const loaded = loadAssessmentQuestions();
  assertEquals(loaded.map((q) => q.id), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  assertEquals(loaded.map((q) => q.category), [...Array(4).fill('saving'), ...Array(4).fill('credit'), ...Array(4).fill('investing')]);
  for (const q of loaded) {
    assertEquals(q.options.map((o) => o.score).sort(), [0, 1, 2, 3, 4]);
    assertEquals(q.options.every((o) => o.value === String(o.score)), true);
    assertEquals(new Set(q.options.map((o) => o.label)).size, 5);
  }
});
