// Astro's own <meta> CSP carries script-src and style-src with hashes for every page; these are
// the directives a meta tag cannot carry, plus the rest of the usual set.
export const securityHeaders: Record<string, string> = {
  // style-src-attr: inline style *attributes* only (apexcharts sets them on SVG nodes); <style>
  // elements and every script stay limited to Astro's hashes. Style attributes cannot run script.
  'Content-Security-Policy': "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'; style-src-attr 'unsafe-inline'",
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};

/** HTTPS only, for a year, subdomains included: sent in production (behind TLS) on every answer. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** The headers every answer gets in this environment. */
export function securityHeadersFor(env: { APP_ENV: string }): Record<string, string> {
  return env.APP_ENV === 'production' ? { ...securityHeaders, 'Strict-Transport-Security': STRICT_TRANSPORT_SECURITY } : securityHeaders;
}

const OURS = securityHeaders['Content-Security-Policy'].split(';').map((d) => d.trim());

/**
 * A page's own Content-Security-Policy (Astro's script and style hashes) with our directives
 * beside it, for those it does not set itself.
 */
export function mergeContentSecurityPolicy(theirs: string): string {
  if (theirs === securityHeaders['Content-Security-Policy']) return theirs;
  const directives = theirs.split(';').map((d) => d.trim()).filter(Boolean);
  const names = new Set(directives.map((d) => d.split(/\s+/)[0]));
  return [...directives, ...OURS.filter((d) => !names.has(d.split(/\s+/)[0]))].join('; ');
}
