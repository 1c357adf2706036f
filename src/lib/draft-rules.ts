// The per-lesson content rules applied to a draft before it is published, and live in the editor:
// the same checks `npm run content:check` makes of each lesson file (lessonFileSchema's fields and
// quiz limits, checkLesson's quiz and text rules, a cited primary source for every yearly figure,
// a review date within a year); not the curriculum-wide counts. Pure: the facts are passed in.
import type { LessonContentData } from '../../db/schema.ts';
import {
  countWords,
  type FactsFile,
  formatFact,
  isSnippet,
  lessonFileSchema,
  type ParsedLesson,
} from './curriculum.ts';
import { checkFactSources, checkLesson } from './content-rules.ts';
import { type DraftIssue, ruleIssue, schemaIssue } from './draft-wording.ts';

export type { DraftIssue } from './draft-wording.ts';

const NAME = 'draft.md';

/** The draft as a lesson file's body reads: `## header`, `### subheader`, content. */
export function draftBody(content: Pick<LessonContentData, 'sections'>): string {
  return content.sections
    .map((s) =>
      [s.header ? `## ${s.header}` : '', s.subheader ? `### ${s.subheader}` : '', s.content].filter(Boolean).join(
        '\n\n',
      )
    )
    .join('\n\n');
}

/** Every text a learner reads in the draft, one per line (for the figure checks). */
function readerText(content: LessonContentData): string {
  return [
    draftBody(content),
    ...content.questions.flatMap((q) => [q.question, ...q.options, q.explanation]),
  ].join('\n');
}

/**
 * A yearly figure of facts.yaml written out (filled in from {{id}}, or typed): a line holding its
 * value beside one of its keywords. Each needs the fact's source among the lesson's sources.
 */
function figureSources(content: LessonContentData, facts: FactsFile['facts']): string[] {
  const cited = new Set(content.sources.map((s) => s.url.replace(/\/$/, '')));
  const lines = readerText(content).split('\n').map((l) => l.toLowerCase());
  const used = Object.entries(facts).flatMap(([id, fact]) => {
    if (isSnippet(fact)) return [];
    const value = formatFact(fact).toLowerCase();
    const keywords = fact.keywords.map((k) => k.toLowerCase());
    return lines.some((line) => line.includes(value) && keywords.some((k) => line.includes(k)))
      ? [{ id, fact, value, cited: cited.has(fact.source.url.replace(/\/$/, '')) }]
      : [];
  });
  // Two facts may share a value ($250,000: FDIC and NCUA): citing either one's source will do.
  return used
    .filter((u) => !used.some((other) => other.value === u.value && other.cited))
    .map(({ id, fact }) =>
      `The figure ${
        formatFact(fact)
      } (${fact.label}, {{${id}}}) needs its source: add "${fact.source.title}" (${fact.source.url}) to sources`
    );
}

/** The problems that stop this draft from being published, each with its field (empty: it may be published). */
export function draftIssues(
  content: LessonContentData,
  facts: FactsFile['facts'] = {},
  today = new Date(),
): DraftIssue[] {
  const front = {
    slug: 'draft',
    title: content.title,
    pillar: content.pillar,
    level: content.level,
    orderIndex: content.orderIndex,
    duration: content.duration,
    weight: content.weight,
    reviewedAt: content.reviewedAt ?? '',
    learningObjectives: content.learningObjectives,
    sources: content.sources.map((s) => ({ title: s.title, publisher: s.publisher ?? '', url: s.url })),
    // An author's question without a skill is checked as an application question.
    questions: content.questions.map((q) => ({
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      skill: q.skill ?? 'apply',
    })),
  };
  const parsed = lessonFileSchema.safeParse(front);
  const counts = { objectives: content.learningObjectives.length, questions: content.questions.length };
  const schema = parsed.success ? [] : parsed.error.issues.map((i) => schemaIssue(i, counts));
  // The other rules are checked too, so an author sees every problem at once, not one round at a time.
  const data = parsed.success ? parsed.data : {
    ...front,
    // The quiz rules read each question's key: a question still being written is left to the schema's issues.
    questions: front.questions.filter((q) =>
      q.options.length === 4 && q.options.every((o) => typeof o === 'string') && q.correctAnswer >= 0 &&
      q.correctAnswer <= 3
    ),
  };
  const body = draftBody(content);
  const lesson: ParsedLesson = { ...data, sections: content.sections, wordCount: countWords(body) };
  const raw = readerText(content);
  const rules = [
    ...checkLesson(lesson, NAME, today),
    ...checkFactSources(raw, data, facts, NAME),
    ...figureSources(content, facts),
  ].map((p) => ruleIssue(p.replace(`${NAME}: `, '')));
  const seen = new Set<string>();
  return [...schema, ...rules].filter((i) => !seen.has(i.message) && seen.add(i.message));
}

/** The problems that stop this draft from being published, in an author's words (empty: it may be published). */
export function draftProblems(
  content: LessonContentData,
  facts: FactsFile['facts'] = {},
  today = new Date(),
): string[] {
  return draftIssues(content, facts, today).map((i) => i.message);
}
