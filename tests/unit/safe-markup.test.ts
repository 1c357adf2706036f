// The two places Astro's escaping does not reach (src/lib/safe-markup.ts), fed a table of XSS
// payloads and checked with the WHATWG URL parser and an HTML parser rather than by looking for strings.
import { parseDocument } from 'htmlparser2';
import type { Element } from 'domhandler';
import { assert, assertEquals } from '../helpers/assert.ts';
import { isSafeUrl, jsonForScript, jsonTextForScript, safeHref, UNSAFE_URL } from '../../src/lib/safe-markup.ts';

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

const BASE = 'https://app.example/lessons/';

Deno.test('a link from content: only http, https, mailto and relative URLs get through; the rest become an inert URL', () => {
  for (const payload of PAYLOADS) {
    const url = safeHref(payload);
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

/** The script element's text, parsed the way a browser parses the page. */
function scriptText(markup: string): string {
  const nodes = parseDocument(markup, { decodeEntities: true }).children;
  assertEquals(nodes.length, 1, `one node, not ${nodes.length}: ${markup.slice(0, 200)}`);
  const script = nodes[0] as Element;
  assertEquals(script.name, 'script');
  assert(script.children.every((c) => c.type === 'text'), 'only text inside, no element or comment');
  return script.children.map((c) => (c as { data: string }).data).join('');
}

Deno.test('JSON for a script element cannot end the element or open a comment', () => {
  for (const payload of PAYLOADS) {
    const value = { payload, list: [payload], '</script>': 1 };
    const json = jsonForScript(value);
    assert(!json.includes('<'), json.slice(0, 80));
    assertEquals(JSON.parse(json), value);
    assertEquals(JSON.parse(scriptText(`<script type="application/json">${json}</script>`)), value);
  }
});

Deno.test('stored JSON text passed on to a script element is as inert, and reads back the same', () => {
  for (const payload of PAYLOADS) {
    const value = [{ lessonTitle: payload, createdAt: '2026-01-01T00:00:00.000Z' }, { '</script>': [payload] }];
    // As PostgreSQL writes jsonb out: spaces after separators, keys in its own order.
    const stored = JSON.stringify(value, null, 1);
    const json = jsonTextForScript(stored);
    assert(!json.includes('<'), json.slice(0, 80));
    assertEquals(JSON.parse(scriptText(`<script type="application/json">${json}</script>`)), value);
  }
});
