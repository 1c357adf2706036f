import type { APIContext, AstroGlobal } from 'astro';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { mayPublish, mayUseStudio } from './permissions.ts';
import type { SessionUser } from './types.ts';

export { mayPublish, mayUseStudio } from './permissions.ts';

type Context = Pick<APIContext, 'locals' | 'url'> | Pick<AstroGlobal, 'locals' | 'url'>;

/** The signed-in user, or a 401. */
export function requireUser(context: Context): SessionUser {
  const user = context.locals.user;
  if (!user) throw new HttpError(401, 'Please sign in to continue');
  return user;
}

/** The signed-in admin, or 401 / 403. */
export function requireAdmin(context: Context): SessionUser {
  const user = requireUser(context);
  if (user.role !== 'admin') {
    log('warn', 'refused: admin role required', { userId: user.id, path: context.url.pathname });
    throw new HttpError(403, 'You do not have permission to do this');
  }
  return user;
}

/** The signed-in author or admin (the studio), or 401 / 403. */
export function requireStudio(context: Context): SessionUser {
  const user = requireUser(context);
  if (!mayUseStudio(user)) {
    log('warn', 'refused: author role required', { userId: user.id, path: context.url.pathname });
    throw new HttpError(403, 'You do not have permission to do this');
  }
  return user;
}

/** The signed-in admin who may publish, unpublish and delete, or 401 / 403. */
export function requirePublisher(context: Context): SessionUser {
  const user = requireUser(context);
  if (!mayPublish(user)) {
    log('warn', 'refused: admin role required', { userId: user.id, path: context.url.pathname });
    throw new HttpError(403, 'Only an admin can publish, unpublish or delete lessons');
  }
  return user;
}

/** A `userId` taken from a request must be the signed-in user's own. */
export function requireOwnUserId(user: SessionUser, userId: unknown): void {
  if (userId !== undefined && userId !== null && userId !== '' && String(userId) !== user.id) {
    log('warn', 'refused: foreign userId', { userId: user.id, requested: String(userId).slice(0, 64) });
    throw new HttpError(403, 'You can only act on your own account');
  }
}

/**
 * Where a signed-out visitor to a signed-in page goes (spec 2: the dashboard, the lessons list and
 * the assessment to `/`; a lesson page, and the progress, review and account screens, to
 * `/login`), always carrying the page they wanted (`?next=`), so signing in returns there.
 */
export function signInFirst(url: URL, to: '/' | '/login', reason?: 'lesson'): string {
  const next = encodeURIComponent(url.pathname + url.search);
  return `${to}?${reason ? `reason=${reason}&` : ''}next=${next}`;
}
