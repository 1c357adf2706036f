// A learner's reports of a problem with a lesson (a question after its feedback, or a step of the
// text) and the studio's replies to them, which the dashboard shows until dismissed. The studio's
// side is studio/report-inbox.ts.
import type { ReplyRow } from './learner-store/rows.ts';
import { and, count, eq, gt, inArray, isNull, min, sql } from 'drizzle-orm';
import { lessonReports, lessons } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { REPORTS_PER_DAY, type ReportStatus } from '../../reports.ts';
import type { ReportInput } from '../../report-schemas.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Records a report; 404 for a lesson that is not there, 400 for a question or step it lacks, 429 past the day's limit. */
export async function createReport(userId: string, input: ReportInput, now: Date): Promise<{ id: number }> {
  const db = await getDb();
  const [lesson] = await db
    .select({
      version: lessons.version,
      questions: lessons.questions,
      sections: lessons.sections,
      lastQuestionId: lessons.lastQuestionId,
    })
    .from(lessons)
    .where(and(eq(lessons.id, input.lessonId), eq(lessons.state, 'published')));
  if (!lesson) throw new HttpError(404, 'Lesson Not Found');
  const version = input.lessonVersion ?? lesson.version;
  checkSubject(input, lesson, version);
  return await db.transaction(async (tx) => {
    // One report at a time per learner (the row lock), so the count below cannot be raced past.
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    const [recent] = await tx
      .select({ sent: count(), oldest: min(lessonReports.createdAt) })
      .from(lessonReports)
      .where(and(eq(lessonReports.userId, userId), gt(lessonReports.createdAt, new Date(now.getTime() - DAY_MS))));
    if (recent.sent >= REPORTS_PER_DAY) throw tooMany(recent.oldest, now);
    const [row] = await tx
      .insert(lessonReports)
      .values({
        userId,
        lessonId: input.lessonId,
        questionId: input.questionId ?? null,
        step: input.step ?? null,
        lessonVersion: version,
        reason: input.reason,
        note: input.note,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: lessonReports.id });
    return row;
  });
}

interface LessonShape {
  version: number;
  questions: ReadonlyArray<{ id: number }>;
  sections: readonly unknown[];
  lastQuestionId: number;
}

/**
 * The version must exist, and the question or step must be one of it: on the current version
 * exactly; on an older one (the learner's page was loaded before an edit), any question id the
 * lesson ever gave (ids are never reused) and any step up to the current count or more.
 */
function checkSubject(input: ReportInput, lesson: LessonShape, version: number): void {
  if (version > lesson.version) {
    throw new HttpError(400, 'Please check the highlighted fields', {
      lessonVersion: 'This lesson has no such version',
    });
  }
  const current = version === lesson.version;
  if (input.questionId !== undefined) {
    const known = current
      ? lesson.questions.some((q) => q.id === input.questionId)
      : input.questionId <= Math.max(lesson.lastQuestionId, lesson.questions.length);
    if (!known) {
      throw new HttpError(400, 'Please check the highlighted fields', {
        questionId: 'This lesson has no such question',
      });
    }
  }
  if (input.step !== undefined) {
    const steps = Math.max(lesson.sections.length, 1);
    if (current && input.step > steps) {
      throw new HttpError(400, 'Please check the highlighted fields', { step: 'This lesson has no such step' });
    }
  }
}

function tooMany(oldest: Date | string | null, now: Date): HttpError {
  const since = oldest ? new Date(oldest).getTime() : now.getTime();
  const seconds = Math.max(60, Math.ceil((since + DAY_MS - now.getTime()) / 1000));
  const hours = Math.ceil(seconds / 3600);
  return new HttpError(
    429,
    `You have sent ${REPORTS_PER_DAY} reports in the last 24 hours, the most we take in a day. ` +
      `Thank you! You can report again in about ${hours} ${hours === 1 ? 'hour' : 'hours'}.`,
    undefined,
    { 'Retry-After': String(seconds) },
  );
}

export interface ReportReply {
  id: number;
  lessonId: number;
  lessonTitle: string;
  questionId: number | null;
  step: number | null;
  status: ReportStatus;
  reply: string;
  repliedAt: string;
}

/** The learner's replies not yet dismissed, newest first (the dashboard's card), from the rows read with the rest. */
export function repliesOf(rows: readonly ReplyRow[]): ReportReply[] {
  return rows.map((r) => ({
    id: r.id,
    lessonId: r.lessonId,
    lessonTitle: r.lesson?.title ?? '',
    questionId: r.questionId,
    step: r.step,
    status: r.status,
    reply: r.reply ?? '',
    repliedAt: new Date(r.repliedAt ?? 0).toISOString(),
  }));
}

/** Marks the given replies of this learner read (the ones the card showed); answers how many. */
export async function dismissReplies(userId: string, ids: readonly number[], now: Date): Promise<number> {
  if (ids.length === 0) return 0;
  const db = await getDb();
  const rows = await db
    .update(lessonReports)
    .set({ replyReadAt: now })
    .where(
      and(eq(lessonReports.userId, userId), inArray(lessonReports.id, [...ids]), isNull(lessonReports.replyReadAt)),
    )
    .returning({ id: lessonReports.id });
  return rows.length;
}
