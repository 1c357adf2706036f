// Pages are sent as UTF-8. V8 copies text that is ASCII and stored one byte per character
// straight into UTF-8, but converts any other text character by character: measured here, a
// 20 KB lesson page took 41 µs to encode with one "−" in it and 5 µs without. The lesson text a
// page repeats on every request is therefore kept as ASCII (other characters as references, which
// browsers read as the same characters) and stored one byte per character.

const NON_ASCII = /[^\x00-\x7f]/gu;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Decoding ASCII bytes yields a one-byte string, whatever the source string's storage was. */
function oneByte(ascii: string): string {
  return decoder.decode(encoder.encode(ascii));
}

/** HTML with every non-ASCII character written as a numeric character reference. */
export function toAsciiHtml(html: string): string {
  return oneByte(html.replace(NON_ASCII, (c) => `&#${c.codePointAt(0)};`));
}

/** Text as HTML: the five characters HTML gives meaning to, as references. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const PLAIN = /^[\x20\x21\x23-\x25\x28-\x3b\x3d\x3f-\x7e]*$/;

/** Text as HTML for `set:html`: escaped, and ASCII (a learner's name, say, with letters beyond it). */
export function toAsciiText(text: string): string {
  return PLAIN.test(text) ? text : toAsciiHtml(escapeHtml(text));
}

/** JSON with every non-ASCII character written as a \u escape (a pair for characters beyond U+FFFF). */
export function toAsciiJson(json: string): string {
  return oneByte(
    json.replace(NON_ASCII, (c) =>
      Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
    ),
  );
}
