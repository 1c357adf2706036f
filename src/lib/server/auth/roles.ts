// Roles come from ADMIN_EMAILS and AUTHOR_EMAILS alone, applied both ways when the app starts (the
// lists can change only with a restart) and at every sign-in: an address added to a list has that
// role at its next request, and one removed from both is a learner again (logged either way). An
// address in both lists is an admin. A session check only reads the stored role.
import { securityEvent } from '../platform/security-log.ts';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../../../../db/client.ts';
import { users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { getEnv } from '../platform/env.ts';
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
  securityEvent(
    'role changed',
    { userId: user.id, from: user.role, to: role, by: 'ADMIN_EMAILS/AUTHOR_EMAILS' },
    'warn',
  );
  return { ...user, role };
}

/** At start: every stored role that the lists no longer give is set to the one they give (logged). */
export async function applyConfiguredRoles(db: Database): Promise<number> {
  const env = getEnv();
  const list = (emails: string[]) => `{${emails.map((e) => JSON.stringify(e)).join(',')}}`;
  const changed = await db
    .update(users)
    .set({
      role: sql`case when lower(${users.email}) = any(${list(env.ADMIN_EMAILS)}::text[]) then 'admin'
        when lower(${users.email}) = any(${list(env.AUTHOR_EMAILS)}::text[]) then 'author' else 'learner' end`,
    })
    .where(
      sql`${users.role} <> case when lower(${users.email}) = any(${list(env.ADMIN_EMAILS)}::text[]) then 'admin'
        when lower(${users.email}) = any(${list(env.AUTHOR_EMAILS)}::text[]) then 'author' else 'learner' end`,
    )
    .returning({ id: users.id, role: users.role });
  for (const user of changed) {
    securityEvent('role changed', { userId: user.id, to: user.role, by: 'ADMIN_EMAILS/AUTHOR_EMAILS' }, 'warn');
  }
  return changed.length;
}
