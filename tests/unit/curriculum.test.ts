import { assert, assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import {
  checkCurriculum,
  checkFactLiterals,
  checkFactSources,
  checkOrderOfOperations,
  checkLesson,
  checkQuizBalance,
  ContentError,
  countWords,
  fillFacts,
  parseLessonFile,
  splitSections,
  type FactsFile,
  type ParsedLesson,
} from '../../src/lib/curriculum.ts';
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
    problems.push(...checkLesson(lesson, file), ...checkFactLiterals(raw, facts, file), ...checkOrderOfOperations(raw, file), ...checkFactSources(raw, lesson, facts, file));
  }
  return { lessons, problems: [...problems, ...checkCurriculum(lessons)] };
}

Deno.test('every lesson file parses and passes the content rules (counts, quiz balance, skills, sources, review dates, arithmetic)', () => {
  assertEquals(loadAll().problems, []);
});

Deno.test('each pillar has 15 lessons: 5 beginner, 5 intermediate, 5 advanced', () => {
  const { lessons } = loadAll();
  for (const pillar of PILLARS) {
    const counts = LEVELS.map((level) => lessons.filter((l) => l.pillar === pillar && l.level === level).length);
    assertEquals(counts, [5, 5, 5], pillar);
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
${[0, 1, 2]
  .map(
    (i) =>
      `  - question: "Question number ${i}?"\n    options: [a${i}, b${i}, c${i}, d${i}]\n    correctAnswer: ${i}\n    skill: ${i === 0 ? 'recall' : 'apply'}\n    explanation: "Because answer ${i} is the right one. The other one is a trap."`,
  )
  .join('\n')}`;
const today = new Date('2026-11-25T12:00:00Z');
const problemsOf = (front: string, body?: string) => checkLesson(parseLessonFile(sample(front, body), 'x-lesson.md'), 'x-lesson.md', today).join('\n');

Deno.test('the checks catch a missing field, a bad quiz and a wrong duration', () => {
  assertThrows(() => parseLessonFile(sample(goodFront.replace('title: A lesson\n', ''))), ContentError);
  assertThrows(() => parseLessonFile(sample(goodFront.replace('correctAnswer: 1', 'correctAnswer: 4'))), ContentError);
  assertThrows(() => parseLessonFile(sample(goodFront.replace('options: [a0, b0, c0, d0]', 'options: [a0, b0, c0]'))), ContentError);
  assertMatch(assertThrows(() => parseLessonFile(sample(goodFront.replace('skill: apply', 'skill: guess'))), ContentError).message, /skill must be/);
  assertMatch(assertThrows(() => parseLessonFile(sample(goodFront.replace('    skill: recall\n', ''))), ContentError).message, /skill/);
  assertMatch(problemsOf(goodFront), /duration 5 min but/);
});

Deno.test('a lesson may ask at most one recall question, and never "all/none of the above"', () => {
  assertEquals(/recall/.test(problemsOf(goodFront)), false);
  assertMatch(problemsOf(goodFront.replace('skill: apply', 'skill: recall')), /more than one recall question/);
  assertMatch(problemsOf(goodFront.replace('d1]', '"None of the above"]')), /question 2 has an "all\/none of the above" option/);
  assertMatch(problemsOf(goodFront.replace('b2, c2', 'b2, "All of these"')), /question 3 has an "all\/none/);
});

Deno.test('an explanation says why the answer is right and why the tempting one is wrong (two sentences at least)', () => {
  assertMatch(problemsOf(goodFront.replace('"Because answer 0 is the right one. The other one is a trap."', '"Because this is the right one, really."')), /explanation should say why/);
});

Deno.test('a calculation question writes its calculation out, and every written calculation is right', () => {
  const calc = goodFront.replace('skill: apply', 'skill: calculate');
  assertMatch(problemsOf(calc), /question 2 is a calculation/);
  const withMath = calc.replace('"Because answer 1 is the right one. The other one is a trap."', '"$1,100 ÷ $2,200 = 0.5, so half a month. Dividing the other way gives 2."');
  assertEquals(/question 2/.test(problemsOf(withMath)), false);
  assertMatch(problemsOf(withMath.replace('= 0.5', '= 0.6')), /question 2 explanation: \$1,100 ÷ \$2,200 = 0.6: the left side is 0.5/);
  assertMatch(problemsOf(goodFront, '## One\n\nRent $950 + $150 = **$1,200 a month**.\n\n## Two\n\nMore.\n\n## Try this now\n\nDo it.\n'), /\$950 \+ \$150 = \$1,200: the left side is 1100/);
});

Deno.test('a beginner lesson needs no formula heavier than one multiplication or division', () => {
  const body = '## One\n\nInterest: $1,000 × 0.24 ÷ 12 = $20.\n\n## Two\n\nMore.\n\n## Try this now\n\nDo it.\n';
  assertMatch(problemsOf(goodFront, body), /more than one multiplication or division for a beginner lesson/);
  assertEquals(/beginner lesson/.test(problemsOf(goodFront.replace('level: beginner', 'level: advanced'), body)), false);
  assertEquals(/beginner lesson/.test(problemsOf(goodFront, body.replace('$1,000 × 0.24 ÷ 12 = $20', '$240 ÷ 12 = $20'))), false);
});

Deno.test('a lesson whose review is more than 12 months old fails', () => {
  assertEquals(/reviewedAt/.test(problemsOf(goodFront)), false);
  assertMatch(problemsOf(goodFront.replace('reviewedAt: 2026-11-22', 'reviewedAt: 2025-10-01')), /reviewedAt 2025-10-01 is not a date within the last 12 months/);
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

Deno.test('per pillar, the correct option is the strictly longest in at most 35% of questions and no position holds over 40%', () => {
  const q = (options: string[], correctAnswer: number) => ({ question: 'A question here?', options, correctAnswer, explanation: 'x', skill: 'apply' as const });
  const balanced = [0, 1, 2, 3, 0, 1, 2, 3, 0, 1].map((pos, i) => q(['aa', 'bb', 'cc', 'dd'].map((o, k) => (k === pos && i < 3 ? 'longest one' : o)), pos));
  assertEquals(checkQuizBalance('saving', balanced), []);
  const longest = balanced.map((x) => ({ ...x, options: x.options.map((o, k) => (k === x.correctAnswer ? 'the longest option' : o)) }));
  assertMatch(checkQuizBalance('saving', longest).join('\n'), /strictly longest in 10 of 10 questions \(at most 3\)/);
  const sameSpot = balanced.map((x, i) => ({ ...x, correctAnswer: i < 5 ? 2 : x.correctAnswer }));
  assertMatch(checkQuizBalance('saving', sameSpot).join('\n'), /more than 40% in one position/);
});

Deno.test('the checks catch duplicate slugs, bad order, counts and weights', () => {
  const lesson = parseLessonFile(sample(goodFront), 'x-lesson.md');
  const twice = checkCurriculum([lesson, { ...lesson, orderIndex: 3 }]).join('\n');
  assertMatch(twice, /duplicate slug x-lesson/);
  assertMatch(twice, /orderIndex is 1,3/);
  assertMatch(twice, /weights sum to 20/);
  assertMatch(twice, /saving beginner: 2 lessons, expected 5/);
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
  assertMatch(assertThrows(() => fillFacts('{{no-such-fact}}', facts, 'x.md'), ContentError).message, /unknown fact \{\{no-such-fact\}\}/);
  const lesson = parseLessonFile(sample(goodFront.replace('Question number 0?', 'How much can go in an IRA in {{ira-limit.year}}?')), 'x-lesson.md', facts);
  assertEquals(lesson.questions[0].question, 'How much can go in an IRA in 2026?');
});

Deno.test('a yearly figure typed into a lesson beside its keyword is flagged; the same number elsewhere is not', () => {
  assertMatch(checkFactLiterals('You can put $7,500 into an IRA.', facts, 'x.md').join(), /types \$7,500 beside "IRA"; write \{\{ira-limit\}\}/);
  assertEquals(checkFactLiterals('You can put {{ira-limit}} into an IRA.', facts, 'x.md'), []);
  assertEquals(checkFactLiterals('Her account showed $7,500 after a bad month.', facts, 'x.md'), []);
});

Deno.test('a source link must be an http(s) address (it becomes a link on the lesson page)', () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/file']) {
    assertMatch(assertThrows(() => parseLessonFile(sample(goodFront.replace('https://www.consumerfinance.gov/', url))), ContentError).message, /http\(s\) address/);
  }
  assertEquals(parseLessonFile(sample(goodFront.replace('https://', 'http://'))).sources[0].url, 'http://www.consumerfinance.gov/');
});

Deno.test('sections split on ## headers with an optional ### subheader', () => {
  const sections = splitSections('## Intro\n### Why it matters\n\nSome **bold** text.\n\n## Next\n\n- a\n- b\n');
  assertEquals(sections, [
    { header: 'Intro', subheader: 'Why it matters', content: 'Some **bold** text.' },
    { header: 'Next', content: '- a\n- b' },
  ]);
  assertEquals(countWords('## Intro\n- one **two** — 3'), 4);
});
