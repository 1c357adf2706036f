// The library's pure rules (issue 42): highlight parts are text, summaries are one line, slugs
// are lowercase-hyphen, and a lesson's preview card keeps its title as text.
import { assert, assertEquals } from '../helpers/assert.ts';
import {
  highlightParts,
  lessonSummary,
  MATCH_END,
  MATCH_START,
  plainText,
  SLUG_PATTERN,
} from '../../src/lib/library.ts';
import { lessonCardSvg, titleLines } from '../../src/lib/server/content/lesson-image.ts';

Deno.test('a headline splits into matched and plain parts, markup staying text', () => {
  const headline = `Pay <b>${MATCH_START}yourself${MATCH_END} first, ${MATCH_START}save${MATCH_END}`;
  assertEquals(highlightParts(headline), [
    { text: 'Pay <b>', match: false },
    { text: 'yourself', match: true },
    { text: ' first, ', match: false },
    { text: 'save', match: true },
  ]);
  assertEquals(highlightParts('no match'), [{ text: 'no match', match: false }]);
  assertEquals(highlightParts(`${MATCH_END}stray${MATCH_START}`), [{ text: 'stray', match: false }]);
});

Deno.test('a summary is whole sentences of plain text, at most 160 characters', () => {
  const lesson = (content: string) => ({ sections: [{ content }], learningObjectives: ['Objective'] });
  assertEquals(
    lessonSummary(lesson('**Interest** is a price. It adds up over [time](https://x.example).')),
    'Interest is a price. It adds up over time.',
  );
  const long = lessonSummary(lesson('word '.repeat(100)));
  assert(long.length <= 160 && long.endsWith('…'));
  assertEquals(lessonSummary(lesson('')), 'Objective');
  assertEquals(plainText('> quote\n[[calculator:compound-interest]]\n# Head'), 'quote Head');
});

Deno.test('slugs are lowercase letters and digits joined by single hyphens', () => {
  for (const ok of ['a', 'emergency-fund-101', 'x1-y2']) assert(SLUG_PATTERN.test(ok), ok);
  for (const bad of ['A', 'a--b', '-a', 'a-', 'a b', 'a_b', 'é', '']) assert(!SLUG_PATTERN.test(bad), bad);
});

Deno.test("a lesson's preview card wraps its title and keeps it as text", () => {
  assertEquals(titleLines('Banking Basics: Accounts, Cards and Overdrafts'), [
    'Banking Basics: Accounts,',
    'Cards and Overdrafts',
  ]);
  assertEquals(titleLines('a b c d e', 1, 3), ['a', 'b', 'c…']);
  const svg = lessonCardSvg({ title: '<script>alert("x")</script> & more', pillar: 'saving', level: 'beginner' });
  assert(!svg.includes('<script>'), 'no element from the title');
  assert(svg.includes('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'));
  assert(svg.includes('&amp; more'));
});
