// What each role may do, as plain predicates (the guards in guards.ts throw with them; pages use
// them to choose what to show). Authors (AUTHOR_EMAILS) write drafts and see statistics in the
// studio; admins (ADMIN_EMAILS) also publish, unpublish and delete.
import type { SessionUser } from './types.ts';

type Someone = Pick<SessionUser, 'role'> | null | undefined;

/** Whether this user may use the authoring studio (write drafts, see statistics): authors and admins. */
export function mayUseStudio(user: Someone): boolean {
  return user?.role === 'author' || user?.role === 'admin';
}

/** Whether this user may publish, unpublish and delete lessons: admins only. */
export function mayPublish(user: Someone): boolean {
  return user?.role === 'admin';
}
