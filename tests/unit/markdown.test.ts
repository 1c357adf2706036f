// Lesson text (spec 2 and 5): simple markdown with line breaks, rendered for learners through a
// sanitizer, and the one section renderer the lesson page and the admin preview share.
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { renderMarkdown } from '../../src/lib/server/content/markdown.ts';
import {
  type ArticleSource,
  renderLessonArticle,
  renderLessonSections,
  renderLessonSectionsHtml,
} from '../../src/lib/server/content/lesson-content.ts';

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

Deno.test('a section renders as h2 header, subheader, sanitized prose, with practice tools in place', () => {
  const [chunks] = renderLessonSections([{
    header: 'Why <b>save</b>?',
    subheader: 'The basics',
    content: 'Before.\n[[calculator:compound-growth]]\nAfter.',
  }]);
  assertEquals(chunks, [
    { html: '<h2>Why &#60;b&#62;save&#60;/b&#62;?</h2><p class="subheader">The basics</p>' },
    { html: '<div class="prose"><p>Before.</p>\n</div>' },
    { calculator: 'compound-growth' },
    { html: '<div class="prose"><p>After.</p>\n</div>' },
  ]);
  // A lesson without sections shows its older single content field.
  assertEquals(renderLessonSections([], 'Only **this**'), [[{
    html: '<div class="prose"><p>Only <strong>this</strong></p>\n</div>',
  }]]);
});

Deno.test('the admin preview is the same markup, with a placeholder naming each practice tool', () => {
  const [html] = renderLessonSectionsHtml([{ header: 'Grow it', content: 'See:\n[[calculator:compound-growth]]' }]);
  assertEquals(
    html,
    '<section class="lesson-section"><h2>Grow it</h2><div class="prose"><p>See:</p>\n</div>' +
      '<div class="practice-placeholder" data-calculator="compound-growth"><p class="practice-placeholder-title">Compound-growth calculator</p><p>Practice tool: learners use it here, on the lesson page.</p></div></section>',
  );
  assert(!html.includes('[[calculator'));
});

const article = (overrides: Partial<ArticleSource> = {}): ArticleSource => ({
  title: 'Grow <it> & keep it',
  pillar: 'investing',
  level: 'beginner',
  orderIndex: 2,
  duration: 6,
  learningObjectives: ['See what "compound" means', 'Run the numbers'],
  sections: [{ header: 'Grow it', content: 'See:\n[[calculator:compound-growth]]\nThen wait.' }, {
    header: 'Keep it',
    content: 'Costs − fees.',
  }],
  content: null,
  sources: [{ title: 'Investor.gov <calculator>', publisher: 'SEC', url: 'https://www.investor.gov/x?a=1&b="2"' }],
  reviewedAt: '2026-11-01',
  ...overrides,
});

Deno.test('the lesson page article: header, sections (numbered steps, the first one current) and sources as one HTML part per stretch between practice tools', () => {
  const parts = renderLessonArticle(article());
  assertEquals(parts.length, 3);
  assertEquals(parts[1], { calculator: 'compound-growth' });
  const [before, , after] = parts.map((p) => p.html ?? '');
  assertEquals(
    before,
    '<header class="lesson-header"><p class="crumbs"><a href="/lessons?pillar=investing&amp;level=beginner">Investing &middot; Beginner</a> &middot; Lesson 2 &middot; 6 min read</p>' +
      '<h1>Grow &#60;it&#62; &#38; keep it</h1><div class="objectives card"><h2>You\'ll learn to</h2><ul><li>See what &#34;compound&#34; means</li><li>Run the numbers</li></ul></div></header>' +
      '<div id="lesson-missed"></div><div class="lesson-body" id="lesson-content"><section class="lesson-section" data-step="1" data-current><h2>Grow it</h2><div class="prose"><p>See:</p>\n</div>',
  );
  assertEquals(
    after,
    '<div class="prose"><p>Then wait.</p>\n</div></section><section class="lesson-section" data-step="2"><h2>Keep it</h2><div class="prose"><p>Costs &#8722; fees.</p>\n</div></section>' +
      '<footer class="sources"><h2>Sources</h2><ul><li><a href="https://www.investor.gov/x?a=1&#38;b=&#34;2&#34;" rel="noopener noreferrer nofollow">Investor.gov &#60;calculator&#62;</a><span>, SEC</span></li></ul>' +
      '<p>Reviewed 2026-11-01. Education, not financial advice.</p></footer></div>' +
      // The steps' controls, disabled until the page's script runs (lesson-steps.ts).
      '<nav class="lesson-steps" id="lesson-steps" aria-label="Lesson steps" data-steps="2"><p class="steps-count" aria-live="polite" data-step-label>Step 1 of 2</p>' +
      '<div class="meter" aria-hidden="true"><span class="meter-fill w-50" data-step-meter></span></div><div class="steps-actions">' +
      '<button type="button" class="btn btn-outline" data-step-back disabled>Back</button><button type="button" class="btn btn-primary" data-step-next disabled>Continue</button></div>' +
      '<p class="steps-links"><button type="button" class="link-button" data-step-mode disabled>Show the whole lesson on one page</button><a href="#lesson-start" data-skip-quiz>Skip to quiz</a></p></nav>',
  );
  // Without practice tools, objectives or sources: one part, and nothing empty left behind.
  const plain = renderLessonArticle(
    article({ sections: [{ content: 'Just text.' }], learningObjectives: [], sources: [] }),
  );
  assertEquals(plain.length, 1);
  assert(!plain[0].html!.includes('objectives') && !plain[0].html!.includes('Sources'));
});

Deno.test('the article renders once per lesson version', () => {
  const v1 = article();
  assert(renderLessonArticle(v1) === renderLessonArticle(v1));
  const v2 = article({ title: 'Grow it, revised' });
  assertMatch(renderLessonArticle(v2)[0].html!, /<h1>Grow it, revised<\/h1>/);
  assertMatch(renderLessonArticle(v1)[0].html!, /<h1>Grow &#60;it&#62; &#38; keep it<\/h1>/);
});

Deno.test('a source link whose scheme could run code is made inert on the lesson page', () => {
  const [part] = renderLessonArticle(
    article({
      sections: [{ content: 'Text.' }],
      sources: [{ title: 'Bad', publisher: 'X', url: 'javascript:alert(1)' }, {
        title: 'Good',
        url: 'https://www.sec.gov/',
      }],
    }),
  );
  assertMatch(
    part.html!,
    /<li><a href="about:invalid#unsafe-url" rel="noopener noreferrer nofollow">Bad<\/a><span>, X<\/span><\/li>/,
  );
  assertMatch(part.html!, /<li><a href="https:\/\/www\.sec\.gov\/" rel="noopener noreferrer nofollow">Good<\/a><\/li>/);
});
