// What a kept copy of a learner's data is checked against: the catalogue's version (a trigger
// counts every change to lessons, migration 0006) and the learner's data version (migration
// 0020: a new value in the transaction of every change to a row of their snapshot).

/** The catalogue's version, as text. */
export const LESSONS_FINGERPRINT = `(select coalesce((select version from change_counters where name = 'lessons'), 0)::text)`;

/**
 * The learner's data version and the catalogue's, as one text, for the learner whose id is
 * `userId` (an SQL expression): two reads that see the same text see the same snapshot.
 */
export function learnerVersionColumn(userId: string): string {
  return `(coalesce((select version from learner_versions where user_id = ${userId})::text, '') || ':' || ${LESSONS_FINGERPRINT})`;
}

/** The version a request's session lookup read for its learner (GET requests only: they do not write). */
export interface SeenVersion {
  userId: string;
  /** `learnerVersionColumn`'s text. */
  version: string;
  /** The catalogue's version alone (LESSONS_FINGERPRINT). */
  lessonsKey: string;
}
