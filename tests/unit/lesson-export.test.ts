import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { parseLessonFile } from '../../src/lib/curriculum.ts';
import { type ExportedLesson, exportLesson } from '../../src/lib/lesson-export.ts';
import { readFacts, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';

const facts = readFacts();
const files = readLessonFiles(undefined, facts);

function loaded(file: (typeof files)[number]): ExportedLesson {
  const l = file.lesson!;
  return {
    slug: l.slug,
    title: l.title,
    pillar: l.pillar,
    level: l.level,
    orderIndex: l.orderIndex,
    duration: l.duration,
    weight: l.weight,
    sections: l.sections,
    learningObjectives: l.learningObjectives,
    questions: l.questions,
    sources: l.sources,
    reviewedAt: l.reviewedAt,
  };
}

Deno.test('loading then exporting every lesson file gives the file back unchanged', () => {
  for (const file of files) assertEquals(exportLesson(loaded(file), file.raw, facts), file.raw, file.file);
});

Deno.test('an edited lesson exports in the loader format, keeping the placeholders of the text it did not change', () => {
  const file = files.find((f) => f.raw.includes('{{') && f.lesson)!;
  assert(file, 'a lesson with a placeholder');
  const edited = { ...loaded(file), title: 'An edited title', duration: file.lesson!.duration };
  const text = exportLesson(edited, file.raw, facts);
  const placeholders = (s: string) => (s.match(/\{\{[^}]+\}\}/g) ?? []).sort();
  assertEquals(placeholders(text), placeholders(file.raw));
  const again = parseLessonFile(text, file.file, facts);
  assertEquals(again.title, 'An edited title');
  assertEquals(again.sections, file.lesson!.sections);
  assertEquals(again.questions, file.lesson!.questions);
  assertEquals(again.sources, file.lesson!.sources);
  // And that export is itself stable: loading it and exporting again changes nothing.
  assertEquals(exportLesson(edited, text, facts), text);
  assertMatch(text, /^---\nslug: /);
});
