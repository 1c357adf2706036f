// The curriculum file format (db/content/README.md): YAML frontmatter for the fields, `## `
// sections in the body. Pure: parsing and checking only, no file access.
import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import { LEVELS, PILLARS } from './domain.ts';

export const WORDS_PER_MINUTE = 200;

const questionSchema = z.object({
  question: z.string().trim().min(10),
  options: z.array(z.string().trim().min(1)).length(4, 'a quiz question has exactly 4 options'),
  correctAnswer: z.number().int().min(0).max(3),
  explanation: z.string().trim().min(20),
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
    .array(z.object({ title: z.string().min(3), publisher: z.string().min(2), url: z.url({ protocol: /^https?$/, error: 'a source link must be an http(s) address' }) }))
    .min(1),
  questions: z.array(questionSchema).length(3, 'a lesson quiz has exactly 3 questions'),
});

export type LessonFile = z.infer<typeof lessonFileSchema>;

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

export function parseLessonFile(text: string, fileName = 'lesson'): ParsedLesson {
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

/** Problems with one lesson on its own (empty when it is fine). */
export function checkLesson(lesson: ParsedLesson, fileName: string): string[] {
  const problems: string[] = [];
  if (`${lesson.slug}.md` !== fileName) problems.push(`${fileName}: slug ${lesson.slug} does not match the file name`);
  const headed = lesson.sections.filter((s) => s.header);
  if (headed.length !== lesson.sections.length) problems.push(`${fileName}: text before the first "## " header`);
  if (headed.length < 3 || headed.length > 6) problems.push(`${fileName}: ${headed.length} sections (3 to 6 required)`);
  if (!headed.some((s) => /^try this now/i.test(s.header!))) problems.push(`${fileName}: no "Try this now" section`);
  const minutes = lesson.wordCount / WORDS_PER_MINUTE;
  if (Math.abs(lesson.duration - minutes) > 0.3 * minutes) {
    problems.push(`${fileName}: duration ${lesson.duration} min but ${lesson.wordCount} words is ${minutes.toFixed(1)} min`);
  }
  if (!/\$\d/.test(lesson.sections.map((s) => s.content).join('\n'))) {
    problems.push(`${fileName}: no worked example with dollar figures`);
  }
  lesson.questions.forEach((q, i) => {
    if (new Set(q.options.map((o) => o.toLowerCase())).size !== 4) problems.push(`${fileName}: question ${i + 1} repeats an option`);
  });
  return problems;
}

/** Problems across the whole curriculum (empty when it is fine). */
export function checkCurriculum(lessons: ParsedLesson[]): string[] {
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
      if (order.some((n, i) => n !== i + 1)) problems.push(`${pillar} ${level}: orderIndex is ${order.join(',')}, expected 1..${order.length}`);
    }
    const positions = [0, 0, 0, 0];
    for (const l of inPillar) for (const q of l.questions) positions[q.correctAnswer]++;
    const count = inPillar.length * 3;
    if (Math.max(...positions) > count / 2) {
      problems.push(`${pillar}: correct answers by position ${positions.join('/')}: more than half in one position`);
    }
  }
  return problems;
}
