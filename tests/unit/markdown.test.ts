// Lesson text (spec 2 and 5): simple markdown with line breaks, rendered for learners through a
// sanitizer, and the sections the lesson page and the admin preview both render (LessonSection.astro).
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { renderMarkdown } from '../../src/lib/server/content/markdown.ts';
import { toLessonSections } from '../../src/lib/server/content/lesson-content.ts';

Deno.test('a single newline in lesson content becomes a line break', () => {
  assertEquals(
    renderMarkdown('Pay yourself first.\nThen spend the rest.').trim(),
    '<p>Pay yourself first.<br />Then spend the rest.</p>',
  );
});

Deno.test('bold, italic and bullets render', () => {
  const html = renderMarkdown('**Save** first, *then* spend:\n\n- rent\n- food');
  assertMatch(html, /<strong>Save<\/strong>/);
  assertMatch(html, /<em>then<\/em>/);
  assertMatch(html, /<ul>\s*<li>rent<\/li>\s*<li>food<\/li>\s*<\/ul>/);
  // Also when the bullets follow a line directly, as authors usually type them.
  assertMatch(renderMarkdown('Costs:\n- loads\n- fees'), /<li>loads<\/li>\s*<li>fees<\/li>/);
});

Deno.test('script, event handlers and javascript: links are stripped or shown as text', () => {
  const payloads = [
    '<script>alert(1)</script>',
    '<img src=x onerror="alert(1)">',
    '[click](javascript:alert(1))',
    '[click](JaVaScRiPt:alert(1))',
    '<a href="javascript:alert(1)">click</a>',
    'text <b onmouseover="alert(1)">hover</b>',
    '<svg onload=alert(1)>',
    '<iframe src="https://example.com"></iframe>',
  ];
  for (const payload of payloads) {
    const html = renderMarkdown(`Intro\n\n${payload}\n\n**after**`);
    assert(
      !/<script|<img|<svg|<iframe|\son[a-z]+\s*=/i.test(html.replace(/&lt;[^&]*&gt;/g, '')),
      `${payload} => ${html}`,
    );
    assert(!/href\s*=\s*["']?\s*javascript:/i.test(html), `${payload} => ${html}`);
    assertMatch(html, /<strong>after<\/strong>/);
  }
  assertMatch(renderMarkdown('<script>alert(1)</script>'), /&lt;script&gt;/);
  assertMatch(renderMarkdown('[ok](https://example.com)'), /<a href="https:\/\/example\.com">ok<\/a>/);
});

Deno.test('a section keeps its header and subheader as text, its text as sanitized prose, with practice tools in place', () => {
  const [section] = toLessonSections([{
    header: 'Why <b>save</b>?',
    subheader: 'The basics',
    content: 'Before.\n[[calculator:compound-growth]]\nAfter <script>x</script>.',
  }]);
  assertEquals(section, {
    header: 'Why <b>save</b>?',
    subheader: 'The basics',
    blocks: [
      { prose: '<p>Before.</p>\n' },
      { calculator: 'compound-growth' },
      { prose: '<p>After &lt;script&gt;x&lt;/script&gt;.</p>\n' },
    ],
  });
  // A lesson without sections shows its older single content field.
  assertEquals(toLessonSections([], 'Only **this**'), [{
    header: undefined,
    subheader: undefined,
    blocks: [{ prose: '<p>Only <strong>this</strong></p>\n' }],
  }]);
});

Deno.test('a link from one lesson to another, /learn/{slug}, is kept as a relative link (the capstone links each step)', () => {
  assertMatch(
    renderMarkdown('Read [Work and Benefits](/learn/saving-work-and-benefits) first.'),
    /<a href="\/learn\/saving-work-and-benefits"[^>]*>Work and Benefits<\/a>/,
  );
  // A protocol-relative address leaves the site, so it stays refused.
  assert(!/href="\/\/evil\.example/.test(renderMarkdown('[x](//evil.example/learn)')));
});
