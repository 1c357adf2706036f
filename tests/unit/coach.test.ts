import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { coachTips, type CoachEvidence, type CoachLesson, type CoachRule } from '../../src/lib/coach.ts';
import { loadCoachRules } from '../../src/lib/server/coach.ts';
import { parseLessonFile } from '../../src/lib/curriculum.ts';

const folder = path.resolve(import.meta.dirname!, '../../db/content/lessons');
const lessons: CoachLesson[] = readdirSync(folder)
  .filter((f) => f.endsWith('.md'))
  .map((f, i) => {
    const l = parseLessonFile(readFileSync(path.join(folder, f), 'utf8'), f);
    return { id: i + 1, slug: l.slug, title: l.title, pillar: l.pillar, duration: l.duration };
  });
const bySlug = Object.fromEntries(lessons.map((l) => [l.slug, l]));
const rules = loadCoachRules();

/** Strong answers everywhere (4 points), nothing completed, a few quizzes taken. */
function evidence(patch: Partial<CoachEvidence> = {}): CoachEvidence {
  return {
    answerScores: Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 4])),
    scores: { saving: 100, credit: 100, investing: 100 },
    completedSlugs: new Set(),
    missedBySlug: {},
    totalQuizzes: 3,
    focusPillar: 'saving',
    lessonsBySlug: bySlug,
    openLessons: lessons.filter((l) => l.slug.endsWith('pay-yourself-first') || l.slug === 'credit-how-scores-work' || l.slug === 'investing-the-words-explained'),
    ...patch,
  };
}

Deno.test('every rule names a curriculum lesson (or next / most-missed) and a valid condition', () => {
  for (const rule of rules) {
    assert(['next', 'most-missed'].includes(rule.lesson) || bySlug[rule.lesson], `${rule.id}: unknown lesson ${rule.lesson}`);
  }
  // Each of the 12 assessment questions has a rule that reacts to a weak answer.
  const covered = new Set(rules.map((r) => r.when.answer?.question).filter(Boolean));
  assertEquals([...covered].sort((a, b) => a! - b!), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

for (const rule of rules.filter((r) => r.when.answer)) {
  Deno.test(`rule ${rule.id}: fires on its weak answer with its evidence and lesson, and not otherwise`, () => {
    const q = rule.when.answer!.question;
    const weak = rule.when.answer!.is ?? rule.when.answer!.atMost!;
    const scores = rule.when.scoreBelow ? { saving: 100, credit: 100, investing: 100, [rule.when.scoreBelow.pillar]: 0 } : undefined;
    const e = evidence({ answerScores: { ...evidence().answerScores, [q]: weak }, ...(scores ? { scores: scores as CoachEvidence['scores'] } : {}) });
    const tips = coachTips(rules, e, 20);
    const tip = tips.find((t) => t.id === rule.id);
    assert(tip, `${rule.id} fires`);
    assertEquals(tip.lesson.slug, rule.lesson);
    assertMatch(tip.text, new RegExp(`question ${q}`));
    assertMatch(tip.text, new RegExp(tip.lesson.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
    // A strong answer does not fire it; nor does a completed lesson.
    assertEquals(coachTips(rules, evidence(), 20).some((t) => t.id === rule.id), false);
    assertEquals(coachTips(rules, { ...e, completedSlugs: new Set([rule.lesson]) }, 20).some((t) => t.id === rule.id), false);
  });
}

Deno.test('the worked example: weak credit answers lead with the credit lessons, most important first', () => {
  const e = evidence({
    answerScores: { ...evidence().answerScores, 5: 0, 6: 1, 8: 1 },
    scores: { saving: 88, credit: 25, investing: 94 },
    focusPillar: 'credit',
  });
  const tips = coachTips(rules, e);
  assertEquals(tips.map((t) => t.id), ['missed-payments', 'surprise-expense', 'high-utilization', 'debt-payoff']);
  assertEquals(tips[0].text, `You said you missed a payment in the last two years (question 5), and payment history is the biggest part of a credit score, so start with “${bySlug['credit-how-scores-work'].title}”.`);
});

Deno.test('tips change as lessons are completed, and there are always two to four', () => {
  const weak = evidence({ answerScores: { ...evidence().answerScores, 2: 0 } });
  assertEquals(coachTips(rules, weak)[0].id, 'emergency-fund-none');
  const after = coachTips(rules, { ...weak, completedSlugs: new Set(['saving-emergency-fund-101']) });
  assertEquals(after.some((t) => t.id === 'emergency-fund-none'), false);
  for (const e of [evidence(), weak, evidence({ totalQuizzes: 0 })]) {
    const n = coachTips(rules, e).length;
    assert(n >= 2 && n <= 4, `${n} tips`);
  }
  assertEquals(coachTips(rules, evidence({ totalQuizzes: 0 }))[0].id, 'first-quiz');
});

Deno.test('missed quiz questions bring their lesson back, even when completed', () => {
  const e = evidence({ missedBySlug: { 'credit-utilization': 3 }, completedSlugs: new Set(['credit-utilization']) });
  const tip = coachTips(rules, e).find((t) => t.id === 'review-missed');
  assert(tip);
  assertEquals(tip.lesson.slug, 'credit-utilization');
  assertMatch(tip.text, /You missed 3 quiz questions in/);
});

Deno.test('a tip never repeats a lesson, and next lessons follow the focus pillar', () => {
  const tips = coachTips(rules, evidence({ focusPillar: 'investing' }));
  assertEquals(new Set(tips.map((t) => t.lesson.id)).size, tips.length);
  assertEquals(tips.find((t) => t.id === 'keep-going')?.lesson.pillar, 'investing');
});

export type { CoachRule };
