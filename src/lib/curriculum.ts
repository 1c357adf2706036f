// The curriculum file format (db/content/README.md): YAML frontmatter for the fields, `## `
// sections in the body. Pure: parsing only, no file access (content-rules.ts checks).
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LEVELS, PILLARS } from './domain.ts';

export const WORDS_PER_MINUTE = 200;
/** A level holds at least this many lessons (it may hold more). */
export const MIN_LESSONS_PER_LEVEL = 5;
export const SKILLS = ['recall', 'apply', 'calculate'] as const;
export type Skill = (typeof SKILLS)[number];
/** Quiz-quality limits per pillar (the curriculum issue's rules). */
export const MAX_LONGEST_CORRECT_SHARE = 0.35;
/**
 * Per lesson (issue 55): at most this many questions whose correct option is strictly the longest,
 * so a learner cannot pass a lesson's quiz by picking the longest option.
 */
export const MAX_LONGEST_KEYS_PER_LESSON = 1;
/**
 * The correct option is "among the two longest" when it is longer than at least two of the other
 * three options (ties give no cue, so they do not count); a test-wise guess between the two
 * longest options would find it. Chance is one half; a pillar may not go over it.
 */
export const MAX_TWO_LONGEST_SHARE = 0.5;
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
