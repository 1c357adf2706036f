import { assert, assertEquals } from '../helpers/assert.ts';
import type { LessonContentData } from '../../db/schema.ts';
import { draftProblems } from '../../src/lib/draft-rules.ts';
import { readFacts, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import { contentOf as lessonContent } from '../../src/lib/server/content/admin-lessons.ts';

const facts = readFacts();
const files = readLessonFiles(undefined, facts);

const contentOf = (file: (typeof files)[number]) => lessonContent(file.lesson!);

Deno.test('every curriculum lesson, as stored (figures filled in), passes the publishing rules', () => {
  const problems = files.flatMap((f) => draftProblems(contentOf(f), facts).map((p) => `${f.file}: ${p}`));
  assertEquals(problems, []);
});

Deno.test('publishing refuses a draft with the per-lesson problems, each in plain words', () => {
  const good = contentOf(files.find((f) => f.lesson?.sources.length)!);
  const bad: LessonContentData = {
    ...good,
    reviewedAt: '2001-01-01',
    questions: good.questions.slice(0, 2),
  };
  const problems = draftProblems(bad, facts);
  assert(problems.some((p) => /3 to 5 questions/.test(p)), problems.join('\n'));
  const stale = draftProblems({ ...good, reviewedAt: '2001-01-01' }, facts);
  assert(stale.some((p) => /reviewedAt 2001-01-01 is not a date within the last 12 months/.test(p)), stale.join('\n'));
  const noTry = draftProblems({
    ...good,
    sections: good.sections.filter((s) => !/^try this now/i.test(s.header ?? '')),
  }, facts);
  assert(noTry.some((p) => /Try this now/.test(p)), noTry.join('\n'));
});

Deno.test('a yearly figure without its source is refused', () => {
  const blog = [{ title: 'A blog', publisher: 'Blog', url: 'https://blog.example.com/' }];
  const withFigure = files.map(contentOf).find((c) =>
    draftProblems({ ...c, sources: blog }, facts).some((p) => /needs its source/.test(p))
  );
  assert(withFigure, 'some lesson states a yearly figure');
  const problems = draftProblems({ ...withFigure, sources: blog }, facts);
  assert(problems.some((p) => /needs its source: add/.test(p)), problems.join('\n'));
});
