// Whose draft it is (issue 50): an author edits, rebases and discards only their own drafts; an
// admin may act on any and hands a draft to another author. The owner is `owner_id` once handed
// over, else whoever created the draft.
import { eq, sql } from 'drizzle-orm';
import { lessonDrafts, users } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { securityEvent } from '../platform/security-log.ts';

interface Actor {
  id: string;
  role: string;
}

export const NOT_YOUR_DRAFT =
  'This draft belongs to another author. Ask them, or an admin to hand it over to you, before you change it.';

const ownerOf = sql<string | null>`coalesce(${lessonDrafts.ownerId}, ${lessonDrafts.createdBy})`;

/** Refuses (403) an author's change to a draft that is not theirs; 404 when there is no such draft. */
export async function assertMayChangeDraft(actor: Actor, where: { draftId: number } | { lessonId: number }) {
  const db = await getDb();
  const [draft] = await db
    .select({ id: lessonDrafts.id, owner: ownerOf })
    .from(lessonDrafts)
    .where('draftId' in where ? eq(lessonDrafts.id, where.draftId) : eq(lessonDrafts.lessonId, where.lessonId))
    .limit(1);
  if (!draft) {
    if ('draftId' in where) throw new HttpError(404, 'Draft not found');
    return; // no open draft of the lesson: the actor's restore opens one of their own
  }
  if (actor.role === 'admin' || draft.owner === null || draft.owner === actor.id) return;
  securityEvent('draft change refused', { userId: actor.id, draftId: draft.id, reason: 'not the draft owner' }, 'warn');
  throw new HttpError(403, NOT_YOUR_DRAFT);
}

/** An admin hands the draft to an author or admin, named by address. */
export async function handOverDraft(admin: Actor, draftId: number, email: string): Promise<{ ownerId: string }> {
  const db = await getDb();
  const [to] = await db
    .select({ id: users.id, role: users.role })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  if (!to || (to.role !== 'author' && to.role !== 'admin')) {
    throw new HttpError(400, 'Hand a draft only to an author or an admin.', { email: 'No author has this address' });
  }
  const [moved] = await db
    .update(lessonDrafts)
    .set({ ownerId: to.id })
    .where(eq(lessonDrafts.id, draftId))
    .returning({ id: lessonDrafts.id });
  if (!moved) throw new HttpError(404, 'Draft not found');
  securityEvent('draft handed over', { adminId: admin.id, draftId, to: to.id });
  return { ownerId: to.id };
}
