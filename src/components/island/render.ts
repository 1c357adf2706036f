// The server side of ReactIsland.astro: an island's markup is a pure function of its component
// and its props (the components read the clock and the browser only in effects), so a repeat
// view of unchanged data (a learner reloading the dashboard) reuses the markup React made last
// time instead of rendering again. Least recently used first out, within a fixed number of
// characters. The markup is kept in ASCII (other characters as references).
import { type ComponentType, createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { toAsciiHtml, toAsciiJson } from '../../lib/ascii-text.ts';

/** Characters of keys and markup kept in all (about twice as many bytes). */
export const MARKUP_CACHE_CHARS = 8 * 1024 * 1024;

const componentIds = new WeakMap<ComponentType<any>, number>();
let kept = 0;
let components = 0;

/** An island's markup and its props' JSON, both in ASCII (ascii-text.ts). */
export interface IslandParts {
  markup: string;
  json: string;
}

const parts = new Map<string, IslandParts>();

const byProps = new WeakMap<object, { component: ComponentType<any>; parts: IslandParts }>();

/**
 * islandParts for a props object, kept per object: a page that passes the same object while its
 * data is unchanged (the review queue, the progress screen) neither serializes nor looks up its
 * props again. Props are read-only.
 */
export function islandPartsFor(
  component: ComponentType<any>,
  props: object,
  toJson: (props: object) => string,
): IslandParts {
  const known = byProps.get(props);
  if (known?.component === component) return known.parts;
  const made = islandParts(component, toJson(props));
  byProps.set(props, { component, parts: made });
  return made;
}

/**
 * React's markup for `component` given `json`, the JSON text of its props, and that JSON, both
 * written in ASCII: a page with any other character in it is encoded to UTF-8 character by
 * character. Kept per props.
 */
export function islandParts(component: ComponentType<any>, json: string): IslandParts {
  let id = componentIds.get(component);
  if (id === undefined) componentIds.set(component, id = components++);
  const key = `${id}:${json}`;
  const known = parts.get(key);
  if (known !== undefined) {
    parts.delete(key);
    parts.set(key, known);
    return known;
  }
  const made = {
    markup: toAsciiHtml(renderToString(createElement(component, JSON.parse(json)))),
    json: toAsciiJson(json),
  };
  const size = key.length + made.markup.length + made.json.length;
  if (size > MARKUP_CACHE_CHARS / 8) return made;
  parts.set(key, made);
  kept += size;
  for (const [oldest, old] of parts) {
    if (kept <= MARKUP_CACHE_CHARS) break;
    parts.delete(oldest);
    kept -= oldest.length + old.markup.length + old.json.length;
  }
  return made;
}
