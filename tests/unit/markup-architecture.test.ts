// One way to build markup (docs/STYLE.md; issue 39): markup lives in Astro and React components,
// which escape every value. This test reads every source file under src/ and fails on a hand-written
// escaper, on markup built with a template literal or with `+`, and on a new raw-HTML sink (set:html,
// dangerouslySetInnerHTML, innerHTML...) nobody has reviewed.
// Kept as a test, like architecture.test.ts, after Starlight's architecture checks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { filesUnder } from '../helpers/files.ts';
import { assert, assertEquals } from '../helpers/assert.ts';

const root = path.resolve(import.meta.dirname!, '..', '..');
/** The one module that escapes by hand, for the two places Astro's escaping does not reach. */
const ESCAPING_MODULE = 'src/lib/safe-markup.ts';

/** Where raw markup may go in unescaped, and why it is safe there. */
const RAW_SINKS: Record<string, { count: number; why: string }> = {
  'src/components/lessons/LessonSection.astro': {
    count: 1,
    why: "set:html of a lesson section's text: markdown.ts's sanitizer output",
  },
  'src/components/landing/LandingPage.astro': { count: 1, why: 'set:html of the JSON-LD (jsonForScript)' },
  'src/layouts/PublicLayout.astro': { count: 1, why: "set:html of a library page's JSON-LD (jsonForScript)" },
  'src/components/ui/PageData.astro': { count: 1, why: "set:html of an island's JSON block (jsonForScript)" },
  'src/components/admin/editor/LessonPreview.tsx': {
    count: 1,
    why:
      "the studio's preview: /api/studio/preview answers LessonSection.astro as rendered by Astro (sanitized markdown)",
  },
};
/** Documents that are not HTML pages of the app, built as strings of our own constants, and why. */
const STRING_DOCUMENTS: Record<string, string> = {
  'src/pages/sitemap.xml.ts': 'XML of our own paths (URL.href percent-encodes)',
  'src/lib/server/content/lesson-image.ts':
    "a lesson preview's SVG, drawn at build; its words through xmlText (safe-markup.ts)",
  'src/middleware.ts': 'the failure page, constant text: it must render when a page or the database failed',
};

const TAG = /<\/?[a-zA-Z][\w:-]*(?=[\s/>]|$)/;
const HAND_ESCAPER = /\b(?:escapeHtml|escapeHTML|htmlEscape|escapeAttr\w*|escapeXml|toAsciiText)\b/;
const ENTITY_TABLE = /['"`]&(?:amp|lt|gt|quot|apos|#0*3[49]|#0*38|#0*6[02]|#x0*2[267]|#x0*3[ce]);['"`]/i;
const SPECIALS_REPLACE = /\.replace(?:All)?\(\s*(?:\/\[[^\]\n]*[&<>"'][^\]\n]*\]|['"][&<>"']['"])/;
const SINK =
  /\bset:html\b|\bdangerouslySetInnerHTML\b|\.(?:inner|outer)HTML\b|\binsertAdjacentHTML\b|\bdocument\.write(?:ln)?\b/g;

/** The text of a template literal, its interpolations as `${}`. */
function templateText(node: ts.TemplateLiteral): string {
  return ts.isNoSubstitutionTemplateLiteral(node)
    ? node.text
    : node.head.text + node.templateSpans.map((s) => '${}' + s.literal.text).join('');
}

const isMarkupLiteral = (node: ts.Node): boolean =>
  (ts.isStringLiteral(node) && TAG.test(node.text)) || (ts.isTemplateLiteral(node) && TAG.test(templateText(node)));

/** Markup built in script: a template literal with interpolations, or `+` on a markup literal. */
function scriptOffences(code: string, kind: ts.ScriptKind): string[] {
  const found: string[] = [];
  const source = ts.createSourceFile(
    'x.' + (kind === ts.ScriptKind.TSX ? 'tsx' : 'ts'),
    code,
    ts.ScriptTarget.Latest,
    true,
    kind,
  );
  const where = (node: ts.Node) => `line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1}`;
  const visit = (node: ts.Node) => {
    if (ts.isTemplateExpression(node) && TAG.test(templateText(node))) {
      found.push(`${where(node)}: markup in a template literal; write a component`);
    }
    if (
      ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.PlusToken &&
      (isMarkupLiteral(node.left) || isMarkupLiteral(node.right))
    ) {
      found.push(`${where(node)}: markup joined with +`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** An .astro file's script parts: the frontmatter and each <script> element. The markup between is checked by the regexes. */
function astroParts(code: string): { scripts: string[]; markup: string } {
  const frontmatter = /^---\r?\n([\s\S]*?)\r?\n---/.exec(code);
  let markup = frontmatter ? code.slice(frontmatter[0].length) : code;
  const scripts = frontmatter ? [frontmatter[1]] : [];
  markup = markup.replace(/<script\b[^>]*>([\s\S]*?)<\/script>/gi, (_, body: string) => {
    scripts.push(body);
    return '';
  });
  return { scripts, markup };
}

/** Everything wrong with one file's markup-building; `file` is relative to the repository. */
export function markupOffences(file: string, code: string): string[] {
  if (file === ESCAPING_MODULE || file in STRING_DOCUMENTS) return [];
  const found: string[] = [];
  if (HAND_ESCAPER.test(code)) {
    found.push(`calls a hand-written escaper (${HAND_ESCAPER.exec(code)![0]}); write a component`);
  }
  if (ENTITY_TABLE.test(code) || SPECIALS_REPLACE.test(code)) {
    found.push(
      `escapes HTML by hand (${(ENTITY_TABLE.exec(code) ?? SPECIALS_REPLACE.exec(code))![0]}); write a component`,
    );
  }
  const sinks = code.match(SINK)?.length ?? 0;
  if (sinks !== (RAW_SINKS[file]?.count ?? 0)) {
    found.push(
      `has ${sinks} raw-HTML sinks (set:html, dangerouslySetInnerHTML, innerHTML...), ${
        RAW_SINKS[file]?.count ?? 0
      } reviewed`,
    );
  }
  if (file.endsWith('.astro')) {
    const { scripts, markup } = astroParts(code);
    for (const script of scripts) found.push(...scriptOffences(script, ts.ScriptKind.TS));
    for (const literal of markup.match(/`(?:[^`\\]|\\[\s\S])*`/g) ?? []) {
      if (literal.includes('${') && TAG.test(literal)) {
        found.push(`markup in a template literal in the page: ${literal.slice(0, 60)}`);
      }
    }
  } else if (/\.(?:[cm]?[jt]sx?)$/.test(file)) {
    found.push(...scriptOffences(code, /x$/.test(file) ? ts.ScriptKind.TSX : ts.ScriptKind.TS));
  }
  return found;
}

Deno.test('markup is built in components: no hand escaper, no markup template, no unreviewed raw sink', () => {
  const offences: string[] = [];
  const seenSinks = new Set<string>();
  for (const full of filesUnder(path.join(root, 'src'))) {
    const file = path.relative(root, full).split(path.sep).join('/');
    if (!/\.(?:astro|[cm]?[jt]sx?)$/.test(file)) continue;
    if (RAW_SINKS[file]) seenSinks.add(file);
    for (const offence of markupOffences(file, readFileSync(full, 'utf8'))) offences.push(`${file}: ${offence}`);
  }
  assertEquals(offences, []);
  assertEquals(
    [...seenSinks].sort(),
    Object.keys(RAW_SINKS).sort(),
    'every reviewed sink still exists (remove it from the list when it goes)',
  );
});

Deno.test('the markup check notices each way of building markup by hand', () => {
  const caught = (file: string, code: string) => markupOffences(file, code).length > 0;
  // Hand escapers, wherever they come from.
  assert(
    caught(
      'src/lib/server/x.ts',
      "import { escapeHtml } from './old.ts';\nexport const a = (t: string) => escapeHtml(t);",
    ),
  );
  assert(caught('src/lib/server/x.ts', "const map = { '&': '&amp;', '<': '&lt;' };"));
  assert(
    caught(
      'src/lib/server/x.ts',
      'export const e = (s: string) => s.replace(/[&<>]/g, (c) => `&#${c.charCodeAt(0)};`);',
    ),
  );
  assert(caught('src/lib/server/x.ts', "export const e = (s: string) => s.replaceAll('<', '&#60;');"));
  // Markup in templates and concatenations.
  assert(caught('src/lib/server/x.ts', 'export const card = (t: string) => `<h2>${t}</h2>`;'));
  assert(caught('src/lib/server/x.ts', 'export const card = (t: string) => css`<h2>${t}</h2>`;'));
  assert(caught('src/lib/server/x.ts', "export const card = (t: string) => '<h2>' + t + '</h2>';"));
  assert(
    caught(
      'src/components/x.tsx',
      'export const X = ({ t }: { t: string }) => <div ref={(el) => { if (el) el.innerHTML = `<b>${t}</b>`; }} />;',
    ),
  );
  assert(
    caught('src/pages/x.astro', '---\nconst t = Astro.url.search;\nconst row = `<li>${t}</li>`;\n---\n<ul>{row}</ul>'),
  );
  assert(caught('src/pages/x.astro', '---\nconst t = Astro.url.search;\n---\n<ul set:html={`<li>${t}</li>`} />'));
  assert(
    caught(
      'src/pages/x.astro',
      '<p>x</p>\n<script>\n  document.body.insertAdjacentHTML("beforeend", `<b>${location.hash}</b>`);\n</script>',
    ),
  );
  // A tagged template is a template too.
  assert(
    caught(
      'src/lib/server/x.ts',
      'import { html } from \'./html.ts\';\nexport const card = (t: string) => html`<h2 class="x">${t}</h2>`;',
    ),
  );
  // What is fine: components, markup-free templates, a header's <address>.
  assert(
    !caught(
      'src/lib/server/x.ts',
      "export const h = { 'List-Unsubscribe': `<${url}>` };\nexport const s = `${a} < ${b}`;\nconst t: Map<string, string> = new Map();",
    ),
  );
  assert(
    !caught(
      'src/lib/server/x.ts',
      "export const doc = `<!doctype html>${rendered}`;\nexport const ICON = '<svg></svg>';",
    ),
  );
  assert(!caught('src/components/x.tsx', 'export const X = ({ t }: { t: string }) => <h2 title={`${t}!`}>{t}</h2>;'));
  assert(!caught('src/pages/x.astro', '---\nconst t = Astro.url.search;\n---\n<a href={`/lessons?${t}`}>{t}</a>'));
  // Escaping by hand only in the one module for what Astro cannot escape.
  const json = "export const json = (v: unknown) => JSON.stringify(v).replaceAll('<', '\\\\u003c');";
  assert(caught('src/lib/x.ts', json) && !caught(ESCAPING_MODULE, json));
});
