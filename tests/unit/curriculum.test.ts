import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { assertEquals, assertMatch, assertThrows } from '../helpers/assert.ts';
import { checkCurriculum, checkLesson, ContentError, countWords, parseLessonFile, splitSections, type ParsedLesson } from '../../src/lib/curriculum.ts';
import { LEVELS, PILLARS } from '../../src/lib/domain.ts';

const folder = path.resolve(import.meta.dirname!, '../../db/content/lessons');
const files = readdirSync(folder).filter((f) => f.endsWith('.md')).sort();

function loadAll(): { lessons: ParsedLesson[]; problems: string[] } {
  const lessons: ParsedLesson[] = [];
  const problems: string[] = [];
  for (const file of files) {
    try {
      const lesson = parseLessonFile(readFileSync(path.join(folder, file), 'utf8'), file);
      lessons.push(lesson);
      problems.push(...checkLesson(lesson, file));
    } catch (error) {
      problems.push((error as Error).message);
    }
  }
  return { lessons, problems: [...problems, ...checkCurriculum(lessons)] };
}

Deno.test('every lesson file parses and passes the content rules', () => {
  assertEquals(loadAll().problems, []);
});

Deno.test('each pillar has 10 lessons: 4 beginner, 3 intermediate, 3 advanced', () => {
  const { lessons } = loadAll();
  for (const pillar of PILLARS) {
    const counts = LEVELS.map((level) => lessons.filter((l) => l.pillar === pillar && l.level === level).length);
    assertEquals(counts, [4, 3, 3], pillar);
  }
});

const sample = (front: string, body = '## One\n\nText $5.\n\n## Two\n\nMore.\n\n## Try this now\n\nDo it.\n') =>
  `---\n${front}\n---\n${body}`;
const goodFront = `slug: x-lesson
title: A lesson
pillar: saving
level: beginner
orderIndex: 1
duration: 5
weight: 10
reviewedAt: 2026-11-22
learningObjectives: [Learn one thing, Learn another]
sources: [{ title: Source, publisher: CFPB, url: "https://www.consumerfinance.gov/" }]
questions:
${[0, 1, 2].map((i) => `  - question: "Question number ${i}?"\n    options: [a${i}, b${i}, c${i}, d${i}]\n    correctAnswer: ${i}\n    explanation: "Because this is the right one, really."`).join('\n')}`;

Deno.test('the checks catch a missing field, a bad quiz and a wrong duration', () => {
  assertThrows(() => parseLessonFile(sample(goodFront.replace('title: A lesson\n', ''))), ContentError);
  assertThrows(() => parseLessonFile(sample(goodFront.replace('correctAnswer: 1', 'correctAnswer: 4'))), ContentError);
  assertThrows(() => parseLessonFile(sample(goodFront.replace('options: [a0, b0, c0, d0]', 'options: [a0, b0, c0]'))), ContentError);
  const lesson = parseLessonFile(sample(goodFront), 'x-lesson.md');
  assertMatch(checkLesson(lesson, 'x-lesson.md').join('\n'), /duration 5 min but/);
});

Deno.test('a source link must be an http(s) address (it becomes a link on the lesson page)', () => {
  for (const url of ['javascript:alert(1)', 'data:text/html,hi', 'ftp://example.com/file']) {
    assertMatch(assertThrows(() => parseLessonFile(sample(goodFront.replace('https://www.consumerfinance.gov/', url))), ContentError).message, /http\(s\) address/);
  }
  assertEquals(parseLessonFile(sample(goodFront.replace('https://', 'http://'))).sources[0].url, 'http://www.consumerfinance.gov/');
});

Deno.test('the checks catch duplicate slugs, bad order, weights and answer positions', () => {
  const lesson = parseLessonFile(sample(goodFront), 'x-lesson.md');
  const twice = checkCurriculum([lesson, { ...lesson, orderIndex: 3, questions: lesson.questions.map((q) => ({ ...q, correctAnswer: 2 })) }]);
  assertMatch(twice.join('\n'), /duplicate slug x-lesson/);
  assertMatch(twice.join('\n'), /orderIndex is 1,3/);
  assertMatch(twice.join('\n'), /weights sum to 20/);
  assertMatch(twice.join('\n'), /more than half in one position/);
});

Deno.test('sections split on ## headers with an optional ### subheader', () => {
  const sections = splitSections('## Intro\n### Why it matters\n\nSome **bold** text.\n\n## Next\n\n- a\n- b\n');
  assertEquals(sections, [
    { header: 'Intro', subheader: 'Why it matters', content: 'Some **bold** text.' },
    { header: 'Next', content: '- a\n- b' },
  ]);
  assertEquals(countWords('## Intro\n- one **two** — 3'), 4);
});
