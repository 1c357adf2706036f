// The one source of the Content-Security-Policy and the other security headers. The build lists
// the hashes of every inline script and stylesheet it emits (csp-hashes.ts); the server reads them
// once, at start, and sends one policy, built here, with every answer: pages, files and API alike.
import { createHash } from 'node:crypto';

/** Every directive but script-src and style-src, which name the build's hashes. */
export const CSP_DIRECTIVES = [
  "default-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
] as const;

/**
 * Inline style *attributes* only (apexcharts sets them on SVG nodes); <style> elements and every
 * script stay limited to the build's hashes. Style attributes cannot run script.
 */
export const CSP_STYLE_ATTRIBUTES = "'unsafe-inline'";

/** The policy: our directives, plus scripts and stylesheets from this origin or with a listed hash. */
export function contentSecurityPolicy(hashes: { scriptHashes: string[]; styleHashes: string[] }): string {
  return [
    ...CSP_DIRECTIVES,
    ["script-src 'self'", ...hashes.scriptHashes].join(' '),
    ["style-src 'self'", ...hashes.styleHashes].join(' '),
    `style-src-attr ${CSP_STYLE_ATTRIBUTES}`,
  ].join('; ');
}

/** HTTPS only, for a year, subdomains included: sent in production (behind TLS) on every answer. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/**
 * The headers every answer gets in this environment. A document's policy names the build's hashes;
 * a script, stylesheet, image or JSON answer (no document of its own) gets the same directives
 * without them, so the hashes are not sent again with each of a page's files.
 */
export function securityHeadersFor(
  env: { APP_ENV: string },
  hashes: { scriptHashes: string[]; styleHashes: string[] } = { scriptHashes: [], styleHashes: [] },
): Record<string, string> {
  return {
    'Content-Security-Policy': contentSecurityPolicy(hashes),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'X-Frame-Options': 'DENY',
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
    ...(env.APP_ENV === 'production' ? { 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : {}),
  };
}

const APEXCHARTS_STYLE_MARKER = 'document.createTextNode("\\n      .apexcharts-flip-y';

/**
 * apexcharts 3 adds one fixed <style> element to each chart's SVG; the policy allows exactly that
 * text by its hash, taken from the installed package's source (`file`, named in the error) so an
 * upgrade cannot silently break the charts. Throws when the text is no longer where it was.
 */
export function apexchartsStyleHash(source: string, file: string): string {
  const at = source.indexOf(APEXCHARTS_STYLE_MARKER);
  if (at === -1) {
    throw new Error(
      `${file} no longer contains the chart stylesheet text (marker ${JSON.stringify(APEXCHARTS_STYLE_MARKER)}); ` +
        'find the new text, update apexchartsStyleHash in src/lib/server/platform/security-headers.ts, and check the progress charts still render.',
    );
  }
  const start = at + 'document.createTextNode('.length;
  let end = start + 1;
  while (end < source.length && !(source[end] === '"' && source[end - 1] !== '\\')) end++;
  if (end >= source.length) throw new Error(`${file}: the chart stylesheet text after the marker has no closing quote`);
  const text = JSON.parse(source.slice(start, end + 1)) as string;
  return `'sha256-${createHash('sha256').update(text).digest('base64')}'`;
}
