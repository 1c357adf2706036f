import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { coachRuleSchema, coachTips, LESSON_REFS, triggeringScores, type CoachEvidence, type CoachLesson, type CoachRule } from '../../src/lib/coach.ts';
import { loadCoachRules } from '../../src/lib/server/coach.ts';
import { loadAssessmentQuestions } from '../../src/lib/server/assessment.ts';
import { parseLessonFile } from '../../src/lib/curriculum.ts';

const folder = path.resolve(import.meta.dirname!, '../../db/content/lessons');
const lessons: CoachLesson[] = readdirSync(folder)
  .filter((f) => f.endsWith('.md'))
  .map((f, i) => {
    const l = parseLessonFile(readFileSync(path.join(folder, f), 'utf8'), f);
    return { id: i + 1, slug: l.slug, title: l.title, pillar: l.pillar, level: l.level, orderIndex: l.orderIndex, duration: l.duration };
  });
const bySlug = Object.fromEntries(lessons.map((l) => [l.slug, l]));
const rules = loadCoachRules();
const questions = loadAssessmentQuestions();
const firstLessons = ['saving-pay-yourself-first', 'credit-how-scores-work', 'investing-the-words-explained'];
const strong = () => Object.fromEntries(Array.from({ length: 12 }, (_, i) => [i + 1, 4])) as Record<number, number>;
const quote = (title: string) => `“${title}”`;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Strong answers everywhere (4 points), nothing completed, a few quizzes taken, none passed. */
function evidence(patch: Partial<CoachEvidence> = {}): CoachEvidence {
  return {
    answerScores: strong(),
    scores: { saving: 100, credit: 100, investing: 100 },
    completedSlugs: new Set(),
    missedBySlug: {},
    totalQuizzes: 3,
    lastPassed: null,
    focusPillar: 'saving',
    lessonsBySlug: bySlug,
    openLessons: firstLessons.map((s) => bySlug[s]),
    ...patch,
  };
}
const answering = (answers: Record<number, number>, patch: Partial<CoachEvidence> = {}) => evidence({ answerScores: { ...strong(), ...answers }, ...patch });
const all = (e: CoachEvidence, list: CoachRule[] = rules) => coachTips(list, e, 50);
const tipOf = (id: string, e: CoachEvidence, list: CoachRule[] = rules) => all(e, list).find((t) => t.id === id);

Deno.test('every rule names a curriculum lesson (or a lesson reference) and a valid condition', () => {
  for (const rule of rules) {
    assert((LESSON_REFS as readonly string[]).includes(rule.lesson) || bySlug[rule.lesson], `${rule.id}: unknown lesson ${rule.lesson}`);
  }
  // Each of the 12 assessment questions has a rule that reacts to a weak answer.
  const covered = new Set(rules.map((r) => r.when.answer?.question).filter(Boolean));
  assertEquals([...covered].sort((a, b) => a! - b!), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

// ---- One test per rule in coach.yaml: when it fires, and when it must not. ----

/** The evidence under which each rule that is not about an answer alone fires, and cases where it must not. */
const scenarios: Record<string, { fires: CoachEvidence; check?: (text: string) => void; never: Array<[string, CoachEvidence]> }> = {
  'debt-payoff': {
    fires: answering({ 8: 2 }, { scores: { saving: 100, credit: 49, investing: 100 } }),
    check: (text) => assertMatch(text, /Your credit score in the assessment is 49, below 50, .*borrow from family or friends, or sell something.*\(question 8\)/),
    never: [
      ['a credit score of exactly 50', answering({ 8: 0 }, { scores: { saving: 100, credit: 50, investing: 100 } })],
      ['a credit score of 75', answering({ 8: 0 }, { scores: { saving: 100, credit: 75, investing: 100 } })],
      ['a surprise bill paid from savings (q8 = 3)', answering({ 8: 3 }, { scores: { saving: 100, credit: 0, investing: 100 } })],
      ['no assessment scores', answering({ 8: 0 }, { scores: null })],
    ],
  },
  'review-missed': {
    fires: evidence({ missedBySlug: { 'credit-utilization': 2 }, completedSlugs: new Set(['credit-utilization']) }),
    check: (text) => assertMatch(text, new RegExp(`^You missed 2 quiz questions in ${esc(quote(bySlug['credit-utilization'].title))}`)),
    never: [
      ['a single missed question', evidence({ missedBySlug: { 'credit-utilization': 1 } })],
      ['one miss in each of two lessons', evidence({ missedBySlug: { 'credit-utilization': 1, 'saving-pay-yourself-first': 1 } })],
      ['no misses', evidence()],
    ],
  },
  'first-quiz': {
    fires: evidence({ totalQuizzes: 0 }),
    check: (text) => assertMatch(text, new RegExp(`^You haven't taken a lesson quiz yet, so start with ${esc(quote(bySlug['saving-pay-yourself-first'].title))} in Saving; it takes about \\d+ minutes\\.$`)),
    never: [
      ['one quiz taken', evidence({ totalQuizzes: 1 })],
      ['many quizzes taken', evidence({ totalQuizzes: 12 })],
    ],
  },
  'keep-going': {
    fires: evidence({ scores: { saving: 40, credit: 100, investing: 100 }, completedSlugs: new Set(['saving-goals-and-reviews']) }),
    check: (text) =>
      assertEquals(text, `You scored 40/100 in Saving in the assessment (Beginner) and have completed 1 of its 10 lessons, so your next step there is ${quote(bySlug['saving-pay-yourself-first'].title)}.`),
    never: [
      ['no assessment to cite', evidence({ scores: null })],
      ['no open lesson left', evidence({ openLessons: [] })],
    ],
  },
  'build-on-last-pass': {
    fires: evidence({
      lastPassed: { slug: 'saving-pay-yourself-first', score: 2, totalQuestions: 3 },
      completedSlugs: new Set(['saving-pay-yourself-first']),
      openLessons: ['saving-emergency-fund-101', 'credit-how-scores-work', 'investing-the-words-explained'].map((s) => bySlug[s]),
      focusPillar: 'credit',
    }),
    check: (text) =>
      assertEquals(
        text,
        `You passed ${quote(bySlug['saving-pay-yourself-first'].title)} with 2 of 3 right, so carry on in Saving with ${quote(bySlug['saving-emergency-fund-101'].title)}, the next lesson open to you after it.`,
      ),
    never: [
      ['no passed quiz', evidence({ lastPassed: null })],
      [
        'no open lesson after the passed one in its pillar',
        evidence({ lastPassed: { slug: 'saving-emergency-fund-101', score: 3, totalQuestions: 3 }, openLessons: firstLessons.map((s) => bySlug[s]) }),
      ],
    ],
  },
  'also-try': {
    fires: evidence({ completedSlugs: new Set(['investing-compound-growth', 'investing-fees-matter']), openLessons: ['investing-the-words-explained'].map((s) => bySlug[s]), scores: null }),
    check: (text) => assertEquals(text, `You have completed 2 of the 10 Investing lessons, so ${quote(bySlug['investing-the-words-explained'].title)} is the next one open to you there.`),
    never: [
      // keep-going already names the only open pillar.
      ['every open pillar already has a tip', evidence({ openLessons: ['saving-pay-yourself-first', 'saving-full-emergency-fund'].map((s) => bySlug[s]) })],
      ['no open lesson', evidence({ openLessons: [], scores: null })],
    ],
  },
};

Deno.test('every rule in coach.yaml has a test of when it fires and when it must not', () => {
  for (const rule of rules) assert(rule.when.answer || scenarios[rule.id], `add a scenario for ${rule.id}`);
});

for (const [id, s] of Object.entries(scenarios)) {
  Deno.test(`rule ${id}: fires on its evidence, citing it and its lesson, and never otherwise`, () => {
    assert(rules.some((r) => r.id === id), `${id} is in coach.yaml`);
    const tip = tipOf(id, s.fires);
    assert(tip, `${id} fires`);
    assertMatch(tip.text, new RegExp(esc(quote(tip.lesson.title))));
    s.check?.(tip.text);
    for (const [why, e] of s.never) assertEquals(tipOf(id, e)?.text, undefined, `${id} must not fire with ${why}`);
  });
}

for (const rule of rules.filter((r) => r.when.answer)) {
  Deno.test(`rule ${rule.id}: fires on exactly the answers it names, with its lesson, and not once that lesson is done`, () => {
    const q = rule.when.answer!.question;
    const weak = triggeringScores(rule.when.answer!);
    const scores = rule.when.scoreBelow ? ({ saving: 100, credit: 100, investing: 100, [rule.when.scoreBelow.pillar]: 0 } as CoachEvidence['scores']) : undefined;
    for (const score of [0, 1, 2, 3, 4]) {
      const e = answering({ [q]: score }, scores ? { scores } : {});
      const tip = tipOf(rule.id, e);
      assertEquals(Boolean(tip), weak.includes(score), `${rule.id} on question ${q} = ${score}`);
      if (!tip) continue;
      assertEquals(tip.lesson.slug, rule.lesson);
      assertMatch(tip.text, new RegExp(`\\(question ${q}\\)`));
      assertMatch(tip.text, new RegExp(esc(quote(tip.lesson.title))));
      assertEquals(tipOf(rule.id, { ...e, completedSlugs: new Set([rule.lesson]) }), undefined, 'not once its lesson is completed');
    }
  });
}

// ---- Evidence is true for every answer that triggers it (the chosen option's own words). ----

/** For each question and option score a rule fires on: words the option says and the sentence must say too. */
const saysTheOption: Record<string, string[]> = {
  '1:0': ['nothing right now'],
  '1:1': ['some, but less than 5%'],
  '2:0': ["don't have emergency savings"],
  '2:1': ['less than 1 month'],
  '2:2': ['1 month or more, but less than 3 months'],
  '3:0': ["don't have a budget", "don't track your spending"],
  '3:1': ['rough plan in your head', 'nothing written down'],
  '4:0': ["don't have any savings goals"],
  '4:1': ['goals, but you check them less than once a year, or never'],
  '5:0': ['within the last year'],
  '5:1': ['between 1 and 2 years ago'],
  '6:0': ['more than 50%', 'maxed out'],
  '6:1': ['30% to 50%'],
  '7:0': ['never', "you don't know how"],
  '7:1': ['have checked', 'less than once a year'],
  '8:0': ["couldn't pay", 'payday loan'],
  '8:1': ['credit card', 'pay it off over several months'],
  '8:2': ['borrow from family or friends, or sell something'],
  '9:0': ["don't invest yet"],
  '9:1': ['once or twice', 'no routine'],
  '10:0': ["don't invest yet, or you're not sure what you own"],
  '10:1': ['1 or 2 single stocks or one cryptocurrency'],
  '11:0': ['take all of it out (sell everything)'],
  '11:1': ['take some of it out and leave the rest invested'],
  '12:0': ["couldn't explain any", '2 or more are new to you'],
  '12:1': ["couldn't explain any", 'heard of 3 or all 4'],
};
/** An option in the learner's voice ("I", "my") as the coach says it back ("you", "your"). */
const secondPerson = (label: string) =>
  label
    .toLowerCase()
    .replaceAll('’', "'")
    .replace(/\bi'm\b/g, "you're")
    .replace(/\bi\b/g, 'you')
    .replace(/\bmy\b/g, 'your')
    .replace(/\bme\b/g, 'you');
const normal = (text: string) => text.toLowerCase().replaceAll('’', "'");

Deno.test('every evidence sentence says what the option that triggered it says, for every such option', () => {
  let checked = 0;
  for (const rule of rules.filter((r) => r.when.answer)) {
    const q = rule.when.answer!.question;
    const question = questions.find((x) => x.id === q)!;
    for (const score of triggeringScores(rule.when.answer!)) {
      const phrases = saysTheOption[`${q}:${score}`];
      assert(phrases, `${rule.id}: add the words of question ${q}'s option scored ${score} to saysTheOption`);
      const label = secondPerson(question.options.find((o) => o.score === score)!.label);
      const tip = tipOf(rule.id, answering({ [q]: score }, rule.when.scoreBelow ? { scores: { saving: 0, credit: 0, investing: 0 } } : {}));
      assert(tip, `${rule.id} fires on question ${q} = ${score}`);
      const said = normal(tip.evidence);
      for (const phrase of phrases) {
        assert(label.includes(phrase), `question ${q}'s option ${score} ("${label}") no longer says "${phrase}": review ${rule.id}'s sentence`);
        assert(said.includes(phrase), `${rule.id} on question ${q} = ${score} says "${tip.evidence}", not "${phrase}"`);
      }
      checked++;
    }
  }
  assert(checked >= 26, `${checked} rule and option pairs checked`);
});

Deno.test('a rule on an answer must give a sentence for each option it fires on, and only those', () => {
  const base = { id: 'x', pillar: 'saving', priority: 1, advice: 'so read {lesson}.', lesson: 'saving-pay-yourself-first' };
  const parse = (when: unknown, ev: unknown) => coachRuleSchema.safeParse({ ...base, when, evidence: ev }).success;
  assertEquals(parse({ answer: { question: 4, atMost: 1 } }, 'You said you rarely or never check your savings goals (question 4)'), false, 'one sentence for two options');
  assertEquals(parse({ answer: { question: 4, atMost: 1 } }, { 1: 'You said you check them less than once a year (question 4)' }), false, 'option 0 has no sentence');
  assertEquals(parse({ answer: { question: 4, atMost: 1 } }, { 0: 'No goals yet (question 4)', 1: 'Rarely (question 4)', 2: 'Once a year (question 4)' }), false, 'option 2 never fires');
  assertEquals(parse({ answer: { question: 4, atMost: 1 } }, { 0: 'No goals yet (question 4)', 1: 'Rarely (question 4)' }), true);
  assertEquals(parse({ answer: { question: 2, is: 2 } }, { 2: 'One to three months (question 2)' }), true);
  assertEquals(parse({ noQuizzes: true }, { 0: 'Per-score text needs an answer' }), false);
  assertEquals(parse({}, 'You scored {score} in {pillar} with {unknown}'), false, 'unknown placeholder');
});

// ---- Every tip cites the learner's own evidence and the lesson that teaches it. ----

Deno.test('no rule is filler: each cites an answer, a score, a quiz result or lessons completed', () => {
  const learnerData = /\{(score|level|completed|missed|passedLesson|passedScore)\}/;
  for (const rule of rules) {
    const sentences = typeof rule.evidence === 'string' ? [rule.evidence] : Object.values(rule.evidence);
    for (const sentence of sentences) {
      const cites =
        (rule.when.answer && sentence.includes(`(question ${rule.when.answer.question})`)) ||
        learnerData.test(sentence) ||
        (rule.when.noQuizzes && /haven't taken a lesson quiz/.test(sentence));
      assert(cites, `${rule.id}: "${sentence}" cites none of the learner's evidence`);
    }
    assert(/\{lesson\}/.test(rule.advice + (typeof rule.evidence === 'string' ? rule.evidence : '')), `${rule.id} names its lesson`);
  }
});

Deno.test('the fallback tips change with the learner\'s own records', () => {
  const at = (completed: string[], score: number) =>
    tipOf('keep-going', evidence({ scores: { saving: score, credit: 100, investing: 100 }, completedSlugs: new Set(completed), openLessons: [bySlug['saving-budgeting-methods']] }))!.evidence;
  assertEquals(at(['saving-pay-yourself-first', 'saving-emergency-fund-101'], 63), 'You scored 63/100 in Saving in the assessment (Intermediate) and have completed 2 of its 10 lessons');
  assertEquals(at([], 88), 'You scored 88/100 in Saving in the assessment (Advanced) and have completed 0 of its 10 lessons');
  const passed = (score: number) =>
    tipOf('build-on-last-pass', evidence({ scores: null, lastPassed: { slug: 'credit-how-scores-work', score, totalQuestions: 3 }, openLessons: [bySlug['credit-utilization']] }))!.evidence;
  assertEquals(passed(3), `You passed ${quote(bySlug['credit-how-scores-work'].title)} with 3 of 3 right`);
  assertEquals(passed(2), `You passed ${quote(bySlug['credit-how-scores-work'].title)} with 2 of 3 right`);
});

// ---- The engine: each condition on its own, on rules written for the test. ----

const rule = (id: string, when: CoachRule['when'], lesson = 'credit-utilization', extra: Partial<CoachRule> = {}): CoachRule =>
  coachRuleSchema.parse({ id, pillar: 'credit', priority: 1, when, evidence: 'Evidence {missed}', advice: 'so read {lesson}.', lesson, ...extra });
const fires = (r: CoachRule, e: CoachEvidence) => coachTips([r], e, 5).length === 1;

/** A sentence for every option, so only the condition decides (the schema would refuse the extra ones). */
const everyScore = (q: number) => Object.fromEntries([0, 1, 2, 3, 4].map((s) => [String(s), `Option ${s} (question ${q})`]));

Deno.test('engine: answer atMost holds at and below its score only, and not when unanswered', () => {
  const r: CoachRule = { ...rule('a', {}), when: { answer: { question: 6, atMost: 1 } }, evidence: everyScore(6) };
  assertEquals([0, 1, 2, 3, 4].map((s) => fires(r, answering({ 6: s }))), [true, true, false, false, false]);
  const { 6: _, ...rest } = strong();
  assertEquals(fires(r, evidence({ answerScores: rest })), false);
  assertEquals(coachTips([r], answering({ 6: 0 }))[0].evidence, 'Option 0 (question 6)');
  assertEquals(coachTips([r], answering({ 6: 1 }))[0].evidence, 'Option 1 (question 6)');
});

Deno.test('engine: answer is holds on that score only', () => {
  const r: CoachRule = { ...rule('a', {}), when: { answer: { question: 2, is: 2 } }, evidence: everyScore(2) };
  assertEquals([0, 1, 2, 3, 4].map((s) => fires(r, answering({ 2: s }))), [false, false, true, false, false]);
});

Deno.test('engine: scoreBelow holds strictly below its value, and never without an assessment', () => {
  const r = rule('a', { scoreBelow: { pillar: 'credit', value: 50 } });
  const with_ = (credit: number) => evidence({ scores: { saving: 0, credit, investing: 0 } });
  assertEquals([0, 49, 50, 51, 100].map((c) => fires(r, with_(c))), [true, true, false, false, false]);
  assertEquals(fires(r, evidence({ scores: null })), false);
});

Deno.test('engine: missedAtLeast counts the misses of the tip\'s own lesson', () => {
  const r = rule('a', { missedAtLeast: 2 }, 'most-missed', { pillar: 'any' });
  assertEquals(fires(r, evidence({ missedBySlug: { 'credit-utilization': 1 } })), false);
  assertEquals(fires(r, evidence({ missedBySlug: { 'credit-utilization': 1, 'credit-reports-101': 1 } })), false);
  assertEquals(fires(r, evidence({ missedBySlug: { 'credit-utilization': 2 } })), true);
  const fixed = rule('b', { missedAtLeast: 2 }, 'credit-utilization');
  assertEquals(fires(fixed, evidence({ missedBySlug: { 'credit-reports-101': 5 } })), false, 'misses elsewhere do not count');
  assertEquals(coachTips([r], evidence({ missedBySlug: { 'credit-utilization': 3, 'credit-reports-101': 4 } }))[0].lesson.slug, 'credit-reports-101');
});

Deno.test('engine: noQuizzes holds only before the first quiz', () => {
  const r = rule('a', { noQuizzes: true });
  assertEquals([0, 1, 5].map((n) => fires(r, evidence({ totalQuizzes: n }))), [true, false, false]);
});

Deno.test('engine: an empty condition always holds; a placeholder without a record stops the tip', () => {
  assertEquals(fires(rule('a', {}), evidence()), true);
  assertEquals(fires(rule('b', {}, 'credit-utilization', { evidence: 'Your score {score}' }), evidence({ scores: null })), false);
  assertEquals(fires(rule('c', {}, 'credit-utilization', { evidence: 'You passed {passedLesson}' }), evidence({ lastPassed: null })), false);
  assertEquals(coachTips([rule('d', {}, 'credit-utilization', { evidence: 'Your {pillar} score {score} ({level})' })], evidence({ scores: { saving: 0, credit: 74, investing: 0 } }))[0].evidence, 'Your Credit score 74 (Intermediate)');
});

Deno.test('engine: every condition of a rule must hold', () => {
  const r: CoachRule = { ...rule('a', {}), when: { answer: { question: 8, atMost: 2 }, scoreBelow: { pillar: 'credit', value: 50 } }, evidence: everyScore(8) };
  const e = (q8: number, credit: number) => answering({ 8: q8 }, { scores: { saving: 0, credit, investing: 0 } });
  assertEquals([fires(r, e(0, 0)), fires(r, e(3, 0)), fires(r, e(0, 50))], [true, false, false]);
});

Deno.test('engine: a completed lesson stops a tip unless the rule says evenIfCompleted', () => {
  const done = evidence({ completedSlugs: new Set(['credit-utilization']) });
  assertEquals(fires(rule('a', {}), done), false);
  assertEquals(fires(rule('b', {}, 'credit-utilization', { evenIfCompleted: true }), done), true);
});

Deno.test('engine: lower priority first, then the focus pillar, at most the maximum, no lesson twice', () => {
  const list = [
    rule('late', {}, 'credit-reports-101', { priority: 9 }),
    rule('early', {}, 'credit-utilization', { priority: 2 }),
    rule('saving', {}, 'saving-budgeting-methods', { priority: 5, pillar: 'saving' }),
    rule('credit', {}, 'credit-apr-and-interest', { priority: 5 }),
    rule('same-lesson', {}, 'credit-utilization', { priority: 3 }),
  ];
  assertEquals(coachTips(list, evidence({ focusPillar: 'saving' }), 10).map((t) => t.id), ['early', 'saving', 'credit', 'late']);
  assertEquals(coachTips(list, evidence({ focusPillar: 'credit' }), 10).map((t) => t.id), ['early', 'credit', 'saving', 'late']);
  assertEquals(coachTips(list, evidence(), 2).length, 2);
});

// ---- The rules together. ----

Deno.test('the worked example: weak credit answers lead with the credit lessons, most important first', () => {
  const e = answering({ 5: 0, 6: 1, 8: 1 }, { scores: { saving: 88, credit: 25, investing: 94 }, focusPillar: 'credit' });
  const tips = coachTips(rules, e);
  assertEquals(tips.map((t) => t.id), ['missed-payments', 'surprise-expense', 'high-utilization', 'debt-payoff']);
  assertEquals(
    tips[0].text,
    `You said you last missed a payment or paid late within the last year (question 5), and payment history is the biggest part of a credit score, so start with “${bySlug['credit-how-scores-work'].title}”.`,
  );
});

Deno.test('tips change as lessons are completed, and there are always two to four', () => {
  const weak = answering({ 2: 0 });
  assertEquals(coachTips(rules, weak)[0].id, 'emergency-fund-none');
  const after = coachTips(rules, { ...weak, completedSlugs: new Set(['saving-emergency-fund-101']) });
  assertEquals(after.some((t) => t.id === 'emergency-fund-none'), false);
  const passed = {
    lastPassed: { slug: 'saving-pay-yourself-first', score: 3, totalQuestions: 3 },
    completedSlugs: new Set(['saving-pay-yourself-first']),
    openLessons: ['saving-emergency-fund-101', 'credit-how-scores-work', 'investing-the-words-explained'].map((s) => bySlug[s]),
  };
  for (const e of [evidence(), weak, evidence({ totalQuizzes: 0 }), evidence({ scores: null, totalQuizzes: 0 }), evidence({ scores: null, ...passed }), evidence(passed)]) {
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
  const also = tips.find((t) => t.id === 'also-try');
  assert(also && also.pillar !== 'investing', 'also-try names another pillar');
});

export type { CoachRule };
