import { assert, assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import {
  checkFactLiterals,
  ContentError,
  countWords,
  type FactsFile,
  fillFacts,
  isPrimarySource,
  MIN_LESSONS_PER_LEVEL,
  type ParsedLesson,
  parseFactsFile,
  parseLessonFile,
  splitSections,
} from '../../src/lib/curriculum.ts';
import {
  checkCurriculum,
  checkFactSources,
  checkLesson,
  checkLessonLinks,
  checkOrderOfOperations,
  lessonLinks,
} from '../../src/lib/content-rules.ts';
import {
  checkQuizBalance,
  isAmongTwoLongest,
  longestKeys,
  onlyHedgedKeys,
  onlyHedgeWordKeys,
  quizCues,
} from '../../src/lib/quiz-cues.ts';
import { checkEquation, findEquations } from '../../src/lib/curriculum-math.ts';
import { LEVELS, PILLARS } from '../../src/lib/domain.ts';
import { readFacts, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import { loadCoachRules } from '../../src/lib/server/learning/coach.ts';
import { loadAssessmentQuestions } from '../../src/lib/server/learning/assessment.ts';

function loadAll(): { lessons: ParsedLesson[]; problems: string[] } {
  const facts = readFacts();
  const lessons: ParsedLesson[] = [];
  const problems: string[] = [];
  for (const { file, raw, lesson, error } of readLessonFiles(undefined, facts)) {
    if (!lesson) {
      problems.push(error!);
      continue;
    }
    lessons.push(lesson);
    problems.push(
      ...checkLesson(lesson, file),
      ...checkFactLiterals(raw, facts, file),
      ...checkOrderOfOperations(raw, file),
      ...checkFactSources(raw, lesson, facts, file),
    );
  }
  return { lessons, problems: [...problems, ...checkCurriculum(lessons)] };
}

Deno.test('every lesson file parses and passes the content rules (counts, quiz balance, skills, sources, review dates, arithmetic)', () => {
  assertEquals(loadAll().problems, []);
});

Deno.test('each level of each pillar holds at least 5 lessons (a level may hold more)', () => {
  const { lessons } = loadAll();
  for (const pillar of PILLARS) {
    const counts = LEVELS.map((level) => lessons.filter((l) => l.pillar === pillar && l.level === level).length);
    assert(counts.every((n) => n >= MIN_LESSONS_PER_LEVEL), `${pillar}: ${counts.join('/')}`);
  }
});

Deno.test('most questions put the learner in a situation: per pillar, at least two in three are apply or calculate', () => {
  const { lessons } = loadAll();
  for (const pillar of PILLARS) {
    const questions = lessons.filter((l) => l.pillar === pillar).flatMap((l) => l.questions);
    const situated = questions.filter((q) => q.skill !== 'recall').length;
    assert(situated * 3 >= questions.length * 2, `${pillar}: ${situated} of ${questions.length}`);
  }
});

Deno.test("every assessment weakness maps to a lesson: each question's weak answers fire a coach tip naming an existing lesson", () => {
  const slugs = new Set(loadAll().lessons.map((l) => l.slug));
  const rules = loadCoachRules();
  for (const question of loadAssessmentQuestions()) {
    const weak = rules.filter((r) => r.when.answer?.question === question.id && slugs.has(r.lesson));
    assert(weak.length > 0, `question ${question.id} (${question.text.slice(0, 50)}…) has no tip that names a lesson`);
  }
});

const sample = (front: string, body = '## One\n\nText $5.\n\n## Two\n\nMore.\n\n## Try this now\n\nDo it.\n') =>
  `---\n${front}\n---\n${body}`;
const goodFront = `slug: x-lesson
title: A lesson
pillar: saving
level: beginner
orderIndex: 1
duration: 5
weight: 10
reviewedAt: 2026-11-22
learningObjectives: [Learn one thing, Learn another]
sources: [{ title: Source, publisher: CFPB, url: "https://www.consumerfinance.gov/" }]
questions:
${
  [0, 1, 2]
    .map(
      (i) =>
        `  - question: "Question number ${i}?"\n    options: [a${i}, b${i}, c${i}, d${i}]\n    correctAnswer: ${i}\n    skill: ${
          i === 0 ? 'recall' : 'apply'
        }\n    explanation: "Because answer ${i} is the right one. The other one is a trap."`,
    )
    .join('\n')
}`;
const today = new Date('2026-11-25T12:00:00Z');
const problemsOf = (front: string, body?: string) =>
  checkLesson(parseLessonFile(sample(front, body), 'x-lesson.md'), 'x-lesson.md', today).join('\n');

Deno.test('the checks catch a missing field, a bad quiz and a wrong duration', () => {
  assertThrows(() => parseLessonFile(sample(goodFront.replace('title: A lesson\n', ''))), ContentError);
  assertThrows(() => parseLessonFile(sample(goodFront.replace('correctAnswer: 1', 'correctAnswer: 4'))), ContentError);
  assertThrows(
    () => parseLessonFile(sample(goodFront.replace('options: [a0, b0, c0, d0]', 'options: [a0, b0, c0]'))),
    ContentError,
  );
  assertMatch(
    assertThrows(() => parseLessonFile(sample(goodFront.replace('skill: apply', 'skill: guess'))), ContentError)
      .message,
    /skill must be/,
  );
  assertMatch(
    assertThrows(() => parseLessonFile(sample(goodFront.replace('    skill: recall\n', ''))), ContentError).message,
    /skill/,
  );
  assertMatch(problemsOf(goodFront), /duration 5 min but/);
});

Deno.test('a lesson may ask at most one recall question, and never "all/none of the above"', () => {
  assertEquals(/recall/.test(problemsOf(goodFront)), false);
  assertMatch(problemsOf(goodFront.replace('skill: apply', 'skill: recall')), /more than one recall question/);
  assertMatch(
    problemsOf(goodFront.replace('d1]', '"None of the above"]')),
    /question 2 has an "all\/none of the above" option/,
  );
  assertMatch(problemsOf(goodFront.replace('b2, c2', 'b2, "All of these"')), /question 3 has an "all\/none/);
});

Deno.test('an explanation says why the answer is right and why the tempting one is wrong (two sentences at least)', () => {
  assertMatch(
    problemsOf(
      goodFront.replace(
        '"Because answer 0 is the right one. The other one is a trap."',
        '"Because this is the right one, really."',
      ),
    ),
    /explanation should say why/,
  );
});

Deno.test('a calculation question writes its calculation out, and every written calculation is right', () => {
  const calc = goodFront.replace('skill: apply', 'skill: calculate');
  assertMatch(problemsOf(calc), /question 2 is a calculation/);
  const withMath = calc.replace(
    '"Because answer 1 is the right one. The other one is a trap."',
    '"$1,100 ÷ $2,200 = 0.5, so half a month. Dividing the other way gives 2."',
  );
  assertEquals(/question 2/.test(problemsOf(withMath)), false);
  assertMatch(
    problemsOf(withMath.replace('= 0.5', '= 0.6')),
    /question 2 explanation: \$1,100 ÷ \$2,200 = 0.6: the left side is 0.5/,
  );
  assertMatch(
    problemsOf(
      goodFront,
      '## One\n\nRent $950 + $150 = **$1,200 a month**.\n\n## Two\n\nMore.\n\n## Try this now\n\nDo it.\n',
    ),
    /\$950 \+ \$150 = \$1,200: the left side is 1100/,
  );
});

Deno.test('a beginner lesson needs no formula heavier than one multiplication or division', () => {
  const body = '## One\n\nInterest: $1,000 × 0.24 ÷ 12 = $20.\n\n## Two\n\nMore.\n\n## Try this now\n\nDo it.\n';
  assertMatch(problemsOf(goodFront, body), /more than one multiplication or division for a beginner lesson/);
  assertEquals(
    /beginner lesson/.test(problemsOf(goodFront.replace('level: beginner', 'level: advanced'), body)),
    false,
  );
  assertEquals(
    /beginner lesson/.test(problemsOf(goodFront, body.replace('$1,000 × 0.24 ÷ 12 = $20', '$240 ÷ 12 = $20'))),
    false,
  );
});

Deno.test('a lesson whose review is more than 12 months old fails', () => {
  assertEquals(/reviewedAt/.test(problemsOf(goodFront)), false);
  assertMatch(
    problemsOf(goodFront.replace('reviewedAt: 2026-11-22', 'reviewedAt: 2025-10-01')),
    /reviewedAt 2025-10-01 is not a date within the last 12 months/,
  );
});

Deno.test('the arithmetic checker reads markdown, parentheses, percentages, "of" and "about"', () => {
  const cases: Array<[string, boolean]> = [
    ['$1,000 ÷ $50 = **20 weeks**', true],
    ['$1,000 ÷ $50 = **21 weeks**', false],
    ['($600 + $300) ÷ ($3,000 + $2,000 + $1,000) = $900 ÷ $6,000 = **15%**', true],
    ['(8 + 3 + 1) ÷ 3 = 12 ÷ 3 = **5 years**', false],
    ['$3,000 ÷ $7,000 = about **42.9%**', true],
    ['$3,000 ÷ $7,000 = **43.9%**', false],
    ['6% of $48,000 = $2,880', true],
    ['1% + 0.5% = 1.5%', true],
    ['$1,000 × 0.24 ÷ 365 × 30 = about $19.73', true],
    ['1.07^10 = about 1.97', true],
    ['(that is $5 × 2 = $10)', true],
  ];
  for (const [text, ok] of cases) {
    const equations = findEquations(text);
    assertEquals(equations.length, 1, text);
    assertEquals(checkEquation(equations[0]) === null, ok, text);
  }
  assertEquals(findEquations('Months of expenses = savings ÷ expenses; card 2 = the new one'), []);
});

/** A quiz question for the balance checks: only its options and key matter. */
const quizQuestion = (options: string[], correctAnswer: number) => ({
  question: 'A question here?',
  options,
  correctAnswer,
  explanation: 'x',
  skill: 'apply' as const,
});

Deno.test('per pillar, the correct option is the strictly longest in at most 35% of questions and no position holds over 40%', () => {
  const balanced = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1].map((pos, i) =>
    quizQuestion(['aa', 'bb', 'cc', 'dd'].map((o, k) => (k === pos && i < 3 ? 'longest one' : o)), pos)
  );
  assertEquals(checkQuizBalance('saving', balanced), []);
  const longest = balanced.map((x) => ({
    ...x,
    options: x.options.map((o, k) => (k === x.correctAnswer ? 'the longest option' : o)),
  }));
  assertMatch(checkQuizBalance('saving', longest).join('\n'), /strictly longest in 10 of 10 questions \(at most 3\)/);
  const sameSpot = balanced.map((x, i) => ({ ...x, correctAnswer: i < 5 ? 2 : x.correctAnswer }));
  assertMatch(checkQuizBalance('saving', sameSpot).join('\n'), /more than 40% in one position/);
});

Deno.test('per pillar, the correct option is among the two longest in at most half of the questions (ties give no cue)', () => {
  // A small lesson written the way issue 41 found saving: the key is never the strictly longest
  // (so the 35% rule passes), but it is always the second longest.
  const bad = [0, 1, 2, 3].map((pos) =>
    quizQuestion(
      ['short one', 'mid option', 'tiny', 'small'].map((o, k) =>
        k === pos ? 'the key, second longest' : k === (pos + 1) % 4 ? 'a far longer wrong option here' : o
      ),
      pos,
    )
  );
  assert(bad.every(isAmongTwoLongest));
  assertMatch(
    checkQuizBalance('saving', bad).join('\n'),
    /among the two longest \(longer than two of the others\) in 4 of 4 questions \(at most 2\)/,
  );
  assertEquals(checkQuizBalance('saving', bad).filter((p) => /strictly longest/.test(p)), []);
  // Half of them with a short key passes; equal lengths are no cue.
  const fixed = bad.map((
    x,
    i,
  ) => (i % 2 ? { ...x, options: x.options.map((o, k) => (k === x.correctAnswer ? 'key' : o)) } : x));
  assertEquals(checkQuizBalance('saving', fixed).filter((p) => /two longest/.test(p)), []);
  assert(!isAmongTwoLongest(quizQuestion(['$120', '$150', '$105', '$900'], 0)));
  assert(isAmongTwoLongest(quizQuestion(['$120', '$15', '$50', '$1,080'], 0)));
});

Deno.test('the checks catch duplicate slugs, bad order, counts and weights', () => {
  const lesson = parseLessonFile(sample(goodFront), 'x-lesson.md');
  const twice = checkCurriculum([lesson, { ...lesson, orderIndex: 3 }]).join('\n');
  assertMatch(twice, /duplicate slug x-lesson/);
  assertMatch(twice, /orderIndex is 1,3/);
  assertMatch(twice, /weights sum to 20/);
  assertMatch(twice, /saving beginner: 2 lessons, expected at least 5/);
});

Deno.test('a link from one lesson to another names a lesson that exists', () => {
  const lesson = parseLessonFile(
    sample(
      goodFront,
      '## One\n\nSee [Work and Benefits](/learn/saving-work-and-benefits) and [Gone](/learn/no-such-lesson/).\n\n## Two\n\nMore $5.\n\n## Try this now\n\nDo it.\n',
    ),
    'x-lesson.md',
  );
  assertEquals(lessonLinks(lesson), ['saving-work-and-benefits', 'no-such-lesson']);
  const other = { ...lesson, slug: 'saving-work-and-benefits', sections: [] };
  assertEquals(checkLessonLinks([lesson, other]), [
    'x-lesson.md: links to /learn/no-such-lesson, which is not a lesson',
  ]);
});

Deno.test('the capstone follows one person through each step and links the lesson of every step', () => {
  const { lessons } = loadAll();
  const capstone = lessons.find((l) => l.slug === 'saving-capstone-first-year');
  assert(capstone, 'the capstone exists');
  assertEquals([capstone.pillar, capstone.level], ['saving', 'advanced']);
  const links = new Set(lessonLinks(capstone));
  for (
    const step of [
      'saving-work-and-benefits', // the job offer
      'saving-your-paycheck', // withholding
      'saving-insurance-basics', // benefits
      'saving-emergency-fund-101', // a starter fund
      'investing-planning-for-retirement', // the match
      'credit-debt-payoff-avalanche-snowball', // a card payoff
      'saving-filing-your-taxes', // a tax return
    ]
  ) assert(links.has(step), `the capstone links ${step}`);
  // Application questions that take more than one step, single choice like every quiz.
  assert(capstone.questions.length >= 4);
  assert(capstone.questions.every((q) => q.skill !== 'recall' && q.options.length === 4));
});

Deno.test('a level may hold more than 5 lessons, never fewer', () => {
  const lesson = parseLessonFile(sample(goodFront), 'x-lesson.md');
  const level = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ ...lesson, slug: `x-${i}`, orderIndex: i + 1, weight: 100 / n }));
  assertEquals(checkCurriculum(level(6)).filter((p) => /beginner: \d+ lessons, expected/.test(p)), []);
  assertEquals(checkCurriculum(level(5)).filter((p) => /beginner: \d+ lessons, expected/.test(p)), []);
  assertMatch(checkCurriculum(level(4)).join('\n'), /saving beginner: 4 lessons, expected at least 5/);
});

Deno.test('no key may be the only option without an absolute word while every other option has one', () => {
  const hedgedKey = goodFront.replace(
    'options: [a1, b1, c1, d1]',
    'options: ["You always lose", "It may cost more", "It is never allowed", "Only banks can"]',
  );
  assertMatch(problemsOf(hedgedKey), /question 2's correct option is the only one without an absolute word/);
  // One more hedged option, or an absolute key, and the key no longer stands out.
  assertEquals(/absolute word/.test(problemsOf(hedgedKey.replace('"Only banks can"', '"Banks usually can"'))), false);
  assertEquals(/absolute word/.test(problemsOf(hedgedKey.replace('"It may cost more"', '"It must cost more"'))), false);
  // Whole words only: "knowledge" holds "now", "smallest" holds "all", neither is absolute.
  const q = (options: string[]) => ({
    question: 'Which one?',
    options,
    correctAnswer: 0,
    explanation: 'x. y.',
    skill: 'apply' as const,
  });
  assertEquals(onlyHedgedKeys([q(['The smallest fee', 'All of it, always', 'None at all', 'Guaranteed to win'])]), [1]);
  assertEquals(onlyHedgedKeys([q(['The smallest fee', 'A tall order', 'None at all', 'Guaranteed to win'])]), []);
});

Deno.test('in one lesson, at most one correct option is strictly the longest (issue 55: cues per lesson, not only per pillar)', () => {
  const twoLongest = goodFront
    .replace('options: [a1, b1, c1, d1]', 'options: [a1, "the key, far longer than the rest", c1, d1]')
    .replace('options: [a2, b2, c2, d2]', 'options: [a2, b2, "another long key, longer than all", d2]');
  assertMatch(
    problemsOf(twoLongest),
    /the correct option is strictly the longest in questions 2, 3: at most 1 per lesson/,
  );
  // One such key in a lesson passes, and so does a key that ties with a wrong option.
  const one = twoLongest.replace('"another long key, longer than all"', 'c2');
  assertEquals(/strictly the longest/.test(problemsOf(one)), false);
  const tie = twoLongest.replace('options: [a2, b2,', 'options: [a2, "a wrong option of the same length",');
  assertEquals(longestKeys(parseLessonFile(sample(tie), 'x-lesson.md').questions), [2]);
});

Deno.test('a key that is the only option with a hedge word (may, could, usually...) is a cue, like one that alone lacks an absolute word', () => {
  const onlyHedged = goodFront.replace(
    'options: [a1, b1, c1, d1]',
    'options: ["The bank keeps it", "It may be taxed as income", "The state takes half", "Nothing happens to it"]',
  );
  assertMatch(problemsOf(onlyHedged), /question 2's correct option is the only one with a hedge word/);
  // A hedged wrong option, or a plain key, removes the cue.
  assertEquals(
    /hedge word/.test(problemsOf(onlyHedged.replace('"The state takes half"', '"The state usually takes half"'))),
    false,
  );
  assertEquals(
    /hedge word/.test(problemsOf(onlyHedged.replace('"It may be taxed as income"', '"It is taxed as income"'))),
    false,
  );
  // "cannot" and "can't" are absolute, not hedges; "can" is a hedge. Whole words only ("mayor").
  const q = (options: string[]) => ({
    question: 'Which one?',
    options,
    correctAnswer: 0,
    explanation: 'x. y.',
    skill: 'apply' as const,
  });
  assertEquals(onlyHedgeWordKeys([q(['You can ask for it', 'You cannot', "You can't", 'The mayor decides'])]), [1]);
  assertEquals(onlyHedgeWordKeys([q(['You can ask for it', 'It could go', 'No', 'The mayor decides'])]), []);
  // The three cues of a planted quiz, one question each.
  const planted = [
    q(['Probably $300', 'About $100 then', '$200', '$400']),
    q(['A key that is plainly the longest option', 'Short', 'Shorter', 'Tiny']),
    q(['It depends on the plan', 'It is never allowed', 'You must pay all of it', 'Only banks can']),
  ];
  assertEquals(quizCues(planted), { longest: [2], hedgeWord: [1], notAbsolute: [3] });
});

Deno.test('the order of operations comes only from its one source, {{order-of-operations}}', () => {
  const lesson = (body: string) => `---\nslug: x\n---\n## One\n\n${body}\n\n## Try this now\n\nDo it.\n`;
  const ownWords = lesson(
    'Many people first build an emergency fund, then pay off high-interest debt, then invest more.',
  );
  assertMatch(
    checkOrderOfOperations(ownWords, 'x.md').join(),
    /x.md: states an order of emergency fund, high-interest debt, investing in its own words/,
  );
  assertMatch(
    checkOrderOfOperations(lesson('First, get the full employer match. Next, build an emergency fund.'), 'x.md').join(),
    /emergency fund, employer match/,
  );
  assertEquals(checkOrderOfOperations(lesson('{{order-of-operations}}'), 'x.md'), []);
  assertEquals(checkOrderOfOperations(lesson('{{order-of-operations}} Step 5 is where an IRA comes in.'), 'x.md'), []);
  // Naming one step, or two steps with no order, is not stating an order.
  assertEquals(checkOrderOfOperations(lesson('Keep your emergency fund in savings.'), 'x.md'), []);
  assertEquals(checkOrderOfOperations(lesson('An emergency fund and the employer match both matter.'), 'x.md'), []);
});

Deno.test("the order check catches curriculum v3's three paraphrases (issue 55, D3), and lets a story name its steps by number", () => {
  const lesson = (body: string) => `---\nslug: x\n---\n## One\n\n${body}\n\n## Try this now\n\nDo it.\n`;
  // investing-compound-growth: debt before any investing, against match-first.
  assertMatch(
    checkOrderOfOperations(
      lesson(
        'Credit card interest compounds too. That is why many people pay off high-interest debt before they invest.',
      ),
      'x.md',
    ).join(),
    /states an order of high-interest debt, investing/,
  );
  // saving-annual-money-review: a full fund and no debt before investing, as a lead-in and its list.
  assertMatch(
    checkOrderOfOperations(
      lesson(
        'Before moving savings into investing, many people check these boxes first:\n\n- Your emergency fund is full.\n- You have no high-interest debt, like credit card balances.\n- You know the goal is long term.',
      ),
      'x.md',
    ).join(),
    /states an order of emergency fund, high-interest debt, investing/,
  );
  // saving-full-emergency-fund: steps 3 and 4 done side by side.
  assertMatch(
    checkOrderOfOperations(
      lesson(
        'If you have high-interest debt, many people split extra money between the fund and the debt once the starter fund is in place.',
      ),
      'x.md',
    ).join(),
    /states an order of emergency fund, high-interest debt/,
  );
  // A story that names the steps by their number in the one order follows it; numbers that go
  // backwards do not.
  assertEquals(
    checkOrderOfOperations(
      lesson('Two months later her emergency fund is full and her card debt is gone, so she is at step 5.'),
      'x.md',
    ),
    [],
  );
  assertMatch(
    checkOrderOfOperations(lesson('She pays off card debt (step 3) before she gets the full match (step 2).'), 'x.md')
      .join(),
    /states an order of employer match, high-interest debt/,
  );
  // "once a year" is not an order, and neither is a list whose lead-in names no order.
  assertEquals(
    checkOrderOfOperations(lesson('She gets the full match and rebalances her investing once a year.'), 'x.md'),
    [],
  );
});

Deno.test('the order of operations is one snippet in facts.yaml, filled word for word into every lesson that states an order', () => {
  const facts = readFacts();
  const snippet = facts['order-of-operations'];
  assert(snippet && 'text' in snippet, 'facts.yaml holds the order-of-operations snippet');
  const users = readLessonFiles(undefined, facts).filter((f) => f.raw.includes('{{order-of-operations}}'));
  assert(users.length >= 5, `${users.length} lessons use it`);
  for (const { file, lesson } of users) {
    assert(lesson!.sections.some((s) => s.content.includes(snippet.text)), `${file} shows the snippet word for word`);
  }
});

Deno.test('every figure comes from a primary source, and a lesson that uses a figure cites that source', () => {
  const factsText = (url: string) =>
    `checkedAt: 2026-11-25\nfacts:\n  a-limit:\n    value: 1000\n    unit: usd\n    year: 2026\n    label: A limit\n    keywords: [limit]\n    source: { title: The limit, publisher: Someone, url: "${url}" }\n`;
  assertMatch(
    assertThrows(() => parseFactsFile(factsText('https://www.nysaves.org/nyd/2026-federal-tax-updates')), ContentError)
      .message,
    /a-limit.source.url: a fact needs a primary source/,
  );
  assertEquals(Object.keys(parseFactsFile(factsText('https://www.irs.gov/publications/p970')).facts), ['a-limit']);
  assertEquals(
    ['https://www.sipc.org/x', 'https://studentaid.gov/y', 'https://www.treasurydirect.gov/'].map(isPrimarySource),
    [true, true, true],
  );
  assertEquals(['https://www.investopedia.com/', 'https://irs.gov.example.com/', 'not a url'].map(isPrimarySource), [
    false,
    false,
    false,
  ]);
  const raw = 'You can put {{ira-limit}} into an IRA.';
  assertMatch(
    checkFactSources(
      raw,
      { sources: [{ title: 'CFPB', publisher: 'CFPB', url: 'https://www.consumerfinance.gov/' }] },
      facts,
      'x.md',
    ).join(),
    /x.md: uses \{\{ira-limit\}\} but does not cite its source/,
  );
  assertEquals(
    checkFactSources(
      raw,
      { sources: [{ title: 'IRS', publisher: 'IRS', url: 'https://www.irs.gov/' }] },
      facts,
      'x.md',
    ),
    [],
  );
});

const facts: FactsFile['facts'] = {
  'ira-limit': {
    value: 7500,
    unit: 'usd',
    year: '2026',
    label: 'IRA limit',
    keywords: ['IRA'],
    source: { title: 'IRS news', publisher: 'IRS', url: 'https://www.irs.gov/' },
  },
};

Deno.test('yearly figures come from the facts table: {{id}} and {{id.year}} are filled, an unknown id fails', () => {
  assertEquals(fillFacts('The {{ira-limit.year}} IRA limit is {{ira-limit}}.', facts), 'The 2026 IRA limit is $7,500.');
  assertMatch(
    assertThrows(() => fillFacts('{{no-such-fact}}', facts, 'x.md'), ContentError).message,
    /unknown fact \{\{no-such-fact\}\}/,
  );
  const lesson = parseLessonFile(
    sample(goodFront.replace('Question number 0?', 'How much can go in an IRA in {{ira-limit.year}}?')),
    'x-lesson.md',
    facts,
  );
  assertEquals(lesson.questions[0].question, 'How much can go in an IRA in 2026?');
});

Deno.test('a yearly figure typed into a lesson beside its keyword is flagged; the same number elsewhere is not', () => {
  assertMatch(
    checkFactLiterals('You can put $7,500 into an IRA.', facts, 'x.md').join(),
    /types \$7,500 beside "IRA"; write \{\{ira-limit\}\}/,
  );
  assertEquals(checkFactLiterals('You can put {{ira-limit}} into an IRA.', facts, 'x.md'), []);
  assertEquals(checkFactLiterals('Her account showed $7,500 after a bad month.', facts, 'x.md'), []);
});

Deno.test('a source link must be an http(s) address (it becomes a link on the lesson page)', () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/file']) {
    assertMatch(
      assertThrows(
        () => parseLessonFile(sample(goodFront.replace('https://www.consumerfinance.gov/', url))),
        ContentError,
      ).message,
      /http\(s\) address/,
    );
  }
  assertEquals(
    parseLessonFile(sample(goodFront.replace('https://', 'http://'))).sources[0].url,
    'http://www.consumerfinance.gov/',
  );
});

Deno.test('sections split on ## headers with an optional ### subheader', () => {
  const sections = splitSections('## Intro\n### Why it matters\n\nSome **bold** text.\n\n## Next\n\n- a\n- b\n');
  assertEquals(sections, [
    { header: 'Intro', subheader: 'Why it matters', content: 'Some **bold** text.' },
    { header: 'Next', content: '- a\n- b' },
  ]);
  assertEquals(countWords('## Intro\n- one **two** — 3'), 4);
});
