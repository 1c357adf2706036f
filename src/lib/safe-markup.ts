// The two places Astro's escaping does not reach: the scheme of a URL from lesson content, and JSON
// written inside a <script> element.

/** What an href is replaced with when its scheme could run code (after Closure's about:invalid). */
export const UNSAFE_URL = 'about:invalid#unsafe-url';

const SAFE_SCHEMES = new Set(['http', 'https', 'mailto']);

/**
 * True for a URL with a safe scheme or none (relative), read the way browsers read it: tabs and
 * newlines anywhere and leading controls and spaces dropped, letters in any case. Scheme-relative
 * URLs (`//host`, `\\host`) leave the site and are refused too.
 */
export function isSafeUrl(url: string): boolean {
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\x00-\x20]+/, '');
  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned);
  if (scheme) return SAFE_SCHEMES.has(scheme[1].toLowerCase());
  return !/^[/\\]{2}/.test(cleaned);
}

/** A link target from content: the URL itself when it is safe, an inert URL when it is not. */
export function safeHref(url: string): string {
  return isSafeUrl(url) ? url : UNSAFE_URL;
}

/**
 * A value as the text of a `<script type="application/json">` (or ld+json) element: JSON with '<'
 * written as \u003c, so no value can end the element or open a comment in it.
 */
export function jsonForScript(value: unknown): string {
  return jsonTextForScript(JSON.stringify(value));
}

/** JSON text already written (stored as JSON), made safe the same way: '<' occurs only inside its strings. */
export function jsonTextForScript(json: string): string {
  return json.replaceAll('<', '\\u003c');
}

/**
 * Text for an XML document built as a string (the lesson preview images' SVG, lesson-image.ts):
 * the five characters XML gives meaning to, as entities.
 */
export function xmlText(value: string): string {
  return value.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;')
    .replaceAll("'", '&apos;');
}
