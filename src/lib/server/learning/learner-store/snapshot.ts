// Small reads of one learner's rows for the API calls that show one part: badges, the review queue.
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import { reviewItems, userBadges, users } from '../../../../../db/schema.ts';
import { prepared } from '../../platform/db.ts';
import type { StoredBadge } from './figures.ts';
import type { ReviewRow } from './rows.ts';

const userKey = sql.placeholder('userId');

const badgesStatement = prepared((db) =>
  db.select({ badge: userBadges.badge, earnedAt: userBadges.earnedAt }).from(userBadges).where(
    eq(userBadges.userId, userKey),
  ).orderBy(asc(userBadges.earnedAt), asc(userBadges.badge)).prepare('learner_badges')
);

/** The learner's badges, oldest first. */
export async function readBadges(userId: string): Promise<StoredBadge[]> {
  return (await badgesStatement()).execute({ userId });
}

const reviewStatement = prepared((db) =>
  db
    .select({
      id: reviewItems.id,
      lessonId: reviewItems.lessonId,
      questionId: reviewItems.questionId,
      box: reviewItems.box,
      dueAt: reviewItems.dueAt,
      retiredAt: reviewItems.retiredAt,
      lastReviewedAt: reviewItems.lastReviewedAt,
      lastCorrect: reviewItems.lastCorrect,
    })
    .from(reviewItems)
    .where(and(eq(reviewItems.userId, userKey), isNull(reviewItems.retiredAt)))
    .prepare('learner_review')
);

/** The learner's review items not yet retired. */
export async function readReviewItems(userId: string): Promise<ReviewRow[]> {
  return (await reviewStatement()).execute({ userId });
}

/** A review round as [item id, lesson id, question id, box], oldest due first. */
type RoundTuple = [string, number, number, number];

// A review item counts only while its lesson is published (an edit that removes a question retires
// the question's review items: content/lesson-render.ts).
const LIVE = sql.raw("join lessons l on l.id = r.lesson_id and l.state = 'published'");
const now = sql.placeholder('now');

/**
 * The learner's review queue at `now`, in one statement whatever its length: the round (the
 * questions due longest, at most `round`), how many are due in all, how many are not due yet and
 * when the first of them is.
 */
const queueStatement = prepared((db) =>
  db.query.users.findFirst({
    where: eq(users.id, userKey),
    columns: { id: true },
    extras: {
      round: sql<RoundTuple[]>`(select coalesce(json_agg(json_build_array(d.id, d.lesson_id, d.question_id, d.box)
        order by d.due_at), '[]'::json) from (select r.id, r.lesson_id, r.question_id, r.box, r.due_at
        from review_items r ${LIVE} where r.user_id = ${userKey} and r.retired_at is null
        and r.due_at <= ${now}::timestamptz order by r.due_at limit ${sql.placeholder('round')}) d)`.as('round'),
      counts: sql<{ due: number; upcoming: number; next: number | null }>`(select json_build_object(
        'due', count(*) filter (where r.due_at <= ${now}::timestamptz),
        'upcoming', count(*) filter (where r.due_at > ${now}::timestamptz),
        'next', date_part('epoch', min(r.due_at) filter (where r.due_at > ${now}::timestamptz)) * 1000)
        from review_items r ${LIVE} where r.user_id = ${userKey} and r.retired_at is null)`.as('counts'),
    },
  }).prepare('review_queue')
);

export interface QueueRows {
  round: Array<{ id: string; lessonId: number; questionId: number; box: number }>;
  due: number;
  upcoming: number;
  nextDueAt: Date | null;
}

export async function readReviewQueue(userId: string, now: Date, round: number): Promise<QueueRows> {
  const row = await (await queueStatement()).execute({ userId, now: now.toISOString(), round });
  const counts = row?.counts;
  return {
    round: (row?.round ?? []).map(([id, lessonId, questionId, box]) => ({ id, lessonId, questionId, box })),
    due: Number(counts?.due ?? 0),
    upcoming: Number(counts?.upcoming ?? 0),
    nextDueAt: counts?.next == null ? null : new Date(Number(counts.next)),
  };
}
