// The one guard of the studio's pages and the admin screens: a signed-out visitor goes to sign in
// and comes back; someone without the role gets 403 and the page's refusal, logged here. The second
// factor staff must prove is checked before any page runs (the middleware's auth/factors/staff.ts).
import type { AstroGlobal } from 'astro';
import { mayUseStudio, signInFirst } from '../auth/guards.ts';
import type { SessionUser } from '../auth/types.ts';
import { log } from '../platform/log.ts';

export interface StudioVisit {
  user: SessionUser;
  /** False: the page has answered 403 and shows its refusal. */
  allowed: boolean;
}

type Page = Pick<AstroGlobal, 'locals' | 'url' | 'redirect' | 'response'>;

/** The visitor of a studio page (authors and admins) or of an admin screen (`'admin'`), or a Response to return at once. */
export function studioVisit(page: Page, who: 'studio' | 'admin' = 'studio'): StudioVisit | Response {
  const user = page.locals.user;
  if (!user) return page.redirect(signInFirst(page.url, '/login'));
  const allowed = who === 'admin' ? user.role === 'admin' : mayUseStudio(user);
  if (!allowed) {
    page.response.status = 403;
    log('warn', `refused: ${who} screen`, { userId: user.id, path: page.url.pathname });
  }
  return { user, allowed };
}
