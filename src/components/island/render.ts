// The server side of ReactIsland.astro: an island's markup is a pure function of its component
// and its props (the components read the clock and the browser only in effects), so a repeat
// view of unchanged data (a learner reloading the dashboard) reuses the markup React made last
// time instead of rendering again. Least recently used first out, within a fixed number of
// characters. The markup is kept in ASCII (other characters as references).
import { createElement, type ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { toAsciiHtml } from '../../lib/server/platform/ascii-text.ts';

/** Characters of keys and markup kept in all (about twice as many bytes). */
export const MARKUP_CACHE_CHARS = 8 * 1024 * 1024;

const componentIds = new WeakMap<ComponentType<any>, number>();
const markups = new Map<string, string>();
let kept = 0;
let components = 0;

/** React's markup for `component` given `json`, the JSON text of its props. */
export function islandMarkup(component: ComponentType<any>, json: string): string {
  let id = componentIds.get(component);
  if (id === undefined) componentIds.set(component, (id = components++));
  const key = `${id}:${json}`;
  const known = markups.get(key);
  if (known !== undefined) {
    markups.delete(key);
    markups.set(key, known);
    return known;
  }
  // Written in ASCII (ascii-text.ts): a page with any other character in it is encoded to UTF-8
  // character by character, which on the dashboard cost ~0.15 ms a request (profiled).
  const markup = toAsciiHtml(renderToString(createElement(component, JSON.parse(json))));
  const size = key.length + markup.length;
  if (size > MARKUP_CACHE_CHARS / 8) return markup;
  markups.set(key, markup);
  kept += size;
  for (const [oldest, old] of markups) {
    if (kept <= MARKUP_CACHE_CHARS) break;
    markups.delete(oldest);
    kept -= oldest.length + old.length;
  }
  return markup;
}
