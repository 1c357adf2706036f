// The one rendering of a lesson's sections, used by the learner's lesson page and by the admin
// preview, so the preview shows exactly the markup learners get (docs/DESIGN.md: admin text is
// rendered through the markdown sanitizer and never runs script).
import { CALCULATOR_TITLES, type CalculatorKind, splitCalculatorBlocks } from '../../practice-tools.ts';
import { type Level, LEVEL_LABELS, type Pillar, PILLAR_LABELS } from '../../domain.ts';
import { toAsciiHtml, toAsciiJson } from '../../ascii-text.ts';
import { html, jsonForScript, type SafeHtml } from '../platform/html.ts';
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
  return sectionChunks(sections, content).map((chunks) =>
    chunks.map((c) => (c.calculator ? c : { html: toAsciiHtml(c.markup) }))
  );
}

/** A LessonChunk while it is being put together: markup from html.ts. */
type Chunk = { markup: SafeHtml; calculator?: undefined } | { calculator: CalculatorKind; markup?: undefined };

function sectionChunks(sections: readonly SectionSource[], content?: string | null): Chunk[][] {
  // A stored lesson keeps its sections array until it changes (the catalogue is kept in memory),
  // so each version of a lesson is rendered once, not on every page view.
  const known = rendered.get(sections);
  if (known && known.content === content) return known.chunks;
  const chunks = renderChunks(sections, content);
  rendered.set(sections, { content, chunks });
  return chunks;
}

const rendered = new WeakMap<readonly SectionSource[], { content: string | null | undefined; chunks: Chunk[][] }>();

function renderChunks(sections: readonly SectionSource[], content?: string | null): Chunk[][] {
  const list = sections.length > 0 ? sections : [{ content: content ?? '' }];
  return list.map((s) => {
    const chunks: Chunk[] = [];
    if (s.header || s.subheader) {
      chunks.push({
        markup: html`${s.header && html`<h2>${s.header}</h2>`}${
          s.subheader && html`<p class="subheader">${s.subheader}</p>`
        }`,
      });
    }
    for (const block of splitCalculatorBlocks(s.content ?? '')) {
      chunks.push(
        block.type === 'calculator'
          ? { calculator: block.kind }
          : { markup: html`<div class="prose">${renderMarkdownCached(block.text)}</div>` },
      );
    }
    return chunks;
  });
}

/** What the lesson page shows above its quiz card, as the catalogue holds a lesson. */
export interface ArticleSource {
  title: string;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  duration: number;
  learningObjectives: readonly string[];
  sections: readonly SectionSource[];
  content: string | null;
  sources: readonly { title: string; publisher?: string; url: string }[];
  reviewedAt: string | null;
}

/**
 * The lesson page's article above its quiz card (header, learning objectives, the sections and
 * the sources) as HTML, with a place for each practice tool; the HTML between tools is joined into
 * one part, so a lesson without tools is one string. Rendered once per version of a lesson (as
 * Astro markup, its many expressions were re-rendered on every view).
 */
export function renderLessonArticle(lesson: ArticleSource): LessonChunk[] {
  let parts = articles.get(lesson);
  if (!parts) {
    parts = joinHtml(renderArticle(lesson));
    articles.set(lesson, parts);
  }
  return parts;
}

const articles = new WeakMap<ArticleSource, LessonChunk[]>();

function renderArticle(lesson: ArticleSource): Chunk[] {
  const objectives = lesson.learningObjectives.length > 0 &&
    html`
      <div class="objectives card">
        <h2>You'll learn to</h2>
        <ul>${lesson.learningObjectives.map((o) => html`<li>${o}</li>`)}</ul>
      </div>
    `;
  const crumbs = html`
    <p
      class="crumbs"><a href="/lessons?pillar=${lesson.pillar}&amp;level=${lesson
        .level}">${PILLAR_LABELS[lesson.pillar]} &middot; ${LEVEL_LABELS[lesson.level]}</a> &middot; Lesson ${lesson
        .orderIndex} &middot; ${lesson.duration} min read</p>
  `;
  const header = html`<header class="lesson-header">${crumbs}<h1>${lesson.title}</h1>${objectives}</header>`;
  const sources = lesson.sources.length > 0 &&
    html`<footer class="sources"><h2>Sources</h2><ul>${
      lesson.sources.map(
        (s) =>
          html`<li><a href="${s.url}" rel="noopener noreferrer nofollow">${s.title}</a>${
            s.publisher && html`<span>, ${s.publisher}</span>`
          }</li>`,
      )
    }</ul>${
      lesson.reviewedAt && html`<p>Reviewed ${lesson.reviewedAt}. Education, not financial advice.</p>`
    }</footer>`;
  // The text in steps, one section each (lesson-steps.ts moves between them; the first shows
  // before any script runs), with the step navigation after it.
  const sections = sectionChunks(lesson.sections, lesson.content);
  const steps = sections.length;
  const nav = html`
    <nav class="lesson-steps" id="lesson-steps" aria-label="Lesson steps" data-steps="${steps}">
      <p class="steps-count" aria-live="polite" data-step-label>Step 1 of ${steps}</p>
      <div class="meter" aria-hidden="true"><span class="meter-fill w-${Math.round((1 / steps) * 20) *
        5}" data-step-meter></span></div>
      <div
        class="steps-actions"><button type="button" class="btn btn-outline" data-step-back disabled>Back</button><button type="button" class="btn btn-primary" data-step-next disabled>Continue</button></div>
      <p
        class="steps-links"><button type="button" class="link-button" data-step-mode disabled>Show the whole lesson on one page</button><a href="#lesson-start" data-skip-quiz>Skip to quiz</a></p>
    </nav>
  `;
  const open = (step: number) =>
    step === 1
      ? html`<section class="lesson-section" data-step="${step}" data-current>`
      : html`<section class="lesson-section" data-step="${step}">`;
  return [
    { markup: html`${header}<div id="lesson-missed"></div><div class="lesson-body" id="lesson-content">` },
    ...sections.flatMap((chunks, i): Chunk[] => [{ markup: open(i + 1) }, ...chunks, { markup: html`</section>` }]),
    { markup: html`${sources}</div>${nav}` },
  ];
}

/** Consecutive HTML chunks as one, ASCII and stored flat (see ascii-text.ts). */
function joinHtml(chunks: Chunk[]): LessonChunk[] {
  const joined: Chunk[] = [];
  for (const chunk of chunks) {
    const last = joined.at(-1);
    if (chunk.markup !== undefined && last?.markup !== undefined) {
      joined[joined.length - 1] = { markup: html`${last.markup}${chunk.markup}` };
    } else joined.push(chunk);
  }
  return joined.map((chunk) => (chunk.calculator ? chunk : { html: toAsciiHtml(chunk.markup) }));
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
    json = toAsciiJson(jsonForScript(value()));
    scriptJson.set(owner, json);
  }
  return json;
}

/** Where a practice tool goes, named, for the admin preview (the tool itself runs on the lesson page). */
export function calculatorPlaceholderHtml(kind: CalculatorKind): SafeHtml {
  return html`
    <div class="practice-placeholder" data-calculator="${kind}">
      <p class="practice-placeholder-title">${CALCULATOR_TITLES[kind]}</p>
      <p>Practice tool: learners use it here, on the lesson page.</p>
    </div>
  `;
}

/** The admin preview: each section as the lesson page's markup, practice tools as placeholders. */
export function renderLessonSectionsHtml(sections: readonly SectionSource[]): string[] {
  return sectionChunks(sections).map((chunks) =>
    toAsciiHtml(
      html`<section class="lesson-section">${
        chunks.map((c) => (c.calculator ? calculatorPlaceholderHtml(c.calculator) : c.markup))
      }</section>`,
    )
  );
}
