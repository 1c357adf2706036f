import { assert, assertEquals } from '../helpers/assert.ts';
import type { LessonContentData } from '../../db/schema.ts';
import { draftIssues, draftProblems } from '../../src/lib/draft-rules.ts';
import { readFacts, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import { contentOf as lessonContent } from '../../src/lib/server/content/lesson-versions.ts';

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
  assert(stale.some((p) => /The review date 2001-01-01 is not within the last 12 months/.test(p)), stale.join('\n'));
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

Deno.test('a new lesson from nothing hears each problem as an author would say it, at its field', () => {
  const empty: LessonContentData = {
    title: 'My first lesson',
    pillar: 'saving',
    level: 'beginner',
    orderIndex: 9,
    duration: 10,
    weight: 10,
    sections: [{ content: 'Some words.' }],
    learningObjectives: ['Name one thing'],
    questions: [],
    sources: [],
    reviewedAt: null,
  };
  const issues = draftIssues(empty, facts, new Date('2026-06-01T00:00:00Z'));
  const at = (field: string) => issues.filter((i) => i.field === field).map((i) => i.message);
  assertEquals(at('learningObjectives'), ['Add a second learning objective']);
  assertEquals(at('sources'), ["Add a source: where the lesson's facts come from (title, publisher and address)"]);
  assertEquals(at('questions'), ['A quiz has 3 to 5 questions: add 3 more']);
  assertEquals(at('reviewedAt'), ["Set the review date: the day you checked the lesson's facts"]);
  assert(at('sections').includes('Give every section a header'), at('sections').join('\n'));
  assert(at('sections').includes('Add a section headed "Try this now": one thing to do today'));
  assert(at('duration')[0].startsWith('The lesson reads in about a minute (2 words)'), at('duration').join());
  // No raw schema wording reaches the author.
  for (const { message } of issues) assert(!/Too small|expected|>=|reviewedAt/.test(message), message);

  const source = draftIssues(
    { ...empty, sources: [{ title: 'IRS', publisher: '', url: 'ftp://x' }] },
    facts,
  ).filter((i) => i.field.startsWith('sources.'));
  assertEquals(source.map((i) => [i.field, i.message]), [
    ['sources.0.publisher', 'Name the publisher of source 1 (like IRS or FDIC)'],
    ['sources.0.url', 'Give source 1 an address starting with https://'],
  ]);
  assertEquals(draftProblems(empty, facts).length, draftIssues(empty, facts).length);
  // A question still being written (no key chosen, options empty) is named, and checks nothing else.
  const writing = { question: '', options: ['', '', '', ''], correctAnswer: -1, explanation: '' };
  const half = draftIssues({ ...empty, questions: [writing, writing, writing] }, facts);
  assert(half.some((i) => i.field === 'questions.0' && /correct option/.test(i.message)), JSON.stringify(half));
});
