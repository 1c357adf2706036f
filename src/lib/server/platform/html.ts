// The one way this app writes HTML as a string (docs/STYLE.md: markup in components; where a string
// template stays for speed, one tagged template escapes every interpolation). Markup belongs in
// Astro or React components, which escape for us. A few hot paths keep strings instead: the lesson
// cards and the lesson article (rendered once per lesson version and joined into the page), the
// middleware's error page (it must render when the rest of the app cannot). They write
//
//   html`<a class="btn" href="/lesson/${lesson.id}">${lesson.title}</a>`
//
// Every interpolation is escaped for the place it stands in, so forgetting to escape is not
// possible: text and quoted attribute values get the five characters HTML gives meaning to as
// references; a URL attribute (href, src, ...) that the value starts must have a safe scheme
// (http, https, mailto, or be relative) or becomes an inert URL; places where escaping cannot make
// a value safe (a tag or attribute name, an unquoted value, an event handler or style attribute,
// the inside of <script>, <style> or a comment) are refused when the template is first used.
// SafeHtml from another html`` is inserted as it is, lists are joined, and the only way to insert
// other markup is unsafeRaw(), kept for HTML a sanitizer made (markdown.ts); a test lists its uses.
//
// Characters beyond ASCII are left as they are: pages that want ASCII (ascii-text.ts) convert
// their finished HTML with toAsciiHtml.

/** Values an html`` template takes. Anything else (a Date, an object) is refused: convert it first. */
export type Interpolation = SafeHtml | string | number | bigint | false | null | undefined | readonly Interpolation[];

let wrap: (markup: string) => SafeHtml;
let unwrap: (html: SafeHtml) => string;

/** Markup made by html`` (or unsafeRaw): safe to insert as it is. */
export class SafeHtml {
  readonly #markup: string;
  private constructor(markup: string) {
    this.#markup = markup;
  }
  static {
    wrap = (markup) => new SafeHtml(markup);
    unwrap = (html) => html.#markup;
  }
  toString(): string {
    return this.#markup;
  }
  toJSON(): string {
    return this.#markup;
  }
}

const SPECIAL = /[&<>"']/;
const SPECIALS = /[&<>"']/g;
const REFERENCES: Record<string, string> = { '&': '&#38;', '<': '&#60;', '>': '&#62;', '"': '&#34;', "'": '&#39;' };
const reference = (c: string) => REFERENCES[c];

function escapeText(text: string): string {
  return SPECIAL.test(text) ? text.replace(SPECIALS, reference) : text;
}

/** What an href or src is replaced with when its scheme could run code (after Closure's about:invalid). */
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

/** Markup that is already safe, inserted unescaped: only for the output of a sanitizer (markdown.ts). */
export function unsafeRaw(markup: string): SafeHtml {
  return wrap(markup);
}

/**
 * A value as the text of a `<script type="application/json">` (or ld+json) element: JSON with '<'
 * written as \u003c, so no value can end the element or open a comment in it.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replaceAll('<', '\\u003c');
}

/** The tagged template: markup with every interpolation escaped for its place (see above). */
export function html(strings: TemplateStringsArray, ...values: Interpolation[]): SafeHtml {
  const holes = holesOf(strings);
  let markup = strings[0];
  for (let i = 0; i < values.length; i++) {
    const hole = holes[i];
    markup += (hole === TEXT ? asText(values[i]) : hole === ATTRIBUTE ? asAttribute(values[i]) : asUrl(values[i])) +
      strings[i + 1];
  }
  return wrap(markup);
}

function asText(value: Interpolation): string {
  if (typeof value === 'string') return escapeText(value);
  if (value instanceof SafeHtml) return unwrap(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined || value === false) return '';
  if (Array.isArray(value)) {
    let joined = '';
    for (const item of value) joined += asText(item);
    return joined;
  }
  throw new TypeError(`html: cannot insert ${describe(value)} as text; convert it to a string first`);
}

function asAttribute(value: Interpolation): string {
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (value === null || value === undefined || value === false) return '';
  throw new TypeError(`html: an attribute value is text, not ${describe(value)}`);
}

function asUrl(value: Interpolation): string {
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value !== 'string') throw new TypeError(`html: a URL is a string, not ${describe(value)}`);
  return escapeText(isSafeUrl(value) ? value : UNSAFE_URL);
}

function describe(value: unknown): string {
  if (value instanceof SafeHtml) return 'markup (SafeHtml)';
  if (Array.isArray(value)) return 'a list';
  return value === null
    ? 'null'
    : typeof value === 'object'
    ? `an object (${Object.prototype.toString.call(value)})`
    : `a ${typeof value}`;
}

// Where each interpolation of a template stands, worked out once per template (a template's
// strings array is the same object on every call from the same place in the code).

const TEXT = 0;
const ATTRIBUTE = 1;
const URL_START = 2;
type Hole = typeof TEXT | typeof ATTRIBUTE | typeof URL_START;

const holesBySite = new WeakMap<TemplateStringsArray, Hole[]>();

function holesOf(strings: TemplateStringsArray): Hole[] {
  let holes = holesBySite.get(strings);
  if (!holes) {
    holes = scanTemplate(strings);
    holesBySite.set(strings, holes);
  }
  return holes;
}

/** Attributes whose value is a URL a browser may follow or load. */
const URL_ATTRIBUTES = new Set([
  'href',
  'src',
  'action',
  'formaction',
  'poster',
  'cite',
  'background',
  'longdesc',
  'manifest',
  'ping',
  'data',
  'codebase',
  'srcset',
  'xlink:href',
]);
/** Elements whose text is not markup: an interpolation there could not be escaped. */
const RAW_TEXT = new Set(['script', 'style', 'xmp', 'iframe', 'noembed', 'noframes', 'plaintext']);
/** Elements whose text ends only at their end tag but reads references: escaped text is safe. */
const ESCAPABLE_RAW_TEXT = new Set(['title', 'textarea']);
/** The start of a URL written in the template itself fixes its scheme (or says it has none). */
const FIXED_URL_START = /^(?:(?:https?|mailto):|\/[^/\\]|[?#]|\.\.?\/)/i;

class TemplateError extends TypeError {
  constructor(strings: TemplateStringsArray, reason: string) {
    super(`html: ${reason} in the template starting ${JSON.stringify(strings[0].slice(0, 60))}`);
  }
}

type State =
  | { at: 'text' }
  | { at: 'raw-text'; tag: string; escapable: boolean }
  | { at: 'comment' | 'declaration' | 'end-tag' }
  | { at: 'tag'; tag: string }
  | { at: 'attribute-name'; tag: string; name: string }
  | { at: 'after-attribute-name'; tag: string; name: string }
  | { at: 'before-value'; tag: string; name: string }
  | { at: 'value'; tag: string; name: string; quote: string; text: string; holes: number; fixedStart: boolean | null }
  | { at: 'unquoted-value'; tag: string };

/** A small HTML tokenizer over the template's own text: enough to tell where each hole stands. */
function scanTemplate(strings: TemplateStringsArray): Hole[] {
  const holes: Hole[] = [];
  let state: State = { at: 'text' };
  for (let s = 0; s < strings.length; s++) {
    state = scanStatic(strings, s, state);
    if (s === strings.length - 1) break;
    holes.push(holeAt(strings, s, state));
    if (state.at === 'value') state.holes++;
  }
  if (state.at !== 'text') throw new TemplateError(strings, `the template ends inside ${describeState(state)}`);
  return holes;
}

function holeAt(strings: TemplateStringsArray, s: number, state: State): Hole {
  switch (state.at) {
    case 'text':
      return TEXT;
    case 'raw-text':
      if (state.escapable) return TEXT;
      throw new TemplateError(strings, `an interpolation inside <${state.tag}> cannot be escaped`);
    case 'value': {
      const name = state.name;
      if (name.startsWith('on') || name === 'style' || name === 'srcdoc') {
        throw new TemplateError(strings, `an interpolation in the ${name} attribute could run code`);
      }
      if (!URL_ATTRIBUTES.has(name)) return ATTRIBUTE;
      if (state.holes === 0) state.fixedStart = FIXED_URL_START.test(state.text);
      if (state.fixedStart) return ATTRIBUTE;
      // The value's scheme comes from the interpolation: it must be the whole value, to be checked whole.
      if (state.holes === 0 && state.text === '' && strings[s + 1].startsWith(state.quote)) return URL_START;
      throw new TemplateError(
        strings,
        `a URL in ${name} must be one whole interpolation or start with a fixed "/path", "?", "#", "./" or "https:"`,
      );
    }
    default:
      throw new TemplateError(strings, `an interpolation inside ${describeState(state)} cannot be escaped`);
  }
}

function describeState(state: State): string {
  switch (state.at) {
    case 'text':
      return 'text';
    case 'raw-text':
      return `<${state.tag}>`;
    case 'comment':
      return 'a comment';
    case 'declaration':
      return 'a <! or <? declaration';
    case 'end-tag':
      return 'an end tag';
    case 'value':
      return `the value of ${state.name}`;
    case 'unquoted-value':
      return 'an unquoted attribute value';
    default:
      return `the tag <${state.tag}> (a name, not a quoted value)`;
  }
}

const NAME_CHAR = /[^\s"'<>/=]/;
const SPACE = /\s/;

function scanStatic(strings: TemplateStringsArray, s: number, start: State): State {
  const text = strings[s];
  let state = start;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    switch (state.at) {
      case 'text': {
        const lt = text.indexOf('<', i);
        if (lt === -1) return state;
        i = lt + 1;
        if (/^<\/?$/.test(text.slice(lt)) && s < strings.length - 1) {
          throw new TemplateError(strings, 'an interpolation right after "<" would name a tag');
        }
        if (text.startsWith('!--', i)) {
          state = { at: 'comment' };
          i += 3;
        } else if (text[i] === '!' || text[i] === '?') {
          state = { at: 'declaration' };
        } else if (text[i] === '/' && /[a-zA-Z]/.test(text[i + 1] ?? '')) {
          state = { at: 'end-tag' };
        } else if (/[a-zA-Z]/.test(text[i] ?? '')) {
          const name = /^[a-zA-Z][^\s/>]*/.exec(text.slice(i))![0];
          state = { at: 'tag', tag: name.toLowerCase() };
          i += name.length;
        }
        break;
      }
      case 'comment': {
        const end = text.indexOf('-->', i);
        if (end === -1) return state;
        state = { at: 'text' };
        i = end + 3;
        break;
      }
      case 'declaration':
      case 'end-tag': {
        const end = text.indexOf('>', i);
        if (end === -1) return state;
        state = { at: 'text' };
        i = end + 1;
        break;
      }
      case 'raw-text': {
        const end = text.toLowerCase().indexOf(`</${state.tag}`, i);
        if (end === -1) return state;
        state = { at: 'end-tag' };
        i = end + 2;
        break;
      }
      case 'tag':
      case 'after-attribute-name':
        if (SPACE.test(c)) i++;
        else if (c === '>') {
          state = enterContent(state.tag);
          i++;
        } else if (c === '/' && text[i + 1] === '>') {
          state = { at: 'text' };
          i += 2;
        } else if (c === '=' && state.at === 'after-attribute-name') {
          state = { at: 'before-value', tag: state.tag, name: state.name };
          i++;
        } else if (NAME_CHAR.test(c)) {
          state = { at: 'attribute-name', tag: state.tag, name: '' };
        } else {
          throw new TemplateError(strings, `unexpected ${JSON.stringify(c)} in the tag <${state.tag}>`);
        }
        break;
      case 'attribute-name':
        if (NAME_CHAR.test(c)) {
          state.name += c.toLowerCase();
          i++;
        } else {
          state = { at: 'after-attribute-name', tag: state.tag, name: state.name };
        }
        break;
      case 'before-value':
        if (SPACE.test(c)) i++;
        else if (c === '"' || c === "'") {
          state = { at: 'value', tag: state.tag, name: state.name, quote: c, text: '', holes: 0, fixedStart: null };
          i++;
        } else if (c === '>') {
          throw new TemplateError(strings, `the attribute ${state.name} has "=" and no value`);
        } else {
          state = { at: 'unquoted-value', tag: state.tag };
        }
        break;
      case 'value': {
        const end = text.indexOf(state.quote, i);
        if (end === -1) {
          if (state.holes === 0) state.text += text.slice(i);
          return state;
        }
        if (state.holes === 0) state.text += text.slice(i, end);
        state = { at: 'tag', tag: state.tag };
        i = end + 1;
        break;
      }
      case 'unquoted-value':
        if (SPACE.test(c)) {
          state = { at: 'tag', tag: state.tag };
          i++;
        } else if (c === '>') {
          state = enterContent(state.tag);
          i++;
        } else i++;
        break;
    }
  }
  return state;
}

function enterContent(tag: string): State {
  if (RAW_TEXT.has(tag)) return { at: 'raw-text', tag, escapable: false };
  if (ESCAPABLE_RAW_TEXT.has(tag)) return { at: 'raw-text', tag, escapable: true };
  return { at: 'text' };
}
