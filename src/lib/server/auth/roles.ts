// Roles come from ADMIN_EMAILS and AUTHOR_EMAILS alone, applied both ways at every sign-in and
// session check: an address added to a list has that role at its next request, and one removed
// from both is a learner again (logged either way). An address in both lists is an admin.
import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
import { log } from '../platform/log.ts';
import type { SessionUser } from './types.ts';

type Lists = { admins: string[]; authors: string[]; adminSet: Set<string>; authorSet: Set<string> };
let lists: Lists | undefined;

/** The role the configuration gives this address. */
export function configuredRole(email: string): SessionUser['role'] {
  const env = getEnv();
  if (lists?.admins !== env.ADMIN_EMAILS || lists.authors !== env.AUTHOR_EMAILS) {
    lists = {
      admins: env.ADMIN_EMAILS,
      authors: env.AUTHOR_EMAILS,
      adminSet: new Set(env.ADMIN_EMAILS),
      authorSet: new Set(env.AUTHOR_EMAILS),
    };
  }
  const address = email.trim().toLowerCase();
  if (lists.adminSet.has(address)) return 'admin';
  return lists.authorSet.has(address) ? 'author' : 'learner';
}

/** Stores the configured role when the stored one differs; returns the role that now holds. */
export async function applyConfiguredRole<U extends { id: string; email: string; role: SessionUser['role'] }>(
  user: U,
): Promise<U> {
  const role = configuredRole(user.email);
  if (role === user.role) return user;
  const db = await getDb();
  await db.update(users).set({ role }).where(eq(users.id, user.id));
  log('warn', 'role changed by ADMIN_EMAILS/AUTHOR_EMAILS', { userId: user.id, from: user.role, to: role });
  return { ...user, role };
}
