/** A `?next=` target, only when it is a same-site path (no scheme, no host, no backslashes). */
export function safeNextPath(next: string | null | undefined, fallback = '/'): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.includes('\\') || /[\u0000-\u001f]/.test(next)) {
    return fallback;
  }
  return next;
}
