// `npm run content:export`: a published lesson back as its curriculum file (db/content/README.md),
// in the format parseLessonFile reads. A lesson unchanged since its file was loaded is written as
// the file itself; an edited one is written from the database, keeping the file's own text (with
// its {{fact}} placeholders and shared snippets) for every piece whose filled-in text is unchanged.
// Pure: the caller reads and writes the files.
import { stringify } from 'yaml';
import type { LessonContentData } from '../../db/schema.ts';
import { type FactsFile, fillFacts, parseLessonFile } from './curriculum.ts';
import { draftBody } from './draft-rules.ts';

export type ExportedLesson = LessonContentData & { slug: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function contentOfFile(raw: string, file: string, facts: FactsFile['facts']) {
  const l = parseLessonFile(raw, file, facts);
  return {
    title: l.title,
    pillar: l.pillar,
    level: l.level,
    orderIndex: l.orderIndex,
    duration: l.duration,
    weight: l.weight,
    sections: l.sections,
    learningObjectives: l.learningObjectives,
    questions: l.questions.map((q) => ({
      question: q.question,
      options: q.options,
      correctAnswer: q.correctAnswer,
      explanation: q.explanation,
      skill: q.skill,
    })),
    sources: l.sources,
    reviewedAt: l.reviewedAt,
  };
}

/** The lesson's fields in one key order (jsonb stores keys in its own order). */
function comparable(lesson: LessonContentData) {
  return [
    lesson.title,
    lesson.pillar,
    lesson.level,
    lesson.orderIndex,
    lesson.duration,
    lesson.weight,
    lesson.reviewedAt,
    lesson.learningObjectives,
    lesson.sections.map((s) => [s.header ?? null, s.subheader ?? null, s.content]),
    lesson.questions.map((q) => [q.question, q.options, q.correctAnswer, q.explanation, q.skill ?? null]),
    lesson.sources.map((s) => [s.title, s.publisher ?? null, s.url]),
  ];
}

/** The lesson file's text for this lesson; `raw` is its current file, when there is one. */
export function exportLesson(lesson: ExportedLesson, raw: string | undefined, facts: FactsFile['facts']): string {
  const file = `${lesson.slug}.md`;
  if (raw !== undefined && same(comparable(contentOfFile(raw, file, facts)), comparable(lesson))) return raw;
  const written = raw === undefined ? undefined : parseLessonFile(raw, file);
  // The file's own wording of a piece whose filled-in text the lesson still has.
  const keep = (text: string, original: string | undefined) =>
    original !== undefined && fillFacts(original, facts, file) === text ? original : text;
  const sections = lesson.sections.map((s, i) => ({ ...s, content: keep(s.content, written?.sections[i]?.content) }));
  const questions = lesson.questions.map((q, i) => {
    const w = written?.questions[i];
    return {
      question: keep(q.question, w?.question),
      options: q.options.map((o, k) => keep(o, w?.options[k])),
      correctAnswer: q.correctAnswer,
      explanation: keep(q.explanation, w?.explanation),
      skill: q.skill ?? 'apply',
    };
  });
  const front = {
    slug: lesson.slug,
    title: lesson.title,
    pillar: lesson.pillar,
    level: lesson.level,
    orderIndex: lesson.orderIndex,
    duration: lesson.duration,
    weight: lesson.weight,
    reviewedAt: lesson.reviewedAt,
    learningObjectives: lesson.learningObjectives.map((o, i) => keep(o, written?.learningObjectives[i])),
    sources: lesson.sources,
    questions,
  };
  return `---\n${stringify(front, { lineWidth: 0 })}---\n\n${draftBody({ sections })}\n`;
}
