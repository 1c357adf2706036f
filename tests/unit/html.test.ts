// The one tagged template for markup written as a string (src/lib/server/platform/html.ts): every
// interpolation escaped for the place it stands in, fed a table of XSS payloads in each place, and
// checked with an HTML parser and the WHATWG URL parser rather than by looking for strings.
import { parseDocument } from 'htmlparser2';
import type { ChildNode, Element } from 'domhandler';
import { assert, assertEquals, assertThrows } from '../helpers/assert.ts';
import {
  html,
  type Interpolation,
  isSafeUrl,
  jsonForScript,
  SafeHtml,
  UNSAFE_URL,
  unsafeRaw,
} from '../../src/lib/server/platform/html.ts';

const LONG = 'x'.repeat(100_000);

/** Payloads from the usual XSS cheat sheets, and the encodings that smuggle them past filters. */
const PAYLOADS = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<iframe srcdoc="&lt;script&gt;alert(1)&lt;/script&gt;"></iframe>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<a href="javascript:alert(1)">x</a>',
  '"><script>alert(1)</script>',
  "'><script>alert(1)</script>",
  '" onmouseover="alert(1)',
  "' onfocus='alert(1)' autofocus='",
  '" autofocus onfocus=alert(1) x="',
  '`onmouseover=alert(1)',
  '</p><script>alert(1)</script>',
  '</style><script>alert(1)</script>',
  '</title><script>alert(1)</script>',
  '</textarea><script>alert(1)</script>',
  '</script><script>alert(1)</script>',
  '<!--<script>alert(1)//-->',
  '--><script>alert(1)</script><!--',
  '<![CDATA[<script>alert(1)</script>]]>',
  '<?xml version="1.0"?><script>alert(1)</script>',
  '<!doctype html><script>alert(1)</script>',
  'javascript:alert(1)',
  'JaVaScRiPt:alert(1)',
  ' javascript:alert(1)',
  '\tjava\nscript:alert(1)',
  'java\rscript:alert(1)',
  '\x00javascript:alert(1)',
  '\x01\x1fjavascript:alert(1)',
  'javascript&colon;alert(1)',
  'javascript&#58;alert(1)',
  'javascript&#x3A;alert(1)',
  '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)',
  '&#x6A;avascript:alert(1)',
  'vbscript:msgbox(1)',
  'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==',
  'data:image/svg+xml,<svg onload=alert(1)>',
  'file:///etc/passwd',
  'blob:https://app.example/uuid',
  '//evil.example/x',
  '\\\\evil.example/x',
  '/\\evil.example/x',
  ' //evil.example',
  '&lt;script&gt;alert(1)&lt;/script&gt;',
  '&amp;lt;script&amp;gt;',
  '%3Cscript%3Ealert(1)%3C/script%3E',
  '\u003cscript\u003ealert(1)\u003c/script\u003e',
  '＜script＞alert(1)＜/script＞',
  '\u2028\u2029<script>alert(1)</script>',
  '\ud800<script>',
  'Zoë’s <b>“fees”</b> − 2 ≈ 😀',
  '${alert(1)}',
  '`${alert(1)}`',
  '{{constructor.constructor("alert(1)")()}}',
  '<%= alert(1) %>',
  "'; alert(1); //",
  'expression(alert(1))',
  '&',
  '&amp;',
  '&#',
  '<',
  '>',
  '"',
  "'",
  '',
  LONG + '<script>alert(1)</script>' + LONG,
  '<'.repeat(10_000),
  '"'.repeat(10_000) + "'".repeat(10_000),
  '&'.repeat(10_000),
];

/** The parsed nodes, skipping nothing: a payload that opened a tag or a comment shows up here. */
function parse(markup: string): ChildNode[] {
  return parseDocument(markup, { decodeEntities: true }).children;
}

function onlyElement(markup: string, name: string): Element {
  const nodes = parse(markup);
  assertEquals(nodes.length, 1, `one node, not ${nodes.length}: ${markup.slice(0, 200)}`);
  const [node] = nodes;
  assert(node.type === 'tag' || node.type === 'script' || node.type === 'style', `an element: ${markup.slice(0, 200)}`);
  const element = node as Element;
  assertEquals(element.name, name);
  return element;
}

function textOf(element: Element): string {
  assert(element.children.every((c) => c.type === 'text'), 'only text inside, no element or comment');
  return element.children.map((c) => (c as { data: string }).data).join('');
}

/** A browser removes none of these before reading markup, so none may survive escaping. */
const assertInert = (escaped: string, payload: string) =>
  assert(!/[<>"']/.test(escaped), `nothing that opens a tag or ends a value: ${JSON.stringify(payload).slice(0, 80)}`);

Deno.test('text: every payload stays text, read back exactly', () => {
  for (const payload of PAYLOADS) {
    const markup = String(html`<p>${payload}</p>`);
    assertInert(markup.slice(3, -4), payload);
    assertEquals(textOf(onlyElement(markup, 'p')), payload);
  }
});

Deno.test('text in <title> and <textarea>, whose text ends only at their end tag, stays text too', () => {
  for (const payload of PAYLOADS) {
    assertEquals(textOf(onlyElement(String(html`<title>${payload}</title>`), 'title')), payload);
    assertEquals(textOf(onlyElement(String(html`<textarea name="t">${payload}</textarea>`), 'textarea')), payload);
  }
});

Deno.test('attribute values: every payload stays the value of its own attribute, in double and single quotes', () => {
  for (const payload of PAYLOADS) {
    const markup = String(html`<p title="${payload}" data-x='${payload}' class="a ${payload} b">x</p>`);
    const p = onlyElement(markup, 'p');
    assertEquals(p.attribs, { title: payload, 'data-x': payload, class: `a ${payload} b` });
    assertEquals(textOf(p), 'x');
  }
});

const BASE = 'https://app.example/lessons/';

Deno.test('URL attributes: only http, https, mailto and relative URLs get through; the rest become an inert URL', () => {
  for (const payload of PAYLOADS) {
    const markup = String(html`<a href="${payload}" title="t">x</a><img src="${payload}" alt="">`);
    const nodes = parse(markup);
    assertEquals(nodes.length, 2, markup.slice(0, 200));
    const [a, img] = nodes as Element[];
    assertEquals(Object.keys(a.attribs), ['href', 'title']);
    assertEquals(Object.keys(img.attribs), ['src', 'alt']);
    for (const url of [a.attribs.href, img.attribs.src]) {
      assertEquals(url, isSafeUrl(payload) ? payload : UNSAFE_URL);
      // Read as a browser reads it: the scheme it ends up with is never one that runs code.
      let parsed: URL | null = null;
      try {
        parsed = new URL(url, BASE);
      } catch {
        // An address the browser cannot read goes nowhere.
      }
      if (!parsed) continue;
      assert(
        ['https:', 'http:', 'mailto:'].includes(parsed.protocol) || url === UNSAFE_URL,
        `${JSON.stringify(payload).slice(0, 80)} => ${parsed.protocol}`,
      );
      const cleaned = payload.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, '');
      if (url !== UNSAFE_URL && !/^(https?|mailto):/i.test(cleaned)) {
        assertEquals(
          parsed.origin,
          new URL(BASE).origin,
          `a relative URL stays on the site: ${JSON.stringify(payload).slice(0, 80)}`,
        );
      }
    }
  }
});

Deno.test('which URLs are safe', () => {
  for (
    const url of [
      'https://www.investor.gov/x?a=1&b=2',
      'http://example.com',
      'HTTPS://EXAMPLE.COM',
      'mailto:help@example.com',
      '/lesson/7',
      'lesson/7',
      './x',
      '../x',
      '?pillar=saving',
      '#lesson-start',
      '',
    ]
  ) {
    assert(isSafeUrl(url), url);
  }
  for (
    const url of [
      'javascript:alert(1)',
      ' JAVASCRIPT:alert(1)',
      'java\tscript:alert(1)',
      '\x00javascript:x',
      'vbscript:x',
      'data:text/html,x',
      'file:///x',
      'blob:x',
      'about:blank',
      '//evil.example',
      '\\\\evil.example',
      '/\\evil.example',
      '\n//evil.example',
    ]
  ) {
    assert(!isSafeUrl(url), url);
  }
});

Deno.test('a URL with a fixed start in the template takes its interpolations as escaped text', () => {
  assertEquals(
    String(html`<a href="/lesson/${'javascript:alert(1)'}">x</a>`),
    '<a href="/lesson/javascript:alert(1)">x</a>',
  );
  assertEquals(
    String(html`<a href="/lessons?pillar=${'a"b'}&amp;level=${'<c>'}">x</a>`),
    '<a href="/lessons?pillar=a&#34;b&amp;level=&#60;c&#62;">x</a>',
  );
  assertEquals(String(html`<a href="mailto:${'help@example.com'}">x</a>`), '<a href="mailto:help@example.com">x</a>');
  assertEquals(String(html`<a href="#${'x" onclick="y'}">x</a>`), '<a href="#x&#34; onclick=&#34;y">x</a>');
});

Deno.test('places where no escaping could make a value safe are refused when the template is first used', () => {
  const refused: Array<[string, () => unknown]> = [
    ['a tag name', () => html`<${'script'}>x</p>`],
    ['an end tag name', () => html`</${'p'}>`],
    ['a tag name continued', () => html`<h${2}>x</h2>`],
    ['an attribute name', () => html`<p ${'onclick'}="x">y</p>`],
    ['a whole attribute', () => html`<p ${'onclick=alert(1)'}>y</p>`],
    ['an unquoted value', () => html`<p title=${'x onmouseover=alert(1)'}>y</p>`],
    ['an event handler', () => html`<p onclick="${'alert(1)'}">y</p>`],
    ['an event handler in capitals', () => html`<p ONMOUSEOVER='${'alert(1)'}'>y</p>`],
    ['a style attribute', () => html`<p style="color: ${'red'}">y</p>`],
    ['srcdoc', () => html`<iframe srcdoc="${'<script>alert(1)</script>'}"></iframe>`],
    ['inside <script>', () => html`<script>var x = "${'x'}";</script>`],
    ['inside <SCRIPT type=...>', () => html`<SCRIPT type="application/json">${'{}'}</SCRIPT>`],
    ['inside <style>', () => html`<style>p { color: ${'red'} }</style>`],
    ['inside a comment', () => html`<!-- ${'x'} -->`],
    ['inside a doctype', () => html`<!doctype ${'html'}>`],
    ['a URL the interpolation starts and static text continues', () => html`<a href="${'javascript'}:alert(1)">x</a>`],
    ['a URL whose scheme a static prefix leaves open', () => html`<a href="java${'script:alert(1)'}">x</a>`],
    ['two interpolations making one URL', () => html`<a href="${'javascript'}${':alert(1)'}">x</a>`],
    ['"/" alone before a URL interpolation (a scheme-relative URL)', () => html`<a href="/${'/evil.example'}">x</a>`],
    ['a template ending inside a tag', () => html`<p class="x"`],
    ['a template ending inside a value', () => html`<p class="${'x'}`],
    ['a template ending inside <script>', () => html`<script>`],
  ];
  for (const [place, render] of refused) {
    const error = assertThrows(render, TypeError);
    assert(error.message.startsWith('html: '), `${place}: ${error.message}`);
  }
});

Deno.test('values: markup nests, lists join, numbers print, nothing prints for null, undefined and false; other objects are refused', () => {
  const item = (t: string) => html`<li>${t}</li>`;
  assertEquals(String(html`<ul>${['a', '<b>'].map(item)}</ul>`), '<ul><li>a</li><li>&#60;b&#62;</li></ul>');
  assertEquals(String(html`<p>${3}/${4n} ${null}${undefined}${false}${''}</p>`), '<p>3/4 </p>');
  assertEquals(String(html`<p title="${0}">${[[html`<i>x</i>`, 'y'], []]}</p>`), '<p title="0"><i>x</i>y</p>');
  assertThrows(() => html`<p title="${html`<b>x</b>`}">y</p>`, TypeError);
  assertThrows(() => html`<p title="${['a', 'b']}">y</p>`, TypeError);
  assertThrows(() => html`<a href="${html`x`}">y</a>`, TypeError);
  assertThrows(() => html`<p>${{ toString: () => '<script>' } as unknown as Interpolation}</p>`, TypeError);
  assertThrows(() => html`<p>${new Date(0) as unknown as Interpolation}</p>`, TypeError);
  assertThrows(() => html`<p>${true as unknown as Interpolation}</p>`, TypeError);
});

Deno.test('SafeHtml is made only by html`` and unsafeRaw, and reads back as its markup', () => {
  const markup = html`<b>${'&'}</b>`;
  assert(markup instanceof SafeHtml);
  assertEquals(String(markup), '<b>&#38;</b>');
  assertEquals(JSON.stringify({ markup }), '{"markup":"<b>&#38;</b>"}');
  // Raw markup goes in only through the one greppable door.
  assertEquals(String(html`<div>${unsafeRaw('<p>sanitized</p>')}</div>`), '<div><p>sanitized</p></div>');
  // A string that merely looks like markup is text.
  assertEquals(String(html`<div>${'<p>not sanitized</p>'}</div>`), '<div>&#60;p&#62;not sanitized&#60;/p&#62;</div>');
});

Deno.test('JSON for a script element cannot end the element or open a comment', () => {
  for (const payload of PAYLOADS) {
    const value = { payload, list: [payload], '</script>': 1 };
    const json = jsonForScript(value);
    assert(!json.includes('<'), json.slice(0, 80));
    assertEquals(JSON.parse(json), value);
    const script = onlyElement(`<script type="application/json">${json}</script>`, 'script');
    assertEquals(JSON.parse(textOf(script)), value);
  }
});

Deno.test('a long list of nested templates renders whole, each row escaped', () => {
  const rows = Array.from({ length: 20_000 }, (_, i) => ({ id: i, title: `Lesson <${i}> & "more"` }));
  const markup = String(
    html`<ul>${rows.map((r) => html`<li data-id="${r.id}"><a href="/lesson/${r.id}">${r.title}</a></li>`)}</ul>`,
  );
  const [list] = parse(markup) as Element[];
  assertEquals(list.children.length, rows.length);
  assert(
    markup.endsWith(
      '<li data-id="19999"><a href="/lesson/19999">Lesson &#60;19999&#62; &#38; &#34;more&#34;</a></li></ul>',
    ),
  );
});
