// The curriculum file format (db/content/README.md): YAML frontmatter for the fields, `## `
// sections in the body. Pure: parsing and checking only, no file access.
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LEVELS, PILLARS } from './domain.ts';
import { checkEquation, findEquations } from './curriculum-math.ts';

export const WORDS_PER_MINUTE = 200;
/** A level holds at least this many lessons (it may hold more). */
export const MIN_LESSONS_PER_LEVEL = 5;
export const SKILLS = ['recall', 'apply', 'calculate'] as const;
export type Skill = (typeof SKILLS)[number];
/** Quiz-quality limits per pillar (the curriculum issue's rules). */
export const MAX_LONGEST_CORRECT_SHARE = 0.35;
export const MAX_POSITION_SHARE = 0.4;
/** A lesson's review date must be this recent. */
export const REVIEW_MAX_AGE_DAYS = 366;

const questionSchema = z.object({
  question: z.string().trim().min(10),
  options: z.array(z.string().trim().min(1)).length(4, 'a quiz question has exactly 4 options'),
  correctAnswer: z.number().int().min(0).max(3),
  explanation: z.string().trim().min(20),
  skill: z.enum(SKILLS, { error: 'skill must be recall, apply or calculate' }),
});

export const lessonFileSchema = z.object({
  slug: z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'lowercase words joined by dashes'),
  title: z.string().trim().min(3).max(120),
  pillar: z.enum(PILLARS),
  level: z.enum(LEVELS),
  orderIndex: z.number().int().min(1),
  duration: z.number().int().min(5).max(12),
  weight: z.number().min(0).max(100),
  reviewedAt: z.union([z.string(), z.date()]).transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)),
  learningObjectives: z.array(z.string().trim().min(5)).min(2).max(4),
  sources: z
    .array(
      z.object({
        title: z.string().min(3),
        publisher: z.string().min(2),
        url: z.url({ protocol: /^https?$/, error: 'a source link must be an http(s) address' }),
      }),
    )
    .min(1),
  questions: z.array(questionSchema).min(3, 'a lesson quiz has 3 to 5 questions').max(
    5,
    'a lesson quiz has 3 to 5 questions',
  ),
});

export type LessonFile = z.infer<typeof lessonFileSchema>;

// Figures that change every year (contribution limits, insurance limits, loan rates) live in one
// dated table, db/content/facts.yaml; lessons write {{fact-id}} (the formatted value) or
// {{fact-id.year}}, so next year's update is one edit.
const factSchema = z.object({
  value: z.number(),
  unit: z.enum(['usd', 'percent', 'number']),
  /** The year (or school year, e.g. "2026-27") the figure applies to. */
  year: z.union([z.number().int(), z.string().regex(/^\d{4}(-\d{2})?$/)]).transform(String),
  label: z.string().trim().min(3),
  /** Words that, on the same line as the figure, show a lesson typed it instead of {{id}}. */
  keywords: z.array(z.string().min(2)).min(1),
  source: z.object({
    title: z.string().min(3),
    publisher: z.string().min(2),
    url: z
      .url({ protocol: /^https$/, error: 'a fact needs an https source' })
      .refine(
        isPrimarySource,
        'a fact needs a primary source: a .gov site or the issuer that sets the figure (see PRIMARY_SOURCE_HOSTS)',
      ),
  }),
});

/**
 * Sources that set a figure themselves, besides every .gov site: the issuers that are not
 * government agencies.
 */
export const PRIMARY_SOURCE_HOSTS = ['sipc.org', 'finra.org'];

export function isPrimarySource(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host.endsWith('.gov') || PRIMARY_SOURCE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`));
}

/**
 * Shared wording, stated once and used word for word by every lesson that needs it: a lesson
 * writes {{snippet-id}}. Today one: the order of operations.
 */
const snippetSchema = z.object({
  text: z.string().trim().min(10),
  label: z.string().trim().min(3),
});

export const factsFileSchema = z.object({
  checkedAt: z.union([z.string(), z.date()]).transform((v) => (v instanceof Date ? v.toISOString().slice(0, 10) : v)),
  facts: z.record(
    z.string().regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'fact ids are lowercase words joined by dashes'),
    z.union([factSchema, snippetSchema.strict()]),
  ),
});

export type FactsFile = z.infer<typeof factsFileSchema>;
export type Fact = FactsFile['facts'][string];
export type NumericFact = z.infer<typeof factSchema>;
export type Snippet = z.infer<typeof snippetSchema>;

export const isSnippet = (fact: Fact): fact is Snippet => 'text' in fact;

/** The id of the shared order-of-operations snippet in facts.yaml. */
export const ORDER_OF_OPERATIONS = 'order-of-operations';

export function parseFactsFile(text: string): FactsFile {
  let data: unknown;
  try {
    data = parseYaml(text);
  } catch (error) {
    throw new ContentError(`facts.yaml: not valid YAML (${(error as Error).message})`);
  }
  const result = factsFileSchema.safeParse(data);
  if (!result.success) {
    throw new ContentError(
      `facts.yaml: ${result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`,
    );
  }
  return result.data;
}

/** A fact as a reader sees it: $7,500, 6.39%, 67. */
export function formatFact(fact: Fact): string {
  if (isSnippet(fact)) return fact.text;
  const number = fact.value.toLocaleString('en-US', { maximumFractionDigits: 2 });
  return fact.unit === 'usd' ? `$${number}` : fact.unit === 'percent' ? `${number}%` : number;
}

const PLACEHOLDER = /\{\{\s*([a-z0-9-]+)(?:\.(year))?\s*\}\}/g;

/** Fills {{fact-id}} and {{fact-id.year}}; an unknown id is a ContentError. */
export function fillFacts(text: string, facts: FactsFile['facts'], fileName = 'lesson'): string {
  return text.replace(PLACEHOLDER, (_, id: string, year?: string) => {
    const fact = facts[id];
    if (!fact) throw new ContentError(`${fileName}: unknown fact {{${id}}} (add it to db/content/facts.yaml)`);
    if (!year) return formatFact(fact);
    if (isSnippet(fact)) {
      throw new ContentError(`${fileName}: {{${id}.year}}: ${id} is a shared snippet, it has no year`);
    }
    return fact.year;
  });
}

/** The fact ids a lesson file uses. */
export function factsUsed(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]))];
}

/**
 * A yearly figure typed into a lesson instead of its placeholder would go stale: flags a line of
 * the file that holds a fact's formatted value and one of its keywords.
 */
export function checkFactLiterals(rawText: string, facts: FactsFile['facts'], fileName: string): string[] {
  const problems: string[] = [];
  const lines = rawText.replace(PLACEHOLDER, '').split(/\n/);
  for (const [id, fact] of Object.entries(facts)) {
    if (isSnippet(fact)) continue;
    const literal = formatFact(fact);
    const keywords = fact.keywords.map((k) => k.toLowerCase());
    if (lines.some((line) => line.includes(literal) && keywords.some((k) => line.toLowerCase().includes(k)))) {
      problems.push(
        `${fileName}: types ${literal} beside "${
          fact.keywords.join('/')
        }"; write {{${id}}} (${fact.label}) so the figure is updated in one place`,
      );
    }
  }
  return problems;
}

export interface LessonSection {
  header?: string;
  subheader?: string;
  content: string;
}

export interface ParsedLesson extends LessonFile {
  sections: LessonSection[];
  wordCount: number;
}

export class ContentError extends Error {}

/** Words a reader reads: tokens with a letter or digit (markdown markers don't count). */
export function countWords(text: string): number {
  return text.split(/\s+/).filter((token) => /[\p{L}\p{N}]/u.test(token)).length;
}

export function splitSections(body: string): LessonSection[] {
  const sections: LessonSection[] = [];
  let current: { header?: string; subheader?: string; lines: string[] } | null = null;
  for (const line of body.split(/\r?\n/)) {
    const header = line.match(/^##\s+(.+?)\s*$/);
    const sub = line.match(/^###\s+(.+?)\s*$/);
    if (header) {
      if (current) sections.push(finish(current));
      current = { header: header[1], lines: [] };
    } else if (sub && current && current.subheader === undefined && current.lines.every((l) => l.trim() === '')) {
      current.subheader = sub[1];
    } else {
      current ??= { lines: [] };
      current.lines.push(line);
    }
  }
  if (current) sections.push(finish(current));
  return sections.filter((s) => s.header || s.content);
}

function finish(s: { header?: string; subheader?: string; lines: string[] }): LessonSection {
  const section: LessonSection = { content: s.lines.join('\n').trim() };
  if (s.header) section.header = s.header;
  if (s.subheader) section.subheader = s.subheader;
  return section;
}

/**
 * Parses one lesson file. With `facts`, {{fact}} placeholders are filled (an unknown one is an
 * error); without, they are left as written (tools that only read answer keys).
 */
export function parseLessonFile(raw: string, fileName = 'lesson', facts?: FactsFile['facts']): ParsedLesson {
  const text = facts ? fillFacts(raw, facts, fileName) : raw;
  const match = text.match(/^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/);
  if (!match) throw new ContentError(`${fileName}: missing YAML frontmatter`);
  let front: unknown;
  try {
    front = parseYaml(match[1]);
  } catch (error) {
    throw new ContentError(`${fileName}: frontmatter is not valid YAML (${(error as Error).message})`);
  }
  const result = lessonFileSchema.safeParse(front);
  if (!result.success) {
    const issues = result.error.issues.map((i) => `${i.path.join('.') || 'frontmatter'}: ${i.message}`);
    throw new ContentError(`${fileName}: ${issues.join('; ')}`);
  }
  const body = match[2];
  return { ...result.data, sections: splitSections(body), wordCount: countWords(body) };
}

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

/** The correct option must not be findable by its length or its place. */
export function checkQuizBalance(pillar: string, questions: LessonFile['questions']): string[] {
  const problems: string[] = [];
  const positions = [0, 0, 0, 0];
  let longest = 0;
  for (const q of questions) {
    positions[q.correctAnswer]++;
    const lengths = q.options.map((o) => o.length);
    if (lengths.every((len, i) => i === q.correctAnswer || len < lengths[q.correctAnswer])) longest++;
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
  if (Math.max(...positions) > MAX_POSITION_SHARE * count) {
    problems.push(
      `${pillar}: correct answers by position ${positions.join('/')}: more than ${
        MAX_POSITION_SHARE * 100
      }% in one position`,
    );
  }
  return problems;
}
