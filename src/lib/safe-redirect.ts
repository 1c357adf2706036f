/** The longest `next` we follow; anything longer is not a path of ours. */
const MAX_NEXT = 2048;

/**
 * A `?next=` target, only when it is a same-origin path; otherwise `fallback`. The value is judged
 * after URL normalisation (dot segments, `%2e`, backslashes, tabs and newlines dropped by the URL
 * parser), since that is what a browser would follow: the result must be a path on our origin that
 * does not start with `//` or `/\`. Returned percent-encoded, so it is always a valid Location.
 * Used by the server's redirects and by the sign-in forms alike.
 */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (typeof next !== 'string' || next.length === 0 || next.length > MAX_NEXT) return fallback;
  if (!next.startsWith('/') || /^[/\\]{2}|^\/\\/.test(next)) return fallback;
  if (/[\\\u0000-\u001f\u007f]/.test(next)) return fallback;
  let url: URL;
  try {
    const base = 'https://same.origin.invalid';
    url = new URL(next, base);
    if (url.origin !== base) return fallback;
  } catch {
    return fallback;
  }
  const path = url.pathname + url.search + url.hash;
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return fallback;
  return path;
}
