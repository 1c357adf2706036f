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
  MAX_LONGEST_KEYS_PER_LESSON,
  MIN_LESSONS_PER_LEVEL,
  type ParsedLesson,
  REVIEW_MAX_AGE_DAYS,
  WORDS_PER_MINUTE,
} from './curriculum.ts';
import { checkQuizBalance, longestKeys, onlyHedgedKeys, onlyHedgeWordKeys } from './quiz-cues.ts';

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
  for (const n of onlyHedgeWordKeys(lesson.questions)) {
    problems.push(
      `${fileName}: question ${n}'s correct option is the only one with a hedge word (may, could, usually, often...): a test-wise guess finds it; hedge a wrong option too or state the key plainly`,
    );
  }
  const longest = longestKeys(lesson.questions);
  if (longest.length > MAX_LONGEST_KEYS_PER_LESSON) {
    problems.push(
      `${fileName}: the correct option is strictly the longest in questions ${
        longest.join(', ')
      }: at most ${MAX_LONGEST_KEYS_PER_LESSON} per lesson, so a test-wise guess cannot pick the longest option; shorten a key or lengthen a wrong option`,
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

/**
 * The order of operations (starter emergency fund, match, high-interest debt, full emergency
 * fund, more investing) is stated once, as {{order-of-operations}} in facts.yaml. A paragraph of
 * a lesson that puts two or more of those steps in an order in its own words is flagged. A
 * paragraph that leads into a list with a colon is read together with the list ("Before you
 * invest, check: - your fund is full - no card debt"), and doing two steps side by side ("split
 * extra money between the fund and the debt") is an order too (issue 55, D3).
 */
const ORDER_STEPS: Array<[string, RegExp]> = [
  [
    'emergency fund',
    /\b(emergency (?:fund|savings|cushion)|starter fund|rainy[- ]day fund|cushion of savings|safety net|(?:the|your|her|his|their) fund is full)\b/i,
  ],
  ['employer match', /\b(employer(?:'s)? match|full match|the match|matching contributions?)\b/i],
  [
    'high-interest debt',
    /\b(high-interest debts?|(?:pay|paying|paid|pays) (?:down|off) (?:your |the |a |any )?(?:high-interest |card |credit card )?(?:debts?|balances?|cards?)|card debt|credit card (?:debt|balances?)|toward (?:the )?debt)\b/i,
  ],
  [
    'investing',
    /\b(invest|invests|investing|investment accounts?|long-term goals|save more in an IRA|into (?:stocks|the market))\b/i,
  ],
];
const ORDER_WORDS =
  /\b(first|then|next|before|after|comes first|after that|order|once(?! (?:a|an|per|every|in a)\b)|only when|ahead of|prioriti[sz]e|split|side by side|at the same time)\b/i;

/**
 * A paragraph that names the steps by their number in the one order ("step 2", "step 5 of the
 * order above"), in rising order, follows {{order-of-operations}} instead of restating it: a
 * story of one person working through the steps may say what they did at each.
 */
function followsTheOrder(text: string): boolean {
  const numbers = [...text.matchAll(/\bsteps? ([1-5])\b/gi)].map((m) => Number(m[1]));
  return numbers.length > 0 && numbers.every((n, i) => i === 0 || n >= numbers[i - 1]);
}

/** A lesson body's paragraphs, each lead-in paragraph that ends with a colon joined to the list after it. */
function paragraphsOf(body: string): string[] {
  const paragraphs = body.split(/\n\s*\n/);
  const joined: string[] = [];
  for (let i = 0; i < paragraphs.length; i++) {
    const text = paragraphs[i];
    const next = paragraphs[i + 1];
    if (/:\s*$/.test(text) && next !== undefined && /^\s*(?:[-*]|\d+\.)\s/.test(next)) {
      joined.push(`${text}\n${next}`);
      i++;
    } else joined.push(text);
  }
  return joined;
}

export function checkOrderOfOperations(rawText: string, fileName: string): string[] {
  const problems: string[] = [];
  const body = rawText.replace(/^---\r?\n[\s\S]*?\r?\n---\r?\n/, '');
  for (const paragraph of paragraphsOf(body)) {
    if (/^\s*#/.test(paragraph) && !paragraph.includes('\n')) continue;
    const text = paragraph.replace(/\{\{\s*order-of-operations\s*\}\}/g, '');
    const steps = ORDER_STEPS.filter(([, re]) => re.test(text)).map(([name]) => name);
    if (steps.length >= 2 && ORDER_WORDS.test(text) && !followsTheOrder(text)) {
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
  problems.push(...checkLessonLinks(lessons));
  return problems;
}

/** A lesson's markdown links to other lessons, `[title](/learn/{slug})`, by slug. */
export function lessonLinks(lesson: Pick<ParsedLesson, 'sections'>): string[] {
  return lesson.sections.flatMap((s) => [...s.content.matchAll(/\]\(\/learn\/([a-z0-9-]+)\/?\)/g)].map((m) => m[1]));
}

/** Every link from one lesson to another (the capstone links each step's lesson) names a lesson. */
export function checkLessonLinks(lessons: ParsedLesson[]): string[] {
  const slugs = new Set(lessons.map((l) => l.slug));
  return lessons.flatMap((lesson) =>
    lessonLinks(lesson).filter((slug) => !slugs.has(slug)).map((slug) =>
      `${lesson.slug}.md: links to /learn/${slug}, which is not a lesson`
    )
  );
}
