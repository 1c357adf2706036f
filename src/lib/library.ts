// The public lesson library's pure rules (issue 42): a lesson's one-line summary, the pieces of a
// search highlight, and the slug an author may give a lesson. The server side is
// src/lib/server/learning/library.ts.

/** Where PostgreSQL's ts_headline marks a match: private-use characters, removed from the text first. */
export const MATCH_START = '\uE000';
export const MATCH_END = '\uE001';

/** A piece of highlighted text: shown as text, inside <mark> when it matched. */
export interface HighlightPart {
  text: string;
  match: boolean;
}

/**
 * A headline split at the match markers. The text stays text: the page renders each part as an
 * element's content (escaped), never as markup.
 */
export function highlightParts(headline: string): HighlightPart[] {
  const parts: HighlightPart[] = [];
  for (const [i, piece] of headline.split(MATCH_START).entries()) {
    const [matched, rest] = i === 0 ? [undefined, piece] : splitOnce(piece, MATCH_END);
    if (matched) parts.push({ text: matched, match: true });
    if (rest) parts.push({ text: rest.replaceAll(MATCH_END, ''), match: false });
  }
  return parts;
}

function splitOnce(text: string, marker: string): [string, string] {
  const at = text.indexOf(marker);
  return at < 0 ? [text, ''] : [text.slice(0, at), text.slice(at + marker.length)];
}

/**
 * A search box's text as the library searches it: control characters (NUL, which PostgreSQL's
 * text refuses, among them) become spaces; at most 1,000 characters.
 */
export function cleanQuery(raw: string | null): string {
  return (raw ?? '').slice(0, 1000).replace(/[\u0000-\u001f\u007f]/g, ' ');
}

/** Markdown as plain words: links keep their text, marks and calculator lines go. */
export function plainText(markdown: string): string {
  return markdown
    .replace(/^\s*\[\[calculator:[a-z-]+\]\]\s*$/gim, ' ')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`#|~]+/g, ' ')
    // Block quotes' marks (written as \u003e: it is not an HTML escape).
    .replace(/^\s*\u003e+/gm, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

const SUMMARY_MAX = 160;

/** A lesson's one-line summary: the first sentence of its text, at most 160 characters. */
export function lessonSummary(lesson: {
  sections: ReadonlyArray<{ content: string }>;
  content?: string | null;
  learningObjectives: readonly string[];
}): string {
  // The line comes from the opening: /learn makes every lesson's line on each request, so it reads
  // only the first 1,000 characters and splits only as much text as a line can hold.
  const opening = (lesson.sections.map((s) => s.content).join('\n\n') || lesson.content || '').slice(0, 1000);
  const text = plainText(opening).slice(0, 2 * SUMMARY_MAX);
  // Whole sentences until the line says enough (80 characters), or the first words of a long one.
  let line = '';
  for (const sentence of text.match(/[^.!?]+[.!?]+(?=\s|$)|[^.!?]+$/g) ?? []) {
    if (line && line.length + sentence.length > SUMMARY_MAX) break;
    line = `${line}${sentence}`.trim();
    if (line.length >= 80) break;
  }
  line ||= lesson.learningObjectives[0] ?? '';
  return line.length <= SUMMARY_MAX ? line : `${line.slice(0, SUMMARY_MAX - 1).replace(/\s+\S*$/, '')}…`;
}

/** A lesson's address: lowercase letters and digits in words joined by single hyphens. */
export const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const SLUG_MAX = 80;

/** ISO 8601 duration of a reading time in minutes (schema.org timeRequired). */
export function isoMinutes(minutes: number): string {
  return `PT${Math.max(1, Math.round(minutes))}M`;
}
