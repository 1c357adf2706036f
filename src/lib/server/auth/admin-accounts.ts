// /admin/accounts (issue 51, ASVS V7.4.5): an admin finds an account by its e-mail address, sees
// its devices and second factors, and ends its sessions or resets its factors. Each action is in
// the audit log and mailed to the account, in the transaction that makes it.
import { auditLog } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { findUserByEmail, findUserById } from './credentials.ts';
import { adminEndSessions, listDevices } from './devices.ts';
import { listFactors, recoveryCodesLeft, resetFactors } from './factors/store.ts';

export async function findAccount(email: string) {
  const user = await findUserByEmail(email);
  if (!user) return null;
  const [devices, factors, codes] = await Promise.all([
    listDevices(user.id, null),
    listFactors(user.id),
    recoveryCodesLeft(user.id),
  ]);
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    createdAt: user.createdAt,
    emailVerified: user.emailVerifiedAt !== null,
    sessions: devices.map(({ current: _c, ...d }) => d),
    factors,
    recoveryCodesLeft: codes,
  };
}

export type AdminAccountAction = 'end-sessions' | 'reset-factors';

/** Ends every session of the account, or resets its factors (which ends its sessions too). */
export async function adminAccountAction(actorId: string, userId: string, action: AdminAccountAction) {
  const user = await findUserById(userId);
  if (!user) throw new HttpError(404, 'Account not found');
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    if (action === 'end-sessions') return { sessionsEnded: await adminEndSessions(tx, actorId, userId) };
    const factorsRemoved = await resetFactors(tx, userId);
    await tx.insert(auditLog).values({ actorId, action: 'account.factors.reset', detail: { userId, factorsRemoved } });
    return { factorsRemoved };
  });
  log('warn', `admin: ${action}`, { actorId, userId, ...result });
  return result;
}
