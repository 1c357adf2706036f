// Pages are sent as UTF-8. V8 copies text that is ASCII and stored one byte per character
// straight into UTF-8, but converts any other text character by character. The lesson text a
// page repeats on every request is therefore kept as ASCII (other characters as references, which
// browsers read as the same characters) and stored one byte per character.

const NON_ASCII = /[^\x00-\x7f]/gu;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Decoding ASCII bytes yields a one-byte string, whatever the source string's storage was. */
function oneByte(ascii: string): string {
  return decoder.decode(encoder.encode(ascii));
}

/**
 * HTML (server/platform/html.ts made it, a sanitizer or React did) with every non-ASCII character written as a numeric
 * character reference; the result is stored one byte per character.
 */
export function toAsciiHtml(html: string | { toString(): string }): string {
  return oneByte(String(html).replace(NON_ASCII, (c) => `&#${c.codePointAt(0)};`));
}

/** JSON with every non-ASCII character written as a \u escape (a pair for characters beyond U+FFFF). */
export function toAsciiJson(json: string): string {
  return oneByte(
    json.replace(
      NON_ASCII,
      (c) => Array.from({ length: c.length }, (_, i) => `\\u${c.charCodeAt(i).toString(16).padStart(4, '0')}`).join(''),
    ),
  );
}
