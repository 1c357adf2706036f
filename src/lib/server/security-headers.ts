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
