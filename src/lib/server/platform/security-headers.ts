// The one source of the Content-Security-Policy and the other security headers. astro.config.mjs
// gives these directives to Astro, which adds its script and style hashes and sends the whole
// policy with every page (prerendered pages through dist/_headers.json); the server sends the
// same directives, without hashes, with every other answer (API, redirects, client files).
import { createHash } from 'node:crypto';

/** Every directive but script-src and style-src, which Astro writes with its hashes. */
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
 * script stay limited to Astro's hashes. Style attributes cannot run script.
 */
export const CSP_STYLE_ATTRIBUTES = "'unsafe-inline'";

/** The policy of an answer Astro did not render: no inline script or style element at all. */
export const CONTENT_SECURITY_POLICY = [...CSP_DIRECTIVES, `style-src-attr ${CSP_STYLE_ATTRIBUTES}`].join('; ');

export const securityHeaders: Record<string, string> = {
  'Content-Security-Policy': CONTENT_SECURITY_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** HTTPS only, for a year, subdomains included: sent in production (behind TLS) on every answer. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every answer gets in this environment (a page's own CSP, from Astro, replaces ours). */
export function securityHeadersFor(env: { APP_ENV: string }): Record<string, string> {
  return env.APP_ENV === 'production'
    ? { ...securityHeaders, 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY }
    : securityHeaders;
}

const APEXCHARTS_STYLE_MARKER = 'document.createTextNode("\\n      .apexcharts-flip-y';

/**
 * apexcharts 3 adds one fixed <style> element to each chart's SVG; the policy allows exactly that
 * text by its hash, taken from the installed package's source (`file`, named in the error) so an
 * upgrade cannot silently break the charts. Throws when the text is no longer where it was.
 */
export function apexchartsStyleHash(source: string, file: string): `sha256-${string}` {
  const at = source.indexOf(APEXCHARTS_STYLE_MARKER);
  if (at === -1) {
    throw new Error(
      `${file} no longer contains the chart stylesheet text (marker ${JSON.stringify(APEXCHARTS_STYLE_MARKER)}); ` +
        'find the new text, update apexchartsStyleHash in src/lib/server/security-headers.ts, and check the progress charts still render.',
    );
  }
  const start = at + 'document.createTextNode('.length;
  let end = start + 1;
  while (end < source.length && !(source[end] === '"' && source[end - 1] !== '\\')) end++;
  if (end >= source.length) throw new Error(`${file}: the chart stylesheet text after the marker has no closing quote`);
  const text = JSON.parse(source.slice(start, end + 1)) as string;
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
