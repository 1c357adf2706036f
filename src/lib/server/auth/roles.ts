// The admin role comes from ADMIN_EMAILS alone, applied both ways at every sign-in and session
// check: an address added to the list is an admin at its next request, and one removed from it is
// a learner again (logged either way).
import { eq } from 'drizzle-orm';
import { users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
import { log } from '../platform/log.ts';
import type { SessionUser } from './types.ts';

let admins: { list: string[]; set: Set<string> } | undefined;

/** The role the configuration gives this address. */
export function configuredRole(email: string): SessionUser['role'] {
  const list = getEnv().ADMIN_EMAILS;
  if (admins?.list !== list) admins = { list, set: new Set(list) };
  return admins.set.has(email.trim().toLowerCase()) ? 'admin' : 'learner';
}

/** Stores the configured role when the stored one differs; returns the role that now holds. */
export async function applyConfiguredRole<U extends { id: string; email: string; role: SessionUser['role'] }>(
  user: U,
): Promise<U> {
  const role = configuredRole(user.email);
  if (role === user.role) return user;
  const db = await getDb();
  await db.update(users).set({ role }).where(eq(users.id, user.id));
  log('warn', 'role changed by ADMIN_EMAILS', { userId: user.id, from: user.role, to: role });
  return { ...user, role };
}
