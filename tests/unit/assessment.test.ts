import { assert, assertEquals } from '../helpers/assert.ts';
import { bandForScore, colourForScore, formatChange, levelForScore, messageForScore, scoreAnswers, scoreChange, type AssessmentQuestion } from '../../src/lib/assessment.ts';
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

/**
 * Mutual exclusivity, for the two questions whose options once overlapped: every kind of learner
 * (each combination below) fits exactly one option, and each option still says the words the
 * rule it stands for is read from. Rewording an option means revisiting its rule here.
 */
function assertPartition<P>(questionId: number, profiles: P[], options: Array<{ score: number; says: string[]; fits: (p: P) => boolean }>) {
  const question = loadAssessmentQuestions().find((q) => q.id === questionId)!;
  for (const option of options) {
    const label = question.options.find((o) => o.score === option.score)!.label.toLowerCase();
    for (const words of option.says) assert(label.includes(words), `question ${questionId}, option ${option.score} ("${label}") should say "${words}"`);
  }
  assertEquals(options.map((o) => o.score).sort(), [0, 1, 2, 3, 4]);
  for (const p of profiles) {
    const fitting = options.filter((o) => o.fits(p)).map((o) => o.score);
    assertEquals(fitting.length, 1, `question ${questionId}: ${JSON.stringify(p)} fits options ${JSON.stringify(fitting)}`);
  }
}

Deno.test('question 11 (a 20% drop): every reaction fits exactly one option, worst to best', () => {
  type Reaction = { takeOut: 'all' | 'some' | 'none'; addsOnSchedule: boolean; newMoney: 'less' | 'same' | 'more' };
  const profiles: Reaction[] = [];
  for (const takeOut of ['all', 'some', 'none'] as const) {
    for (const addsOnSchedule of [true, false]) {
      // Someone who adds nothing on a schedule cannot add less than usual.
      for (const newMoney of addsOnSchedule ? (['less', 'same', 'more'] as const) : (['same', 'more'] as const)) profiles.push({ takeOut, addsOnSchedule, newMoney });
    }
  }
  assertPartition(11, profiles, [
    { score: 0, says: ['all of it out'], fits: (p) => p.takeOut === 'all' },
    { score: 1, says: ['some of it out', 'rest invested'], fits: (p) => p.takeOut === 'some' },
    { score: 2, says: ['all invested', 'stop or cut back'], fits: (p) => p.takeOut === 'none' && p.newMoney === 'less' },
    { score: 3, says: ['all invested', 'add nothing new', "don't add money on a regular schedule"], fits: (p) => p.takeOut === 'none' && !p.addsOnSchedule && p.newMoney === 'same' },
    { score: 4, says: ['all invested', 'keep adding money as usual, or add more'], fits: (p) => p.takeOut === 'none' && ((p.addsOnSchedule && p.newMoney !== 'less') || p.newMoney === 'more') },
  ]);
});

Deno.test('question 12 (four investing words): every mix of heard-of and can-explain fits exactly one option', () => {
  // heard: how many of the 4 words the learner has heard of; explain: how many they could explain.
  const profiles = Array.from({ length: 5 }, (_, heard) => Array.from({ length: heard + 1 }, (_, explain) => ({ heard, explain }))).flat();
  assertPartition(12, profiles, [
    { score: 0, says: ["couldn't explain any", '2 or more are new'], fits: (p) => p.explain === 0 && 4 - p.heard >= 2 },
    { score: 1, says: ["couldn't explain any", 'heard of 3 or all 4'], fits: (p) => p.explain === 0 && p.heard >= 3 },
    { score: 2, says: ['explain 1 or 2'], fits: (p) => p.explain === 1 || p.explain === 2 },
    { score: 3, says: ['explain 3'], fits: (p) => p.explain === 3 },
    { score: 4, says: ['explain all 4'], fits: (p) => p.explain === 4 },
  ]);
});

Deno.test('the change per pillar between the first and the newest assessment, with its sign', () => {
  const change = scoreChange({ savingScore: 50, creditScore: 25, investingScore: 100 }, { savingScore: 50, creditScore: 50, investingScore: 75 });
  assertEquals(change, { saving: 0, credit: 25, investing: -25 });
  assertEquals([formatChange(change.saving), formatChange(change.credit), formatChange(change.investing)], ['0', '+25', '-25']);
});
