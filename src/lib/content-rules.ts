// The content rules (db/content/README.md): what `npm run content:check`, the curriculum test and
// the editor check in a lesson and in the whole curriculum. Pure: no file access.
import { LEVELS, PILLARS } from './domain.ts';
import { checkEquation, findEquations } from './curriculum-math.ts';
import {
  type FactsFile,
  factsUsed,
  isPrimarySource,
  isSnippet,
  type LessonFile,
  MAX_LONGEST_CORRECT_SHARE,
  MAX_POSITION_SHARE,
  MAX_TWO_LONGEST_SHARE,
  MIN_LESSONS_PER_LEVEL,
  type ParsedLesson,
  REVIEW_MAX_AGE_DAYS,
  WORDS_PER_MINUTE,
} from './curriculum.ts';

/** Every piece of text a learner reads in the lesson, with where it is. */
function textsOf(lesson: ParsedLesson): Array<{ where: string; text: string }> {
  return [
    ...lesson.sections.map((sec) => ({ where: `section "${sec.header ?? ''}"`, text: sec.content })),
    ...lesson.questions.flatMap((q, i) => [
      { where: `question ${i + 1}`, text: q.question },
      { where: `question ${i + 1} explanation`, text: q.explanation },
      ...q.options.map((o, k) => ({ where: `question ${i + 1} option ${k + 1}`, text: o })),
    ]),
  ];
}

const sentences = (text: string) => text.split(/(?<=[.!?])\s+(?=[A-Z$0-9"'(])/).filter((s) => /[\p{L}\p{N}]/u.test(s));

/** Problems with one lesson on its own (empty when it is fine). `today` dates the review check. */
export function checkLesson(lesson: ParsedLesson, fileName: string, today = new Date()): string[] {
  const problems: string[] = [];
  if (`${lesson.slug}.md` !== fileName) problems.push(`${fileName}: slug ${lesson.slug} does not match the file name`);
  const headed = lesson.sections.filter((s) => s.header);
  if (headed.length !== lesson.sections.length) problems.push(`${fileName}: text before the first "## " header`);
  if (headed.length < 3 || headed.length > 6) problems.push(`${fileName}: ${headed.length} sections (3 to 6 required)`);
  if (!headed.some((s) => /^try this now/i.test(s.header!))) problems.push(`${fileName}: no "Try this now" section`);
  const minutes = lesson.wordCount / WORDS_PER_MINUTE;
  if (Math.abs(lesson.duration - minutes) > 0.3 * minutes) {
    problems.push(
      `${fileName}: duration ${lesson.duration} min but ${lesson.wordCount} words is ${minutes.toFixed(1)} min`,
    );
  }
  if (!/\$\d/.test(lesson.sections.map((s) => s.content).join('\n'))) {
    problems.push(`${fileName}: no worked example with dollar figures`);
  }
  const reviewed = new Date(`${lesson.reviewedAt}T00:00:00Z`);
  const age = (today.getTime() - reviewed.getTime()) / 86_400_000;
  if (Number.isNaN(age) || age > REVIEW_MAX_AGE_DAYS || age < -1) {
    problems.push(`${fileName}: reviewedAt ${lesson.reviewedAt} is not a date within the last 12 months`);
  }
  for (const n of onlyHedgedKeys(lesson.questions)) {
    problems.push(
      `${fileName}: question ${n}'s correct option is the only one without an absolute word (always, never, all, none, only, must, guaranteed): a test-wise guess finds it; make another option hedged or the key absolute`,
    );
  }
  if (lesson.questions.filter((q) => q.skill === 'recall').length > 1) {
    problems.push(`${fileName}: more than one recall question (put the learner in a situation instead)`);
  }
  lesson.questions.forEach((q, i) => {
    const n = i + 1;
    if (new Set(q.options.map((o) => o.toLowerCase())).size !== 4) {
      problems.push(`${fileName}: question ${n} repeats an option`);
    }
    if (q.options.some((o) => /\b(all|none|both|neither) of (the )?(above|these)\b/i.test(o))) {
      problems.push(`${fileName}: question ${n} has an "all/none of the above" option`);
    }
    if (sentences(q.explanation).length < 2) {
      problems.push(
        `${fileName}: question ${n}'s explanation should say why the answer is right and why the tempting wrong one is wrong`,
      );
    }
    if (q.skill === 'calculate' && findEquations(q.explanation).length === 0) {
      problems.push(
        `${fileName}: question ${n} is a calculation, so its explanation writes the calculation out ("$1,100 ÷ $2,200 = 0.5")`,
      );
    }
  });
  for (const { where, text } of textsOf(lesson)) {
    for (const equation of findEquations(text)) {
      const problem = checkEquation(equation);
      if (problem) problems.push(`${fileName}: ${where}: ${problem}`);
      if (lesson.level === 'beginner') {
        const left = equation.text.split(/[=≈]/)[0];
        const heavy = (left.match(/[×÷*/]|\bx\b/g) ?? []).length > 1 || left.includes('^');
        if (heavy) {
          problems.push(
            `${fileName}: ${where}: "${equation.text}" is more than one multiplication or division for a beginner lesson (use a calculator)`,
          );
        }
      }
    }
  }
  return problems;
}

/** Words that make an option absolute; an option without one is "hedged". */
export const ABSOLUTE_WORDS = ['always', 'never', 'all', 'none', 'only', 'must', 'guaranteed'];
const ABSOLUTE = new RegExp(`\\b(${ABSOLUTE_WORDS.join('|')})\\b`, 'i');

export const isAbsolute = (option: string) => ABSOLUTE.test(option);

/**
 * The questions (1-based) whose correct option is the only one without an absolute word while
 * every other option has one: "never", "always" and "only" give the key away.
 */
export function onlyHedgedKeys(questions: LessonFile['questions']): number[] {
  return questions.flatMap((
    q,
    i,
  ) => (!isAbsolute(q.options[q.correctAnswer]) && q.options.every((o, k) => k === q.correctAnswer || isAbsolute(o))
    ? [i + 1]
    : [])
  );
}

/**
 * The order of operations (starter emergency fund, match, high-interest debt, full emergency
 * fund, more investing) is stated once, as {{order-of-operations}} in facts.yaml. A paragraph of
 * a lesson that puts two or more of those steps in an order in its own words is flagged.
 */
const ORDER_STEPS: Array<[string, RegExp]> = [
  ['emergency fund', /\b(emergency fund|starter fund|emergency savings|cushion of savings)\b/i],
  ['employer match', /\b(employer(?:'s)? match|full match|the match)\b/i],
  [
    'high-interest debt',
    /\b(high-interest debt|pay (?:down|off) (?:your )?(?:high-interest )?debts?|toward debt|card debt first)\b/i,
  ],
  ['investing', /\b(invest(?:ing)? (?:more|for the long term)|long-term goals|save more in an IRA)\b/i],
];
const ORDER_WORDS = /\b(first|then|next|before|comes first|after that|order)\b/i;

export function checkOrderOfOperations(rawText: string, fileName: string): string[] {
  const problems: string[] = [];
  const body = rawText.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  for (const paragraph of body.split(/\n\s*\n/)) {
    const text = paragraph.replace(/\{\{\s*order-of-operations\s*\}\}/g, '');
    const steps = ORDER_STEPS.filter(([, re]) => re.test(text)).map(([name]) => name);
    if (steps.length >= 2 && ORDER_WORDS.test(text)) {
      problems.push(
        `${fileName}: states an order of ${steps.join(', ')} in its own words ("${
          text.trim().slice(0, 70)
        }…"); write {{order-of-operations}} instead, the one wording in facts.yaml`,
      );
    }
  }
  return problems;
}

/**
 * Every figure a lesson takes from facts.yaml comes from a primary source, and the lesson cites
 * it: the fact's source address is among the lesson's sources.
 */
export function checkFactSources(
  rawText: string,
  lesson: Pick<LessonFile, 'sources'>,
  facts: FactsFile['facts'],
  fileName: string,
): string[] {
  const cited = new Set(lesson.sources.map((s) => s.url.replace(/\/$/, '')));
  const problems: string[] = [];
  for (const id of factsUsed(rawText)) {
    const fact = facts[id];
    if (!fact || isSnippet(fact)) continue;
    if (!isPrimarySource(fact.source.url)) {
      problems.push(`${fileName}: {{${id}}} comes from ${fact.source.url}, not a primary source`);
    }
    if (!cited.has(fact.source.url.replace(/\/$/, ''))) {
      problems.push(
        `${fileName}: uses {{${id}}} but does not cite its source; add "${fact.source.title}" (${fact.source.url}) to sources`,
      );
    }
  }
  return problems;
}

/** Problems across the whole curriculum (empty when it is fine). */
export function checkCurriculum(lessons: ParsedLesson[], minPerLevel = MIN_LESSONS_PER_LEVEL): string[] {
  const problems: string[] = [];
  const slugs = new Set<string>();
  for (const lesson of lessons) {
    if (slugs.has(lesson.slug)) problems.push(`duplicate slug ${lesson.slug}`);
    slugs.add(lesson.slug);
  }
  for (const pillar of PILLARS) {
    const inPillar = lessons.filter((l) => l.pillar === pillar);
    if (inPillar.length === 0) continue;
    const total = inPillar.reduce((sum, l) => sum + l.weight, 0);
    if (Math.abs(total - 100) > 0.01) problems.push(`${pillar}: weights sum to ${total}, not 100`);
    for (const level of LEVELS) {
      const order = inPillar.filter((l) => l.level === level).map((l) => l.orderIndex).sort((a, b) => a - b);
      if (order.some((n, i) => n !== i + 1)) {
        problems.push(`${pillar} ${level}: orderIndex is ${order.join(',')}, expected 1..${order.length}`);
      }
      if (order.length < minPerLevel) {
        problems.push(`${pillar} ${level}: ${order.length} lessons, expected at least ${minPerLevel}`);
      }
    }
    problems.push(...checkQuizBalance(pillar, inPillar.flatMap((l) => l.questions)));
  }
  return problems;
}

/** The correct option is longer than at least two of the other options (ties do not count). */
export const isAmongTwoLongest = (q: LessonFile['questions'][number]): boolean =>
  q.options.filter((o, i) => i !== q.correctAnswer && o.length < q.options[q.correctAnswer].length).length >= 2;

/** The correct option must not be findable by its length or its place. */
export function checkQuizBalance(pillar: string, questions: LessonFile['questions']): string[] {
  const problems: string[] = [];
  const positions = [0, 0, 0, 0];
  let longest = 0;
  let twoLongest = 0;
  for (const q of questions) {
    positions[q.correctAnswer]++;
    const lengths = q.options.map((o) => o.length);
    if (lengths.every((len, i) => i === q.correctAnswer || len < lengths[q.correctAnswer])) longest++;
    if (isAmongTwoLongest(q)) twoLongest++;
  }
  const count = questions.length;
  if (count === 0) return problems;
  if (longest > MAX_LONGEST_CORRECT_SHARE * count) {
    problems.push(
      `${pillar}: the correct option is the strictly longest in ${longest} of ${count} questions (at most ${
        Math.floor(MAX_LONGEST_CORRECT_SHARE * count)
      })`,
    );
  }
  if (twoLongest > MAX_TWO_LONGEST_SHARE * count) {
    problems.push(
      `${pillar}: the correct option is among the two longest (longer than two of the others) in ${twoLongest} of ${count} questions (at most ${
        Math.floor(MAX_TWO_LONGEST_SHARE * count)
      }); shorten it or lengthen a wrong option`,
    );
  }
  if (Math.max(...positions) > MAX_POSITION_SHARE * count) {
    problems.push(
      `${pillar}: correct answers by position ${positions.join('/')}: more than ${
        MAX_POSITION_SHARE * 100
      }% in one position`,
    );
  }
  return problems;
}
