// Version tags for public pages (issue 42): a weak ETag made of the build and the stored data a
// page shows (the catalogue's state, content/catalogue.ts), so a browser or CDN may keep the page
// and ask again with If-None-Match, and a publish changes it on every instance.
import { createHash } from 'node:crypto';

/** Set at build (astro.config.mjs): a new build changes the markup of every page. */
const BUILD = import.meta.env.BUILD_ID ?? 'dev';

/** Public pages: any cache may keep them, but must ask again before each use. */
export const PUBLIC_CACHE = 'public, max-age=0, must-revalidate';
/** A page that shows a signed-in learner's own state: never kept by a shared cache. */
export const PRIVATE_CACHE = 'private, no-store';

/** The weak ETag of a page showing `parts` (its path, its query, the stored versions it reads). */
export function pageTag(parts: readonly string[]): string {
  return `W/"${createHash('sha256').update([BUILD, ...parts].join('\u0000')).digest('hex').slice(0, 24)}"`;
}

/** Whether the request's If-None-Match names the tag (weak comparison, as RFC 9110 asks for GET). */
export function matchesTag(request: Request, tag: string): boolean {
  const header = request.headers.get('if-none-match');
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(tag));
}

/** 304 Not Modified with the page's validators. */
export function notModified(tag: string): Response {
  return new Response(null, { status: 304, headers: { ETag: tag, 'Cache-Control': PUBLIC_CACHE, Vary: 'Cookie' } });
}
