// The signed-in devices of an account (issue 51, ASVS V7.5.2): listed in /account with the browser
// and system, when each session began and was last used; ended one by one or all but this one,
// each time with a notice by e-mail. Admins end them too (V7.4.5), in the audit log.
import { and, desc, eq, ne } from 'drizzle-orm';
import { auditLog, sessions } from '../../../../db/schema.ts';
import type { Executor } from '../../../../db/client.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { describeUserAgent } from '../../user-agent.ts';
import { notify } from './factors/store.ts';

export interface Device {
  id: string;
  browser: string;
  system: string;
  createdAt: Date;
  lastUsedAt: Date;
  current: boolean;
}

/** The account's sessions, newest use first; `currentId` is marked. The id shown is not the secret. */
export async function listDevices(userId: string, currentId: string | null): Promise<Device[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.lastUsedAt));
  return rows
    .map(({ userAgent, ...row }) => ({ ...row, ...describeUserAgent(userAgent), current: row.id === currentId }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}

/**
 * Ends one session of the account (not the current one: that is "Sign out"), or every other one.
 * The number ended; a notice goes out when it is more than none.
 */
export async function endDevices(
  userId: string,
  currentId: string,
  which: { sessionId: string } | { others: true },
): Promise<number> {
  if ('sessionId' in which && which.sessionId === currentId) {
    throw new HttpError(400, 'To end this session, sign out.');
  }
  const db = await getDb();
  const ended = await db.transaction(async (tx) => {
    const removed = await tx
      .delete(sessions)
      .where(
        'sessionId' in which
          ? and(eq(sessions.userId, userId), eq(sessions.id, which.sessionId))
          : and(eq(sessions.userId, userId), ne(sessions.id, currentId)),
      )
      .returning({ id: sessions.id });
    if (removed.length > 0) await notify(tx, userId, { kind: 'sessions-ended', count: removed.length });
    return removed.length;
  });
  if ('sessionId' in which && ended === 0) throw new HttpError(404, 'That session has already ended.');
  log('info', 'sessions ended', { userId, count: ended });
  return ended;
}

/** An admin ends every session of an account: audit-logged and mailed, in one transaction. */
export async function adminEndSessions(tx: Executor, actorId: string, userId: string): Promise<number> {
  const removed = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id });
  await tx.insert(auditLog).values({
    actorId,
    action: 'account.sessions.end',
    detail: { userId, count: removed.length },
  });
  await notify(tx, userId, { kind: 'sessions-ended', count: removed.length, byAdmin: true });
  return removed.length;
}
