// Pages repeat lesson text as ASCII (src/lib/ascii-text.ts): every other character becomes
// a reference that reads back as the same character, in HTML and in JSON.
import { assert, assertEquals } from '../helpers/assert.ts';
import { toAsciiHtml, toAsciiJson } from '../../src/lib/ascii-text.ts';
import { html } from '../../src/lib/server/platform/html.ts';

/** Text as ASCII HTML, the way the layout writes a learner's name (html.ts escapes, toAsciiHtml makes it ASCII). */
const toAsciiText = (text: string) => toAsciiHtml(html`${text}`);
const isAscii = (s: string) => /^[\x00-\x7f]*$/.test(s);
/** What a browser reads from numeric character references (and the five escapes). */
const readHtml = (html: string) => html.replace(/&#(\d+);/g, (_, n) => String.fromCodePoint(Number(n)));

Deno.test('lesson HTML keeps every character, written as references beyond ASCII', () => {
  const html = '<p>$326.14 − $297.02 = $29.12 × 60 ≈ ½ of it ÷ 2 😀</p>';
  const ascii = toAsciiHtml(html);
  assert(isAscii(ascii));
  assertEquals(readHtml(ascii), html);
  assert(ascii.includes('&#8722;') && ascii.includes('&#128512;'), 'a character beyond U+FFFF is one reference');
  assertEquals(toAsciiHtml('<p>plain</p>'), '<p>plain</p>');
});

Deno.test('quiz JSON parses back to the same questions', () => {
  const value = { question: 'What is 12 × 4 − 8?', options: ['40 ÷ 1', '≈ 40', '😀', 'Zoë'], n: 3 };
  const json = toAsciiJson(JSON.stringify(value));
  assert(isAscii(json));
  assertEquals(JSON.parse(json), value);
});

Deno.test("a learner's name is escaped and ASCII, and unchanged when already plain", () => {
  assertEquals(toAsciiText('Avery'), 'Avery');
  const name = 'Zoë <b>"Ann" & \'Jo\'</b> 李';
  const html = toAsciiText(name);
  assert(isAscii(html) && !/[<>"']/.test(html));
  assertEquals(readHtml(html), name);
});
