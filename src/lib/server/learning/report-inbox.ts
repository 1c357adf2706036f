// The studio's inbox of learners' reports (reports.ts records them): listed by lesson and question
// with their status, and the author's changes to one: open, fixed (in a lesson version) or won't
// fix, and a reply the learner sees on their dashboard. Every change leaves an audit row.
import { asc, count, eq, inArray, type SQL } from 'drizzle-orm';
import { auditLog, lessonReports, lessons } from '../../../../db/schema.ts';
import { getDb } from '../platform/db.ts';
import { HttpError } from '../platform/http.ts';
import { log } from '../platform/log.ts';
import { REPORT_STATUSES, type ReportFilter, type ReportReason, type ReportStatus } from '../../reports.ts';
import type { ReportUpdate } from '../../report-schemas.ts';

/** The most reports one page of the inbox lists. */
export const INBOX_LIMIT = 200;

export interface InboxReport {
  id: number;
  questionId: number | null;
  step: number | null;
  /** The question's text or the step's header in the current version, when it still has them. */
  subjectText: string | null;
  lessonVersion: number;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  fixedInVersion: number | null;
  reply: string | null;
  repliedAt: string | null;
  replyRead: boolean;
  createdAt: string;
}

export interface InboxLesson {
  lessonId: number;
  title: string;
  /** The lesson's current version: what "fixed" links a report to unless the author picks another. */
  version: number;
  reports: InboxReport[];
}

export interface Inbox {
  filter: ReportFilter;
  counts: Record<ReportStatus, number>;
  lessons: InboxLesson[];
  /** More reports match than the page lists. */
  truncated: boolean;
}

/** The reports with the filter's status, grouped by lesson (learning order) and by question or step. */
export async function loadInbox(filter: ReportFilter): Promise<Inbox> {
  const db = await getDb();
  const where: SQL | undefined = filter === 'all' ? undefined : eq(lessonReports.status, filter);
  const [rows, tallies] = await Promise.all([
    db
      .select({ report: lessonReports })
      .from(lessonReports)
      .innerJoin(lessons, eq(lessons.id, lessonReports.lessonId))
      .where(where)
      .orderBy(
        asc(lessons.pillar),
        asc(lessons.level),
        asc(lessons.orderIndex),
        asc(lessons.id),
        asc(lessonReports.questionId),
        asc(lessonReports.step),
        asc(lessonReports.createdAt),
      )
      .limit(INBOX_LIMIT + 1),
    db.select({ status: lessonReports.status, n: count() }).from(lessonReports).groupBy(lessonReports.status),
  ]);
  const shown = rows.slice(0, INBOX_LIMIT).map((r) => r.report);
  const ids = [...new Set(shown.map((r) => r.lessonId))];
  const lessonRows = ids.length === 0 ? [] : await db
    .select({
      id: lessons.id,
      title: lessons.title,
      version: lessons.version,
      questions: lessons.questions,
      sections: lessons.sections,
    })
    .from(lessons)
    .where(inArray(lessons.id, ids));
  const byId = new Map(lessonRows.map((l) => [l.id, l]));
  const grouped = new Map<number, InboxLesson>();
  for (const report of shown) {
    const lesson = byId.get(report.lessonId)!;
    let group = grouped.get(lesson.id);
    if (!group) {
      group = { lessonId: lesson.id, title: lesson.title, version: lesson.version, reports: [] };
      grouped.set(lesson.id, group);
    }
    const subjectText = report.questionId !== null
      ? lesson.questions.find((q) => q.id === report.questionId)?.question ?? null
      : lesson.sections[(report.step ?? 0) - 1]?.header ?? null;
    group.reports.push(toInboxReport(report, subjectText));
  }
  const counts = Object.fromEntries(REPORT_STATUSES.map((s) => [s, 0])) as Record<ReportStatus, number>;
  for (const t of tallies) counts[t.status] = t.n;
  return { filter, counts, lessons: [...grouped.values()], truncated: rows.length > INBOX_LIMIT };
}

function toInboxReport(report: typeof lessonReports.$inferSelect, subjectText: string | null): InboxReport {
  return {
    id: report.id,
    questionId: report.questionId,
    step: report.step,
    subjectText,
    lessonVersion: report.lessonVersion,
    reason: report.reason,
    note: report.note,
    status: report.status,
    fixedInVersion: report.fixedInVersion,
    reply: report.reply,
    repliedAt: report.repliedAt?.toISOString() ?? null,
    replyRead: report.replyReadAt !== null,
    createdAt: report.createdAt.toISOString(),
  };
}

/**
 * Changes a report's status and reply. "Fixed" links the report to a lesson version: the one given
 * (between the version reported on and the current one) or else the lesson's current version. A new
 * or changed reply shows on the learner's dashboard again until they dismiss it.
 */
export async function updateReport(actorId: string, id: number, change: ReportUpdate, now: Date): Promise<InboxReport> {
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ report: lessonReports, version: lessons.version })
      .from(lessonReports)
      .innerJoin(lessons, eq(lessons.id, lessonReports.lessonId))
      .where(eq(lessonReports.id, id))
      .for('update', { of: lessonReports });
    if (!found) throw new HttpError(404, 'Report not found');
    const { report, version } = found;
    const status = change.status ?? report.status;
    if (change.fixedInVersion !== undefined && status !== 'fixed') {
      throw new HttpError(400, 'Please check the highlighted fields', {
        fixedInVersion: 'Only a fixed report names the version that fixed it',
      });
    }
    const fixedInVersion = status !== 'fixed'
      ? null
      : change.fixedInVersion ?? (report.status === 'fixed' ? report.fixedInVersion : null) ?? version;
    if (fixedInVersion !== null && (fixedInVersion < report.lessonVersion || fixedInVersion > version)) {
      throw new HttpError(400, 'Please check the highlighted fields', {
        fixedInVersion: `Pick a version from ${report.lessonVersion} (reported on) to ${version} (current)`,
      });
    }
    const reply = change.reply === undefined ? report.reply : change.reply || null;
    const replyChanged = reply !== report.reply;
    const [row] = await tx
      .update(lessonReports)
      .set({
        status,
        fixedInVersion,
        updatedAt: now,
        ...(replyChanged ? { reply, repliedAt: reply ? now : null, repliedBy: actorId, replyReadAt: null } : {}),
      })
      .where(eq(lessonReports.id, id))
      .returning();
    await tx.insert(auditLog).values({
      actorId,
      action: 'report.update',
      detail: { reportId: id, lessonId: report.lessonId, status, fixedInVersion, replied: replyChanged },
    });
    return row;
  });
  log('info', 'report updated', { actorId, reportId: id, status: updated.status });
  return toInboxReport(updated, null);
}
