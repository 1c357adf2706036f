// The money coach: the rules in db/content/coach.yaml (each fires on its evidence and on nothing
// else), the engine's conditions one by one, a table of learner profiles with their exact tips,
// and a property test: every evidence sentence is true for the learner it is shown to.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { type CoachEvidence, type CoachLesson, coachTips } from '../../src/lib/coach.ts';
import { type CoachRule, coachRuleSchema, gatesOf, LESSON_REFS, triggeringScores } from '../../src/lib/coach-rules.ts';
import { buildCoach, loadCoachRules, summarizeQuizzes } from '../../src/lib/server/learning/coach.ts';
import {
  type AssessmentRecord,
  currentAssessmentVersion,
  loadAssessmentQuestions,
  questionsOfVersion,
} from '../../src/lib/server/learning/assessment.ts';
import { readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import {
  type Answers,
  countedOption,
  placementFor,
  placementOf,
  placementScores,
  scoreAnswers,
  scoreHalves,
} from '../../src/lib/assessment.ts';
import { type Level, LEVEL_LABELS, type Pillar, PILLARS } from '../../src/lib/domain.ts';
import { passMark } from '../../src/lib/lessons.ts';
import type { LearnerState } from '../../src/lib/server/learning/learner-store/state.ts';
import type { Lesson } from '../../db/schema.ts';

const files = readLessonFiles().flatMap((f) => (f.lesson ? [f.lesson] : []));
const lessons: CoachLesson[] = files.map((l, i) => ({
  id: i + 1,
  slug: l.slug,
  title: l.title,
  pillar: l.pillar,
  level: l.level,
  orderIndex: l.orderIndex,
  duration: l.duration,
}));
const bySlug = Object.fromEntries(lessons.map((l) => [l.slug, l]));
const firstOf = (pillar: Pillar) =>
  lessons.find((l) => l.pillar === pillar && l.level === 'beginner' && l.orderIndex === 1)!;
const secondOf = (pillar: Pillar) =>
  lessons.find((l) => l.pillar === pillar && l.level === 'beginner' && l.orderIndex === 2)!;
const totalIn = (pillar: Pillar) => lessons.filter((l) => l.pillar === pillar).length;
const rules = loadCoachRules();
const questions = loadAssessmentQuestions();
const quote = (title: string) => `“${title}”`;
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The label of the counted option of question `q` that scores `score`. */
const labelOf = (q: number, score: number) =>
  questions.find((x) => x.id === q)!.options.find((o) => !o.notApplicable && o.score === score)?.label;
const strongScores = () => Object.fromEntries(questions.map((q) => [q.id, 4])) as Record<number, number>;
/** The labels of the options those scores choose (a score no option has gets no label). */
const labelsFor = (scores: Record<number, number>) =>
  Object.fromEntries(
    Object.entries(scores).flatMap(([q, s]) => {
      const label = labelOf(Number(q), s);
      return label === undefined ? [] : [[q, label]];
    }),
  );

/** Strong answers everywhere (4 points), nothing completed, a few quizzes taken, none passed. */
function evidence(patch: Partial<CoachEvidence> = {}): CoachEvidence {
  const answerScores = patch.answerScores ?? strongScores();
  return {
    answerScores,
    answerLabels: labelsFor(answerScores),
    scores: { saving: 100, credit: 100, investing: 100 },
    levels: { saving: 'advanced', credit: 'advanced', investing: 'advanced' },
    completedSlugs: new Set(),
    missedBySlug: {},
    totalQuizzes: 3,
    lastPassed: null,
    focusPillar: 'saving',
    lessonsBySlug: bySlug,
    openLessons: PILLARS.map(firstOf),
    ...patch,
  };
}
const answering = (answers: Record<number, number>, patch: Partial<CoachEvidence> = {}) =>
  evidence({ answerScores: { ...strongScores(), ...answers }, ...patch });
/** A learner who answered question 11 "I don't invest yet" (not counted), with these other scores; `unanswered` are left out. */
const notInvesting = (answers: Record<number, number>, unanswered: number[] = []) => {
  const { 11: _, ...rest } = { ...strongScores(), ...answers };
  for (const q of unanswered) delete rest[q];
  return evidence({ answerScores: rest, notApplicable: new Set([11]) });
};
const all = (e: CoachEvidence, list: CoachRule[] = rules) => coachTips(list, e, 50);
const tipOf = (id: string, e: CoachEvidence, list: CoachRule[] = rules) => all(e, list).find((t) => t.id === id);

Deno.test('every rule names a curriculum lesson (or a lesson reference), and every question has a rule for its weak answers', () => {
  for (const rule of rules) {
    assert(
      (LESSON_REFS as readonly string[]).includes(rule.lesson) || bySlug[rule.lesson],
      `${rule.id}: unknown lesson ${rule.lesson}`,
    );
  }
  const covered = new Set(rules.map((r) => r.when.answer?.question).filter(Boolean));
  assertEquals([...covered].sort((a, b) => a! - b!), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
});

// ---- One test per rule: when it fires, and when it must not. ----

const scenarios: Record<
  string,
  { fires: CoachEvidence; check?: (text: string) => void; never: Array<[string, CoachEvidence]> }
> = {
  'debt-payoff': {
    fires: answering({ 6: 1 }, { scores: { saving: 100, credit: 38, investing: 100 } }),
    check: (text) =>
      assertMatch(
        text,
        /^Your credit result in our assessment is 38 of 100, and you said you carry a card balance most months \(question 6\)/,
      ),
    never: [
      ['a credit result of exactly 50', answering({ 6: 0 }, { scores: { saving: 100, credit: 50, investing: 100 } })],
      [
        'no debt: the card paid in full some months',
        answering({ 6: 2 }, { scores: { saving: 100, credit: 10, investing: 100 } }),
      ],
      [
        'no debt: no credit card (not counted)',
        evidence({
          answerScores: (({ 6: _, ...rest }) => rest)(strongScores()),
          scores: { saving: 100, credit: 10, investing: 100 },
        }),
      ],
      ['no assessment scores', answering({ 6: 0 }, { scores: null })],
    ],
  },
  'invest-regularly': {
    // Not investing yet (question 11), a full emergency fund, no card balance: the order of operations allows it.
    fires: notInvesting({ 2: 3, 6: 4 }),
    check: (text) =>
      assertMatch(
        text,
        /^You said you don't invest yet \(question 11\), your emergency fund covers 3 months or more \(question 2\), and you carry no credit card balance \(question 6\)/,
      ),
    never: [
      ['no emergency fund', notInvesting({ 2: 0, 6: 4 })],
      ['an emergency fund of 1 to 3 months', notInvesting({ 2: 2, 6: 4 })],
      ['a card balance carried most months (debt first)', notInvesting({ 2: 4, 6: 1 })],
      ['the minimum or less on the card (debt first)', notInvesting({ 2: 4, 6: 0 })],
      ['the card paid in full only some months (debt first)', notInvesting({ 2: 4, 6: 2 })],
      ['question 6 unanswered: no proof of no card debt', notInvesting({ 2: 4 }, [6])],
      ['investing already (question 11 answered)', answering({ 11: 4, 2: 4, 6: 4 })],
    ],
  },
  'review-missed': {
    fires: evidence({ missedBySlug: { 'credit-utilization': 2 }, completedSlugs: new Set(['credit-utilization']) }),
    check: (text) =>
      assertMatch(
        text,
        new RegExp(`^You missed 2 questions in your last try of ${esc(quote(bySlug['credit-utilization'].title))}`),
      ),
    never: [
      ['a single missed question', evidence({ missedBySlug: { 'credit-utilization': 1 } })],
      [
        'one miss in each of two lessons',
        evidence({ missedBySlug: { 'credit-utilization': 1, 'saving-pay-yourself-first': 1 } }),
      ],
      ['no misses', evidence()],
    ],
  },
  'first-quiz': {
    fires: evidence({ totalQuizzes: 0 }),
    check: (text) =>
      assertMatch(
        text,
        new RegExp(
          `^You haven't taken a lesson quiz yet, so start with ${
            esc(quote(firstOf('saving').title))
          } in Saving; it takes about \\d+ minutes\\.$`,
        ),
      ),
    never: [
      ['one quiz taken', evidence({ totalQuizzes: 1 })],
      ['many quizzes taken', evidence({ totalQuizzes: 12 })],
    ],
  },
  'keep-going': {
    fires: evidence({
      levels: { saving: 'beginner', credit: 'advanced', investing: 'advanced' },
      completedSlugs: new Set(['saving-goals-and-reviews']),
    }),
    check: (text) =>
      assertEquals(
        text,
        `Our assessment places you at Beginner in Saving, and you have completed 1 of its ${
          totalIn('saving')
        } lessons, so your next step there is ${quote(firstOf('saving').title)}.`,
      ),
    never: [
      ['no assessment to cite', evidence({ scores: null, levels: null })],
      ['no open lesson left', evidence({ openLessons: [] })],
    ],
  },
  'build-on-last-pass': {
    fires: evidence({
      lastPassed: { slug: firstOf('saving').slug, score: 3, totalQuestions: 4 },
      completedSlugs: new Set([firstOf('saving').slug]),
      openLessons: [secondOf('saving'), firstOf('credit'), firstOf('investing')],
      focusPillar: 'credit',
    }),
    check: (text) =>
      assertEquals(
        text,
        `You passed ${quote(firstOf('saving').title)} with 3 of 4 right, so carry on in Saving with ${
          quote(secondOf('saving').title)
        }, the next lesson open to you after it.`,
      ),
    never: [
      ['no passed quiz', evidence({ lastPassed: null })],
      [
        'no open lesson after the passed one in its pillar',
        evidence({
          lastPassed: { slug: secondOf('saving').slug, score: 3, totalQuestions: 3 },
          openLessons: PILLARS.map(firstOf),
        }),
      ],
    ],
  },
  'also-try': {
    fires: evidence({
      completedSlugs: new Set(['investing-compound-growth', 'investing-fees-matter']),
      openLessons: [firstOf('investing')],
      scores: null,
      levels: null,
    }),
    check: (text) =>
      assertEquals(
        text,
        `You have completed 2 of the ${totalIn('investing')} Investing lessons, so ${
          quote(firstOf('investing').title)
        } is the next one open to you there.`,
      ),
    never: [
      [
        'every open pillar already has a tip',
        evidence({ openLessons: [firstOf('saving'), bySlug['saving-full-emergency-fund']] }),
      ],
      ['no open lesson', evidence({ openLessons: [], scores: null, levels: null })],
    ],
  },
};

Deno.test('every rule in coach.yaml that is not about one answer alone has a test of when it fires and when it must not', () => {
  for (const rule of rules) {
    assert(
      (rule.when.answer && !rule.when.scoreBelow && !rule.when.alsoAnswer) || scenarios[rule.id],
      `add a scenario for ${rule.id}`,
    );
  }
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

/** Answers that meet a rule's gate (alsoAnswer) and its scoreBelow, so only its own answer decides. */
const gatesOpen = (rule: CoachRule): Partial<CoachEvidence> & { answers: Record<number, number> } => ({
  answers: Object.fromEntries(gatesOf(rule).map((gate) => [gate.question, triggeringScores(gate)[0]])),
  ...(rule.when.scoreBelow
    ? {
      scores: { saving: 100, credit: 100, investing: 100, [rule.when.scoreBelow.pillar]: 0 } as CoachEvidence['scores'],
    }
    : {}),
});

/** Rules on a counted answer's score (a rule on a "does not apply" answer has its own scenario above). */
const onScores = rules.filter((r) => r.when.answer && !r.when.answer.notApplicable);

for (const rule of onScores) {
  Deno.test(`rule ${rule.id}: fires on exactly the answers it names, with its lesson, and not once that lesson is done`, () => {
    const q = rule.when.answer!.question;
    const weak = triggeringScores(rule.when.answer!);
    const { answers, ...patch } = gatesOpen(rule);
    const offered = questions.find((x) => x.id === q)!.options.filter((o) => !o.notApplicable).map((o) => o.score);
    for (const score of [...new Set(offered)]) {
      const e = answering({ ...answers, [q]: score }, patch);
      const tip = tipOf(rule.id, e);
      assertEquals(Boolean(tip), weak.includes(score), `${rule.id} on question ${q} = ${score}`);
      if (!tip) continue;
      assertEquals(tip.lesson.slug, rule.lesson);
      assertMatch(tip.text, new RegExp(`\\(question ${q}\\)`));
      assertMatch(tip.text, new RegExp(esc(quote(tip.lesson.title))));
      assertEquals(
        tipOf(rule.id, { ...e, completedSlugs: new Set([rule.lesson]) }),
        undefined,
        'not once its lesson is completed',
      );
    }
  });
}

// ---- Evidence is true for every answer that triggers it (the chosen option's own words). ----

/** For habit rules with a sentence per score: words the option says and the sentence must say too. */
const saysTheOption: Record<string, string[]> = {
  '1:0': ['nothing right now'],
  '1:1': ['less than $5 of every $100'],
  '2:0': ["don't have emergency savings"],
  '2:1': ['less than 1 month'],
  '2:2': ['1 month or more, but less than 3 months'],
  '5:0': ['more than once'],
  '5:1': ['once'],
  '5:2': ['often pay a few days late'],
  '6:0': ['the minimum or less', 'sometimes miss a payment'],
  '6:1': ['carry a', 'balance most months'],
  '6:2': ['in full some months, but not others'],
  '9:0': ['a match is offered', 'put nothing in'],
  '9:1': ["you're not sure whether a match is offered or how much you get"],
  '9:2': ['put some in, but less than it takes to get the full match'],
  '11:0': ['sell everything'],
  '11:1': ['sell some and keep the rest invested'],
  '11:2': ['stop adding money until prices recover'],
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

Deno.test('every evidence sentence says what the option that triggered it says: its own words, or the option quoted', () => {
  let checked = 0;
  for (const rule of onScores) {
    const q = rule.when.answer!.question;
    const question = questions.find((x) => x.id === q)!;
    const { answers, ...patch } = gatesOpen(rule);
    for (
      const option of question.options.filter((o) =>
        !o.notApplicable && triggeringScores(rule.when.answer!).includes(o.score)
      )
    ) {
      const tip = coachTips(rules, {
        ...answering({ ...answers, [q]: option.score }, patch),
        answerLabels: { ...labelsFor(strongScores()), [q]: option.label },
      }, 50).find((t) => t.id === rule.id);
      assert(tip, `${rule.id} fires on question ${q} = "${option.label}"`);
      if (typeof rule.evidence === 'string') {
        assert(
          tip.evidence.includes(`“${option.label}”`),
          `${rule.id} quotes the chosen option "${option.label}": ${tip.evidence}`,
        );
      } else {
        const phrases = saysTheOption[`${q}:${option.score}`];
        assert(phrases, `${rule.id}: add the words of question ${q}'s option scored ${option.score} to saysTheOption`);
        for (const phrase of phrases) {
          assert(
            secondPerson(option.label).includes(phrase),
            `question ${q}'s option ${option.score} ("${option.label}") no longer says "${phrase}": review ${rule.id}'s sentence`,
          );
          assert(
            normal(tip.evidence).includes(phrase),
            `${rule.id} on question ${q} = ${option.score} says "${tip.evidence}", not "${phrase}"`,
          );
        }
      }
      checked++;
    }
  }
  assert(checked >= 30, `${checked} rule and option pairs checked`);
});

Deno.test('a rule on an answer quotes the option or gives a sentence for each option it fires on, and only those', () => {
  const base = {
    id: 'x',
    pillar: 'saving',
    priority: 1,
    advice: 'so read {lesson}.',
    lesson: 'saving-pay-yourself-first',
  };
  const parse = (when: unknown, ev: unknown) => coachRuleSchema.safeParse({ ...base, when, evidence: ev }).success;
  assertEquals(
    parse({ answer: { question: 4, atMost: 1 } }, 'You rarely check (question 4)'),
    false,
    'one sentence for two options',
  );
  assertEquals(
    parse({ answer: { question: 4, atMost: 1 } }, 'You chose “{answer}” (question 4)'),
    true,
    'the option quoted',
  );
  assertEquals(
    parse({ answer: { question: 4, atMost: 1 } }, { 1: 'Rarely (question 4)' }),
    false,
    'option 0 has no sentence',
  );
  assertEquals(
    parse({ answer: { question: 4, atMost: 1 } }, {
      0: 'No (question 4)',
      1: 'Rarely (question 4)',
      2: 'Yearly (question 4)',
    }),
    false,
    'option 2 never fires',
  );
  assertEquals(
    parse({ answer: { question: 4, atMost: 1 } }, { 0: 'No goals yet (question 4)', 1: 'Rarely (question 4)' }),
    true,
  );
  assertEquals(parse({ answer: { question: 2, is: 2 } }, { 2: 'One to three months (question 2)' }), true);
  assertEquals(
    parse({ answer: { question: 2, atLeast: 3 } }, { 3: 'Three months (question 2)', 4: 'Six months (question 2)' }),
    true,
  );
  assertEquals(parse({ answer: { question: 2, atLeast: 3, atMost: 4 } }, 'x {answer}'), false, 'two bounds');
  assertEquals(parse({ alsoAnswer: { question: 2, atLeast: 3 } }, 'Text {score}'), false, 'a gate without an answer');
  assertEquals(parse({ noQuizzes: true }, { 0: 'Per-score text needs an answer' }), false);
  assertEquals(parse({ noQuizzes: true }, 'You chose {answer}'), false, '{answer} needs an answer condition');
  assertEquals(parse({}, 'You scored {score} in {pillar} with {unknown}'), false, 'unknown placeholder');
});

Deno.test('no rule is filler: each cites an answer, a result, a quiz or lessons completed, and names its lesson', () => {
  const learnerData = /\{(score|level|completed|missed|passedLesson|passedScore|answer)\}/;
  for (const rule of rules) {
    const sentences = typeof rule.evidence === 'string' ? [rule.evidence] : Object.values(rule.evidence);
    for (const sentence of sentences) {
      const cites = (rule.when.answer && sentence.includes(`(question ${rule.when.answer.question})`)) ||
        learnerData.test(sentence) || (rule.when.noQuizzes && /haven't taken a lesson quiz/.test(sentence));
      assert(cites, `${rule.id}: "${sentence}" cites none of the learner's evidence`);
    }
    assert(
      /\{lesson\}/.test(rule.advice + (typeof rule.evidence === 'string' ? rule.evidence : '')),
      `${rule.id} names its lesson`,
    );
  }
});

Deno.test('the coach never calls our figures a credit score, and never alarms', () => {
  const alarming =
    /\b(panic\w*|alarm\w*|danger\w*|disaster\w*|crisis|terrible|scary|frightening|urgent\w*|warning|emergency!|must act now|ruin\w*)\b/i;
  for (const rule of rules) {
    const sentences = [
      rule.advice,
      ...(typeof rule.evidence === 'string' ? [rule.evidence] : Object.values(rule.evidence)),
    ];
    for (const sentence of sentences) {
      assert(!alarming.test(sentence), `${rule.id}: "${sentence}" alarms`);
      if (/\{score\}/.test(sentence)) {
        assert(!/credit score/i.test(sentence), `${rule.id}: "${sentence}" calls our figure a credit score`);
        assert(/our assessment/.test(sentence), `${rule.id}: "${sentence}" should say the figure is our assessment's`);
      }
    }
  }
});

Deno.test("the fallback tips change with the learner's own records", () => {
  const at = (completed: string[], level: Level) =>
    tipOf(
      'keep-going',
      evidence({
        levels: { saving: level, credit: 'advanced', investing: 'advanced' },
        completedSlugs: new Set(completed),
        openLessons: [bySlug['saving-budgeting-methods']],
      }),
    )!.evidence;
  assertEquals(
    at(['saving-pay-yourself-first', 'saving-emergency-fund-101'], 'intermediate'),
    `Our assessment places you at Intermediate in Saving, and you have completed 2 of its ${totalIn('saving')} lessons`,
  );
  assertEquals(
    at([], 'advanced'),
    `Our assessment places you at Advanced in Saving, and you have completed 0 of its ${totalIn('saving')} lessons`,
  );
  const passed = (score: number) =>
    tipOf(
      'build-on-last-pass',
      evidence({
        scores: null,
        levels: null,
        lastPassed: { slug: firstOf('credit').slug, score, totalQuestions: 4 },
        openLessons: [secondOf('credit')],
      }),
    )!.evidence;
  assertEquals(passed(4), `You passed ${quote(firstOf('credit').title)} with 4 of 4 right`);
  assertEquals(passed(3), `You passed ${quote(firstOf('credit').title)} with 3 of 4 right`);
});

// ---- The engine: each condition on its own, on rules written for the test. ----

const rule = (
  id: string,
  when: CoachRule['when'],
  lesson = 'credit-utilization',
  extra: Partial<CoachRule> = {},
): CoachRule =>
  coachRuleSchema.parse({
    id,
    pillar: 'credit',
    priority: 1,
    when,
    evidence: 'Evidence {missed}',
    advice: 'so read {lesson}.',
    lesson,
    ...extra,
  });
const fires = (r: CoachRule, e: CoachEvidence) => coachTips([r], e, 5).length === 1;
const everyScore = (q: number) =>
  Object.fromEntries([0, 1, 2, 3, 4].map((s) => [String(s), `Option ${s} (question ${q})`]));

Deno.test('engine: answer atMost, is and atLeast hold on their scores only, and never when unanswered', () => {
  const atMost: CoachRule = { ...rule('a', {}), when: { answer: { question: 6, atMost: 1 } }, evidence: everyScore(6) };
  assertEquals([0, 1, 2, 3, 4].map((s) => fires(atMost, answering({ 6: s }))), [true, true, false, false, false]);
  const is: CoachRule = { ...rule('a', {}), when: { answer: { question: 2, is: 2 } }, evidence: everyScore(2) };
  assertEquals([0, 1, 2, 3, 4].map((s) => fires(is, answering({ 2: s }))), [false, false, true, false, false]);
  const atLeast: CoachRule = {
    ...rule('a', {}),
    when: { answer: { question: 2, atLeast: 3 } },
    evidence: everyScore(2),
  };
  assertEquals([0, 1, 2, 3, 4].map((s) => fires(atLeast, answering({ 2: s }))), [false, false, false, true, true]);
  const { 6: _, ...rest } = strongScores();
  assertEquals(fires(atMost, evidence({ answerScores: rest })), false, 'unanswered, or "does not apply"');
  assertEquals(coachTips([atMost], answering({ 6: 0 }))[0].evidence, 'Option 0 (question 6)');
});

Deno.test('engine: alsoAnswer is a gate that must hold too', () => {
  const r: CoachRule = {
    ...rule('a', {}),
    when: { answer: { question: 9, atMost: 1 }, alsoAnswer: { question: 2, atLeast: 3 } },
    evidence: everyScore(9),
  };
  assertEquals([
    fires(r, answering({ 9: 0, 2: 3 })),
    fires(r, answering({ 9: 0, 2: 2 })),
    fires(r, answering({ 9: 2, 2: 4 })),
  ], [true, false, false]);
});

Deno.test('engine: {answer} quotes the chosen option; without a recorded label the tip does not show', () => {
  const r: CoachRule = {
    ...rule('a', {}),
    when: { answer: { question: 7, atMost: 2 } },
    evidence: 'You chose “{answer}” (question 7)',
  };
  assertEquals(coachTips([r], answering({ 7: 0 }))[0].evidence, `You chose “${labelOf(7, 0)}” (question 7)`);
  assertEquals(coachTips([r], { ...answering({ 7: 0 }), answerLabels: {} }).length, 0);
});

Deno.test('engine: notApplicable holds only on the "does not apply" answer; orNotApplicable lets it meet a bound; a list of gates must all hold', () => {
  const na: CoachRule = {
    ...rule('a', {}),
    when: { answer: { question: 11, notApplicable: true } },
    evidence: 'You do not invest yet (question 11)',
  };
  assertEquals(fires(na, notInvesting({})), true);
  assertEquals(
    [0, 1, 2, 4].map((s) => fires(na, answering({ 11: s }))),
    [false, false, false, false],
    'a counted answer',
  );
  const { 11: _, ...unanswered } = strongScores();
  assertEquals(fires(na, evidence({ answerScores: unanswered })), false, 'unanswered');
  const gated: CoachRule = {
    ...na,
    when: {
      answer: { question: 11, notApplicable: true },
      alsoAnswer: [{ question: 2, atLeast: 3 }, { question: 6, atLeast: 4, orNotApplicable: true }],
    },
  };
  assertEquals(fires(gated, notInvesting({ 2: 3, 6: 4 })), true);
  assertEquals(
    fires(gated, { ...notInvesting({ 2: 3 }, [6]), notApplicable: new Set([11, 6]) }),
    true,
    'no credit card meets the card gate',
  );
  assertEquals(fires(gated, notInvesting({ 2: 3, 6: 2 })), false, 'the second gate fails');
  assertEquals(fires(gated, notInvesting({ 2: 2, 6: 4 })), false, 'the first gate fails');
  assertEquals(fires(gated, notInvesting({ 2: 3 }, [6])), false, 'an unanswered gate never holds');
  const parse = (when: unknown, ev: unknown) =>
    coachRuleSchema.safeParse({
      id: 'x',
      pillar: 'investing',
      priority: 1,
      advice: 'so read {lesson}.',
      lesson: 'investing-steady-contributions',
      when,
      evidence: ev,
    }).success;
  assertEquals(
    parse({ answer: { question: 11, notApplicable: true } }, { 0: 'Per score (question 11)' }),
    false,
    'one sentence for a "does not apply" answer',
  );
  assertEquals(
    parse({ answer: { question: 11, notApplicable: true, orNotApplicable: true } }, 'x (question 11)'),
    false,
  );
  assertEquals(
    parse({ answer: { question: 11, notApplicable: true, atMost: 2 } }, 'x (question 11)'),
    false,
    'two kinds of condition',
  );
});

Deno.test('engine: scoreBelow holds strictly below its value, and never without an assessment', () => {
  const r = rule('a', { scoreBelow: { pillar: 'credit', value: 50 } });
  const with_ = (credit: number) => evidence({ scores: { saving: 0, credit, investing: 0 } });
  assertEquals([0, 49, 50, 51, 100].map((c) => fires(r, with_(c))), [true, true, false, false, false]);
  assertEquals(fires(r, evidence({ scores: null })), false);
});

Deno.test("engine: missedAtLeast counts the misses of the tip's own lesson", () => {
  const r = rule('a', { missedAtLeast: 2 }, 'most-missed', { pillar: 'any' });
  assertEquals(fires(r, evidence({ missedBySlug: { 'credit-utilization': 1 } })), false);
  assertEquals(fires(r, evidence({ missedBySlug: { 'credit-utilization': 1, 'credit-reports-101': 1 } })), false);
  assertEquals(fires(r, evidence({ missedBySlug: { 'credit-utilization': 2 } })), true);
  const fixed = rule('b', { missedAtLeast: 2 }, 'credit-utilization');
  assertEquals(
    fires(fixed, evidence({ missedBySlug: { 'credit-reports-101': 5 } })),
    false,
    'misses elsewhere do not count',
  );
  assertEquals(
    coachTips([r], evidence({ missedBySlug: { 'credit-utilization': 3, 'credit-reports-101': 4 } }))[0].lesson.slug,
    'credit-reports-101',
  );
});

Deno.test('engine: noQuizzes holds only before the first quiz; an empty condition always; a placeholder without a record stops the tip', () => {
  const r = rule('a', { noQuizzes: true });
  assertEquals([0, 1, 5].map((n) => fires(r, evidence({ totalQuizzes: n }))), [true, false, false]);
  assertEquals(fires(rule('a', {}), evidence()), true);
  assertEquals(
    fires(rule('b', {}, 'credit-utilization', { evidence: 'Your result {score}' }), evidence({ scores: null })),
    false,
  );
  assertEquals(
    fires(
      rule('c', {}, 'credit-utilization', { evidence: 'You passed {passedLesson}' }),
      evidence({ lastPassed: null }),
    ),
    false,
  );
});

Deno.test('engine: a completed lesson stops a tip unless the rule says evenIfCompleted; an excluded lesson is never named', () => {
  const done = evidence({ completedSlugs: new Set(['credit-utilization']) });
  assertEquals(fires(rule('a', {}), done), false);
  assertEquals(fires(rule('b', {}, 'credit-utilization', { evenIfCompleted: true }), done), true);
  assertEquals(
    fires(rule('c', {}), evidence({ excludedLessonIds: new Set([bySlug['credit-utilization'].id]) })),
    false,
  );
});

Deno.test('engine: lower priority first, then the focus pillar, at most the maximum, no lesson twice', () => {
  const list = [
    rule('late', {}, 'credit-reports-101', { priority: 9 }),
    rule('early', {}, 'credit-utilization', { priority: 2 }),
    rule('saving', {}, 'saving-budgeting-methods', { priority: 5, pillar: 'saving' }),
    rule('credit', {}, 'credit-apr-and-interest', { priority: 5 }),
    rule('same-lesson', {}, 'credit-utilization', { priority: 3 }),
  ];
  assertEquals(coachTips(list, evidence({ focusPillar: 'saving' }), 10).map((t) => t.id), [
    'early',
    'saving',
    'credit',
    'late',
  ]);
  assertEquals(coachTips(list, evidence({ focusPillar: 'credit' }), 10).map((t) => t.id), [
    'early',
    'credit',
    'saving',
    'late',
  ]);
  assertEquals(coachTips(list, evidence(), 2).length, 2);
});

Deno.test("engine: a tip about missed questions never comes before the focus pillar's first tip", () => {
  const list = [
    rule('missed', { missedAtLeast: 2 }, 'most-missed', { pillar: 'any', priority: 1 }),
    rule('focus', {}, 'saving-budgeting-methods', { priority: 5, pillar: 'saving' }),
  ];
  const e = evidence({ missedBySlug: { 'credit-utilization': 3 }, focusPillar: 'saving' });
  assertEquals(coachTips(list, e, 10).map((t) => t.id), ['focus', 'missed']);
  assertEquals(
    coachTips(list, { ...e, focusPillar: 'investing' }, 10).map((t) => t.id),
    ['missed', 'focus'],
    'no focus tip: priority decides',
  );
});

// ---- Profiles: what the coach says to whole learners (buildCoach, as the dashboard calls it). ----

const catalogue: Lesson[] = files.map((l, i) => ({
  id: i + 1,
  slug: l.slug,
  title: l.title,
  pillar: l.pillar,
  level: l.level,
  orderIndex: l.orderIndex,
  duration: l.duration,
  weight: l.weight,
  sections: l.sections,
  content: null,
  learningObjectives: l.learningObjectives,
  questions: l.questions.map((q, k) => ({ id: k + 1, ...q })),
  lastQuestionId: l.questions.length,
  sources: l.sources,
  reviewedAt: l.reviewedAt,
  version: 1,
  sourceHash: null,
  sourceVersion: null,
  state: 'published',
  stateChangedAt: null,
  rendered: [],
  summary: '',
  rendererVersion: 1,
  questionSetId: null,
  createdAt: new Date('2026-01-01T00:00:00Z'),
  updatedAt: new Date('2026-01-01T00:00:00Z'),
}));
const idOf = (slug: string) => catalogue.find((l) => l.slug === slug)!.id;

interface Profile {
  /** Current-version answers by score ('n/a' for "does not apply"), or a version 1 result's scores, or none. */
  answers?: Record<number, number | 'n/a' | 'unsure'>;
  v1?: { saving: number; credit: number; investing: number };
  completed?: string[];
  /** Quiz attempts, oldest first. */
  attempts?: Array<{ slug: string; score: number; total: number }>;
  focus?: Pillar | null;
  continueSlug?: string;
}

function answersOf(scores: Record<number, number | 'n/a' | 'unsure'>): Answers {
  return Object.fromEntries(
    Object.entries(scores).map(([id, score]) => {
      const q = questions.find((x) => x.id === Number(id))!;
      const option = score === 'n/a'
        ? q.options.find((o) => o.notApplicable)!
        : score === 'unsure'
        ? q.options.find((o) => o.label === "I'm not sure")!
        : q.options.find((o) => !o.notApplicable && o.score === score)!;
      return [id, option.value];
    }),
  );
}

function recordFor(p: Profile): AssessmentRecord | null {
  if (p.v1) {
    const scores = { savingScore: p.v1.saving, creditScore: p.v1.credit, investingScore: p.v1.investing };
    const answers = { 1: '1', 2: '0', 5: '0', 9: '0' };
    const placedBy = { saving: scores.savingScore, credit: scores.creditScore, investing: scores.investingScore };
    return {
      id: 'a',
      userId: 'u',
      ...scores,
      answers,
      version: 1,
      earlierVersion: true,
      createdAt: '2026-01-01T00:00:00Z',
      levels: placementOf(scores),
      placementScores: placedBy,
      halves: null,
    };
  }
  if (!p.answers) return null;
  const answers = answersOf(p.answers);
  const scores = scoreAnswers(questions, answers);
  return {
    id: 'a',
    userId: 'u',
    ...scores,
    answers,
    version: currentAssessmentVersion(),
    earlierVersion: false,
    createdAt: '2026-01-01T00:00:00Z',
    levels: placementFor(questions, scores, answers),
    placementScores: placementScores(questions, scores, answers),
    halves: scoreHalves(questions, answers),
  };
}

function coachFor(p: Profile) {
  const assessment = recordFor(p);
  const attempts = (p.attempts ?? []).map((a) => ({
    lessonId: idOf(a.slug),
    score: a.score,
    totalQuestions: a.total,
    passed: a.score >= passMark(a.total),
  }));
  const completed = new Set([
    ...(p.completed ?? []).map(idOf),
    ...attempts.filter((a) => a.passed).map((a) => a.lessonId),
  ]);
  const state: LearnerState = {
    lessons: catalogue,
    progress: new Map(),
    completed,
    completedAt: new Map([...completed].map((id) => [id, new Date('2026-02-01T00:00:00Z')])),
    placement: assessment ? assessment.levels : {},
    results: assessment
      ? { saving: assessment.savingScore, credit: assessment.creditScore, investing: assessment.investingScore }
      : null,
    hasAssessment: Boolean(assessment),
    daily: { timeZone: null, dailyGoal: 1, remindReview: false, remindStreak: false, streak: null },
    plan: null,
  };
  const focus = p.focus === undefined ? 'saving' : p.focus;
  const continueId = p.continueSlug ? idOf(p.continueSlug) : null;
  const lesson = catalogue.find((l) => l.id === continueId);
  // The next-step rule's answer (src/lib/next-lesson.ts) as the dashboard passes it.
  const next = lesson
    ? { lesson, pillar: lesson.pillar, pillarReason: 'The rule', reason: 'The rule says so', basics: [] }
    : null;
  return {
    coach: buildCoach(state, summarizeQuizzes(attempts), assessment, focus, next),
    assessment,
    attempts,
    state,
    continueId,
  };
}
const strong12 = Object.fromEntries(questions.map((q) => [q.id, 4])) as Record<number, number>;
const tipsOf = (p: Profile) => coachFor(p).coach.tips.map((t) => [t.id, t.evidence]);

Deno.test('profiles: the exact tips and evidence for each kind of learner', () => {
  const table: Array<[string, Profile, Array<[string, string]>]> = [
    [
      'no assessment, no quiz',
      { focus: null },
      [
        ['first-quiz', "You haven't taken a lesson quiz yet"],
        ['also-try', `You have completed 0 of the ${totalIn('credit')} Credit lessons`],
      ],
    ],
    [
      'a version 1 result: its answers are not read (the questions were different), its scores place it',
      {
        v1: { saving: 25, credit: 50, investing: 75 },
        attempts: [{ slug: firstOf('saving').slug, score: 1, total: 4 }],
      },
      [
        ['review-missed', `You missed 3 questions in your last try of ${quote(firstOf('saving').title)}`],
        // Saving's only open lesson is the one to review, so the next step is in credit.
        [
          'keep-going',
          `Our assessment places you at Intermediate in Credit, and you have completed 0 of its ${
            totalIn('credit')
          } lessons`,
        ],
        ['also-try', `You have completed 0 of the ${totalIn('investing')} Investing lessons`],
      ],
    ],
    [
      'weak in saving: no emergency fund, saves nothing',
      { answers: { ...strong12, 1: 0, 2: 0 }, attempts: [{ slug: firstOf('credit').slug, score: 4, total: 4 }] },
      [
        ['emergency-fund-none', "You said you don't have emergency savings (question 2)"],
        ['saving-rate-low', 'You said you save nothing right now of your take-home pay (question 1)'],
        // Both saving knowledge questions right: advanced, whatever the habits.
        [
          'keep-going',
          `Our assessment places you at Advanced in Saving, and you have completed 0 of its ${
            totalIn('saving')
          } lessons`,
        ],
        ['build-on-last-pass', `You passed ${quote(firstOf('credit').title)} with 4 of 4 right`],
      ],
    ],
    [
      'every knowledge answer "I\'m not sure" with the best habits: placed at beginner, and the tips are about what they did not know',
      {
        answers: { ...strong12, 3: 'unsure', 4: 'unsure', 7: 'unsure', 8: 'unsure', 10: 'unsure', 12: 'unsure' },
        focus: 'saving',
      },
      [
        [
          'sinking-fund-knowledge',
          `For Jo's $600 insurance bill due in 6 months (question 3), you chose “I'm not sure”`,
        ],
        ['debt-order-knowledge', `For Ravi's extra $100 a month (question 7), you chose “I'm not sure”`],
        ['rebalancing-knowledge', `For Noor's 60% stocks and 40% bonds target (question 10), you chose “I'm not sure”`],
        [
          'real-return-knowledge',
          `For Ana's 4% savings account while prices rise 3% (question 4), you chose “I'm not sure”`,
        ],
      ],
    ],
    [
      'weak in credit, with debt: a card balance most months, late once, both credit questions wrong',
      {
        answers: { ...strong12, 5: 1, 6: 1, 7: 0, 8: 0 },
        focus: 'credit',
        attempts: [{ slug: firstOf('saving').slug, score: 4, total: 4 }],
      },
      [
        ['late-payments', 'You said you paid a bill 30 or more days late once in the last 2 years (question 5)'],
        ['carries-balance', 'You said you carry a credit card balance most months (question 6)'],
        ['debt-order-knowledge', `For Ravi's extra $100 a month (question 7), you chose “${labelOf(7, 0)}”`],
        [
          'amortization-knowledge',
          `For the first payment on Lee's $200,000 loan (question 8), you chose “${labelOf(8, 0)}”`,
        ],
      ],
    ],
    [
      'often a few days late: the tip is about late fees and the 30-day line',
      {
        answers: { ...strong12, 5: 2 },
        focus: 'credit',
        attempts: [{ slug: firstOf('saving').slug, score: 4, total: 4 }],
      },
      [
        ['paying-a-few-days-late', 'You said you often pay a few days late (question 5)'],
        [
          'keep-going',
          `Our assessment places you at Advanced in Credit, and you have completed 0 of its ${
            totalIn('credit')
          } lessons`,
        ],
        ['build-on-last-pass', `You passed ${quote(firstOf('saving').title)} with 4 of 4 right`],
        ['also-try', `You have completed 0 of the ${totalIn('investing')} Investing lessons`],
      ],
    ],
    [
      'weak in credit without debt: no credit card, so no debt tip',
      {
        answers: { ...strong12, 5: 0, 6: 'n/a', 7: 0, 8: 0 },
        focus: 'credit',
        attempts: [{ slug: firstOf('saving').slug, score: 4, total: 4 }],
      },
      [
        [
          'late-payments',
          'You said you paid a bill 30 or more days late more than once in the last 2 years (question 5)',
        ],
        ['debt-order-knowledge', `For Ravi's extra $100 a month (question 7), you chose “${labelOf(7, 0)}”`],
        [
          'amortization-knowledge',
          `For the first payment on Lee's $200,000 loan (question 8), you chose “${labelOf(8, 0)}”`,
        ],
        // Credit's open lesson is already named, so the next step shown is in saving.
        [
          'keep-going',
          `Our assessment places you at Advanced in Saving, and you have completed 1 of its ${
            totalIn('saving')
          } lessons`,
        ],
      ],
    ],
    [
      'not investing yet, a full emergency fund, no card balance: invest regularly',
      {
        answers: { ...strong12, 11: 'n/a' },
        focus: 'investing',
        attempts: [{ slug: firstOf('credit').slug, score: 4, total: 4 }],
      },
      [
        [
          'invest-regularly',
          "You said you don't invest yet (question 11), your emergency fund covers 3 months or more (question 2), and you carry no credit card balance (question 6)",
        ],
        [
          'keep-going',
          `Our assessment places you at Advanced in Investing, and you have completed 0 of its ${
            totalIn('investing')
          } lessons`,
        ],
        ['build-on-last-pass', `You passed ${quote(firstOf('credit').title)} with 4 of 4 right`],
        ['also-try', `You have completed 0 of the ${totalIn('saving')} Saving lessons`],
      ],
    ],
    [
      'not investing yet and no credit card: invest regularly (no card, no card debt)',
      { answers: { ...strong12, 6: 'n/a', 11: 'n/a' }, focus: 'investing' },
      [
        [
          'invest-regularly',
          "You said you don't invest yet (question 11), your emergency fund covers 3 months or more (question 2), and you carry no credit card balance (question 6)",
        ],
        ['first-quiz', "You haven't taken a lesson quiz yet"],
        [
          'keep-going',
          `Our assessment places you at Advanced in Investing, and you have completed 0 of its ${
            totalIn('investing')
          } lessons`,
        ],
        ['also-try', `You have completed 0 of the ${totalIn('saving')} Saving lessons`],
      ],
    ],
    [
      'not investing yet with a full emergency fund, but a card balance: debt first, no investing tip',
      {
        answers: { ...strong12, 6: 1, 11: 'n/a' },
        focus: 'investing',
        attempts: [{ slug: firstOf('credit').slug, score: 4, total: 4 }],
      },
      [
        ['carries-balance', 'You said you carry a credit card balance most months (question 6)'],
        [
          'keep-going',
          `Our assessment places you at Advanced in Investing, and you have completed 0 of its ${
            totalIn('investing')
          } lessons`,
        ],
        ['build-on-last-pass', `You passed ${quote(firstOf('credit').title)} with 4 of 4 right`],
        ['also-try', `You have completed 0 of the ${totalIn('saving')} Saving lessons`],
      ],
    ],
    [
      'no full match and a card balance: the match tip still shows (the match comes before card debt)',
      {
        answers: { ...strong12, 6: 0, 9: 2 },
        focus: 'investing',
        attempts: [{ slug: firstOf('credit').slug, score: 4, total: 4 }],
      },
      [
        ['employer-match', 'You said you put some in, but less than it takes to get the full match (question 9)'],
        [
          'carries-balance',
          'You said you pay the minimum or less on your credit card, or sometimes miss a payment (question 6)',
        ],
        [
          'keep-going',
          `Our assessment places you at Advanced in Investing, and you have completed 0 of its ${
            totalIn('investing')
          } lessons`,
        ],
        ['build-on-last-pass', `You passed ${quote(firstOf('credit').title)} with 4 of 4 right`],
      ],
    ],
    [
      'weak in investing with no emergency fund: the match, no push to invest more, emergency fund first',
      {
        answers: { ...strong12, 2: 0, 9: 0, 10: 0, 11: 0 },
        focus: 'investing',
        attempts: [{ slug: firstOf('credit').slug, score: 4, total: 4 }],
      },
      [
        ['emergency-fund-none', "You said you don't have emergency savings (question 2)"],
        ['employer-match', 'You said a match is offered at work, but you put nothing in (question 9)'],
        [
          'rebalancing-knowledge',
          `For Noor's 60% stocks and 40% bonds target (question 10), you chose “${labelOf(10, 0)}”`,
        ],
        [
          'stay-invested',
          'You said that if investments fell 20% in a few weeks, you would sell everything (question 11)',
        ],
      ],
    ],
    [
      'a lesson passed after a failed try: no missed-questions tip for it',
      {
        answers: strong12,
        attempts: [{ slug: firstOf('saving').slug, score: 1, total: 4 }, {
          slug: firstOf('saving').slug,
          score: 3,
          total: 4,
        }],
      },
      [
        // keep-going names the first lesson of the placed level (Advanced); build-on-last-pass the
        // next one after the pass, in its level (issue 40's rule): two lessons, two tips.
        [
          'keep-going',
          `Our assessment places you at Advanced in Saving, and you have completed 1 of its ${
            totalIn('saving')
          } lessons`,
        ],
        ['build-on-last-pass', `You passed “${firstOf('saving').title}” with 3 of 4 right`],
        ['also-try', `You have completed 0 of the ${totalIn('credit')} Credit lessons`],
      ],
    ],
  ];
  for (const [name, profile, want] of table) assertEquals(tipsOf(profile), want, name);
});

Deno.test('issue 41 coach rules, word for word: the late-payment tip at "a few days late" and the stay-invested tip', () => {
  const fewDaysLate = coachFor({ answers: { ...strong12, 5: 2 }, focus: 'credit' }).coach.tips.find((t) =>
    t.id === 'paying-a-few-days-late'
  )!;
  assertMatch(fewDaysLate.text, /late fee/);
  assertMatch(fewDaysLate.text, /30 days past due/);
  // The lesson's title may name credit scores; the tip's own words do not.
  assert(
    !/score/i.test(fewDaysLate.text.replace(quote(fewDaysLate.lesson.title), '')),
    `no credit score talk: ${fewDaysLate.text}`,
  );
  assertEquals(fewDaysLate.lesson.slug, 'credit-how-scores-work');
  for (const score of [0, 1]) {
    const tip = coachFor({ answers: { ...strong12, 5: score }, focus: 'credit' }).coach.tips.find((t) =>
      t.id.includes('late')
    )!;
    assertEquals(tip.id, 'late-payments', '30 or more days late is on the report: the credit score tip');
  }
  // Stay invested: said to people who invest, in words that would be true of someone who does not invest yet.
  const stay = rules.find((r) => r.id === 'stay-invested')!;
  for (const sentence of [stay.advice, ...Object.values(stay.evidence as Record<string, string>)]) {
    assert(
      !/\byour (investments|portfolio|money)\b|\byou hold\b|\byou own\b|\binvestors like you\b/i.test(sentence),
      `presumes the learner invests: "${sentence}"`,
    );
  }
  for (const score of [0, 1, 2]) {
    assert(
      coachFor({ answers: { ...strong12, 11: score } }).coach.tips.some((t) => t.id === 'stay-invested'),
      `fires at ${score}`,
    );
  }
  assertEquals(
    coachFor({ answers: { ...strong12, 11: 'n/a' } }).coach.tips.some((t) => t.id === 'stay-invested'),
    false,
    'not for someone who does not invest yet',
  );
});

Deno.test('debt first: over every card answer, the investing tip shows only with no card balance (in full every month, or no card)', () => {
  for (const card of [0, 1, 2, 4, 'n/a'] as const) {
    const tips = coachFor({ answers: { ...strong12, 6: card, 11: 'n/a' }, focus: 'investing' }).coach.tips.map((t) =>
      t.id
    );
    assertEquals(
      tips.includes('invest-regularly'),
      card === 4 || card === 'n/a',
      `question 6 = ${card}: ${tips.join(', ')}`,
    );
  }
});

Deno.test('the match tip: for every answer that does not get the full match, never for the full match or no match offered', () => {
  for (const match of [0, 1, 2, 4, 'n/a'] as const) {
    const tip = coachFor({ answers: { ...strong12, 9: match }, focus: 'investing' }).coach.tips.find((t) =>
      t.id === 'employer-match'
    );
    assertEquals(Boolean(tip), match !== 4 && match !== 'n/a', `question 9 = ${match}`);
    if (tip) assertEquals(tip.lesson.slug, 'investing-planning-for-retirement');
  }
});

Deno.test('the match tip agrees with the one order of operations: a starter emergency fund first, the match before card debt (issue 55)', () => {
  const rule = loadCoachRules().find((r) => r.id === 'employer-match')!;
  assertMatch(rule.advice, /after a small starter emergency fund/);
  assertMatch(rule.advice, /before paying down card debt/);
  assert(!/comes first/.test(rule.advice), 'the match does not come first: step 1 is a starter fund');
  const tip = coachFor({ answers: { ...strong12, 9: 0 }, focus: 'investing' }).coach.tips.find((t) =>
    t.id === 'employer-match'
  )!;
  assertMatch(tip.text, /comes right after a small starter emergency fund/);
});

Deno.test("profiles: a missed-questions tip counts the last try only, says so, and never sits above the focus pillar's tip", () => {
  // Four misses over two tries of a 4-question quiz: the last try missed 2.
  const slug = firstOf('credit').slug;
  const { coach } = coachFor({
    answers: { ...strong12, 2: 1 },
    attempts: [{ slug, score: 2, total: 4 }, { slug, score: 2, total: 4 }],
  });
  const missed = coach.tips.find((t) => t.id === 'review-missed')!;
  assertEquals(missed.evidence, `You missed 2 questions in your last try of ${quote(firstOf('credit').title)}`);
  assert(
    coach.tips.findIndex((t) => t.id === 'review-missed') > coach.tips.findIndex((t) => t.pillar === 'saving'),
    "after the focus pillar's tip",
  );
});

Deno.test("profiles: the first tip is the Continue lesson (issue 52), no other tip repeats it; it gets the tip's evidence as its reason", () => {
  const { coach } = coachFor({
    answers: { ...strong12, 2: 0 },
    continueSlug: 'saving-emergency-fund-101',
    attempts: [{ slug: firstOf('credit').slug, score: 4, total: 4 }],
  });
  assertEquals(coach.tips[0].lesson.slug, 'saving-emergency-fund-101');
  assertEquals(coach.tips[0].id, 'emergency-fund-none', "in the rule's words");
  assertEquals(coach.tips.slice(1).some((t) => t.lesson.slug === 'saving-emergency-fund-101'), false);
  assertEquals(coach.continueReason, "You said you don't have emergency savings (question 2)");
  // No rule names it: the first tip says the next-step rule's reason.
  const plain = coachFor({ answers: strong12, continueSlug: firstOf('investing').slug }).coach;
  assertEquals(plain.tips[0].id, 'next-step');
  assertEquals(plain.tips[0].text, `The rule says so, so start with “${firstOf('investing').title}”.`);
});

Deno.test('"Why this level?" names the answers that set each level, from the version the result came from; a "does not apply" answer shows as not counted', () => {
  const now = coachFor({ answers: { ...strong12, 6: 'n/a' } }).coach;
  const credit = now.why.find((p) => p.pillar === 'credit')!;
  const q6 = credit.answers.find((a) => a.questionId === 6)!;
  assertEquals([q6.answer, q6.counted, q6.points], ["I don't have a credit card", false, null]);
  assertEquals(credit.score, 100, '3 counted answers of 4 points');
  assertEquals(credit.halves, { knowledge: 100, habits: 100 });
  const old = coachFor({ v1: { saving: 25, credit: 50, investing: 75 } }).coach;
  assertEquals(old.earlierVersion, true);
  assertEquals(old.why[0].answers[0].question, questionsOfVersion(1)[0].text, 'read with the version 1 questions');
  assertEquals(old.why[0].answers[0].answer, questionsOfVersion(1)[0].options[1].label);
  assertEquals(old.answersKnown, false, 'version 1 answers feed no rule');
});

// ---- The property: every evidence sentence is true for the profile it is shown to. ----

/** A small deterministic random source (mulberry32), so a failure reproduces. */
function random(seed: number) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

Deno.test('property: over 400 random learners, every tip is true of the learner it is shown to', () => {
  const rand = random(20261125);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)];
  const allRules = new Map(rules.map((r) => [r.id, r]));
  for (let n = 0; n < 400; n++) {
    const kind = rand();
    const profile: Profile = {};
    if (kind < 0.8) {
      profile.answers = Object.fromEntries(
        questions.filter(() => rand() < 0.95).map((q) => {
          const choice = pick(q.options);
          return [q.id, choice.notApplicable ? 'n/a' : choice.score];
        }),
      );
    } else if (kind < 0.9) {
      profile.v1 = {
        saving: Math.floor(rand() * 101),
        credit: Math.floor(rand() * 101),
        investing: Math.floor(rand() * 101),
      };
    }
    profile.attempts = Array.from({ length: Math.floor(rand() * 6) }, () => {
      const lesson = pick(catalogue.filter((l) => l.level === 'beginner'));
      const total = lesson.questions.length;
      return { slug: lesson.slug, score: Math.floor(rand() * (total + 1)), total };
    });
    profile.focus = pick([null, ...PILLARS]);
    if (rand() < 0.5) profile.continueSlug = pick(catalogue).slug;
    const { coach, assessment, attempts, continueId } = coachFor(profile);
    const current = assessment?.version === currentAssessmentVersion();
    const counted = (q: number) => {
      if (!current || !assessment) return undefined;
      return countedOption(questions.find((x) => x.id === q)!, assessment.answers);
    };
    /** The option chosen, counted or not ("does not apply"). */
    const chose = (q: number) => {
      if (!current || !assessment) return undefined;
      return questions.find((x) => x.id === q)!.options.find((o) => o.value === assessment.answers[String(q)]);
    };
    const lastTry = new Map(attempts.map((a) => [a.lessonId, a]));
    for (const [i, tip] of coach.tips.entries()) {
      const where = `learner ${n} ${JSON.stringify(profile)}: ${tip.text}`;
      // The first tip is the next step (issue 52); no later tip names it again.
      assert((i === 0) === (tip.lesson.id === continueId) || continueId === null, `the Continue lesson: ${where}`);
      if (tip.id === 'next-step') continue;
      const r = allRules.get(tip.id)!;
      if (r.when.answer?.notApplicable) {
        assert(chose(r.when.answer.question)?.notApplicable, `not the "does not apply" answer: ${where}`);
      } else if (r.when.answer) {
        const option = counted(r.when.answer.question);
        assert(
          option && triggeringScores(r.when.answer).includes(option.score),
          `the answer does not meet the rule: ${where}`,
        );
        if (typeof r.evidence === 'string') {
          assert(tip.evidence.includes(`“${option.label}”`), `not the chosen option: ${where}`);
        } else {assertEquals(
            tip.evidence,
            (r.evidence as Record<string, string>)[String(option.score)].replace(
              '{score}',
              String(assessment!.creditScore),
            ),
            where,
          );}
      }
      for (const gate of gatesOf(r)) {
        const option = chose(gate.question);
        const holds = option &&
          (option.notApplicable ? gate.orNotApplicable : triggeringScores(gate).includes(option.score));
        assert(holds, `the gate on question ${gate.question} does not hold: ${where}`);
      }
      // Debt first: no tip to invest more while a card balance is carried (question 6 at 2 or less).
      if (r.id === 'invest-regularly') {
        const card = counted(6);
        assert(
          card === undefined ? chose(6)?.notApplicable : card.score === 4,
          `an investing tip with card debt: ${where}`,
        );
      }
      if (r.when.scoreBelow) {
        assert(
          assessment && assessment.creditScore < r.when.scoreBelow.value &&
            tip.evidence.includes(`${assessment.creditScore} of 100`),
          where,
        );
      }
      const missed = tip.evidence.match(/^You missed (\d+) questions in your last try of/);
      if (missed) {
        const last = lastTry.get(tip.lesson.id)!;
        assert(
          last && !last.passed && last.totalQuestions - last.score === Number(missed[1]),
          `the last try: ${where}`,
        );
      }
      const result = tip.evidence.match(/^Your (\w+) result in our assessment is (\d+) of 100/);
      if (result && !r.when.scoreBelow) {
        const pillar = result[1].toLowerCase() as Pillar;
        assertEquals(Number(result[2]), assessment![`${pillar}Score` as 'savingScore'], where);
      }
      const placed = tip.evidence.match(/^Our assessment places you at (\w+) in (\w+),/);
      if (placed) {
        const pillar = placed[2].toLowerCase() as Pillar;
        assertEquals(placed[1], LEVEL_LABELS[assessment!.levels[pillar]], where);
      }
      const passed = tip.evidence.match(/^You passed “(.+)” with (\d+) of (\d+) right$/);
      if (passed) {
        const newest = attempts.findLast((a) => a.passed)!;
        const lesson = catalogue.find((l) => l.id === newest.lessonId)!;
        assertEquals([passed[1], Number(passed[2]), Number(passed[3])], [
          lesson.title,
          newest.score,
          newest.totalQuestions,
        ], where);
      }
      if (/haven't taken a lesson quiz/.test(tip.evidence)) assertEquals(attempts.length, 0, where);
      assert(!/(your|our) credit score/i.test(tip.evidence), `calls our figure a credit score: ${where}`);
    }
  }
});
