// The one rendering of a lesson's sections, used by the learner's lesson page and by the admin
// preview, so the preview shows exactly the markup learners get (DESIGN.md: admin text is
// rendered through the markdown sanitizer and never runs script).
import { CALCULATOR_TITLES, splitCalculatorBlocks, type CalculatorKind } from '../practice-tools.ts';
import { escapeHtml, toAsciiHtml, toAsciiJson } from './ascii-text.ts';
import { renderMarkdownCached } from './markdown.ts';

/** Sanitized HTML, or the place of a practice tool (a `[[calculator:<kind>]]` line). */
export type LessonChunk = { html: string; calculator?: undefined } | { calculator: CalculatorKind; html?: undefined };

export interface SectionSource {
  header?: string;
  subheader?: string;
  content: string;
}

/**
 * Each section as chunks: its header (h2) and subheader as text, then its content as sanitized
 * markdown (div.prose), split around practice tools. A lesson without sections shows its older
 * single content field (spec 3).
 */
export function renderLessonSections(sections: readonly SectionSource[], content?: string | null): LessonChunk[][] {
  // A stored lesson keeps its sections array until it changes (the catalogue is kept in memory),
  // so each version of a lesson is rendered once, not on every page view.
  const known = rendered.get(sections);
  if (known && known.content === content) return known.chunks;
  const chunks = renderChunks(sections, content);
  rendered.set(sections, { content, chunks });
  return chunks;
}

const rendered = new WeakMap<readonly SectionSource[], { content: string | null | undefined; chunks: LessonChunk[][] }>();

function renderChunks(sections: readonly SectionSource[], content?: string | null): LessonChunk[][] {
  const list = sections.length > 0 ? sections : [{ content: content ?? '' }];
  return list.map((s) => {
    const chunks: LessonChunk[] = [];
    const head = (s.header ? `<h2>${escapeHtml(s.header)}</h2>` : '') + (s.subheader ? `<p class="subheader">${escapeHtml(s.subheader)}</p>` : '');
    if (head) chunks.push({ html: toAsciiHtml(head) });
    for (const block of splitCalculatorBlocks(s.content ?? '')) {
      chunks.push(block.type === 'calculator' ? { calculator: block.kind } : { html: toAsciiHtml(`<div class="prose">${renderMarkdownCached(block.text)}</div>`) });
    }
    return chunks;
  });
}

const scriptJson = new WeakMap<object, string>();

/**
 * `value()` as the text of a `<script type="application/json">` element ('<' escaped, so it
 * cannot end the element; ASCII, see ascii-text.ts), serialized once per `owner` (a lesson as
 * the catalogue holds it, replaced when the lesson changes).
 */
export function scriptJsonFor(owner: object, value: () => unknown): string {
  let json = scriptJson.get(owner);
  if (json === undefined) {
    json = toAsciiJson(JSON.stringify(value()).replaceAll('<', '\\u003c'));
    scriptJson.set(owner, json);
  }
  return json;
}

/** Where a practice tool goes, named, for the admin preview (the tool itself runs on the lesson page). */
export function calculatorPlaceholderHtml(kind: CalculatorKind): string {
  return `<div class="practice-placeholder" data-calculator="${kind}"><p class="practice-placeholder-title">${escapeHtml(CALCULATOR_TITLES[kind])}</p><p>Practice tool: learners use it here, on the lesson page.</p></div>`;
}

/** The admin preview: each section as the lesson page's markup, practice tools as placeholders. */
export function renderLessonSectionsHtml(sections: readonly SectionSource[]): string[] {
  return renderLessonSections(sections).map(
    (chunks) => `<section class="lesson-section">${chunks.map((c) => (c.calculator ? calculatorPlaceholderHtml(c.calculator) : c.html)).join('')}</section>`,
  );
}
