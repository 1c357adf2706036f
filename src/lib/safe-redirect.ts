/**
 * A `?next=` target, only when it is a same-site path (no scheme, no host, no backslashes),
 * returned percent-encoded so that it is always a valid Location header (a raw "/leçon" is not).
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || /[\u0000-\u001f\u007f]/.test(next)) {
    return fallback;
  }
  try {
    const base = 'http://same.site';
    const url = new URL(next, base);
    if (url.origin !== base) return fallback;
    return url.pathname + url.search + url.hash;
  } catch {
    return fallback;
  }
}
