// The studio's inbox of learners' reports (learning/reports.ts records them): listed by lesson and question
// with their status, and the author's changes to one: open, fixed (in a lesson version) or won't
// fix, and a reply the learner sees on their dashboard. Every change leaves an audit row.
import { eq, sql } from 'drizzle-orm';
import { auditLog, lessonReports, lessons } from '../../../../db/schema.ts';
import { getDb, rowsOf } from '../platform/db.ts';
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

type InboxRow = {
  id: number;
  lesson_id: number;
  title: string;
  version: number;
  question_id: number | null;
  step: number | null;
  subject_text: string | null;
  lesson_version: number;
  reason: ReportReason;
  note: string;
  status: ReportStatus;
  fixed_in_version: number | null;
  reply: string | null;
  replied_at: string | null;
  reply_read_at: string | null;
  created_at: string;
};

/** The reports with the filter's status, grouped by lesson (learning order) and by question or step, in one statement. */
export async function loadInbox(filter: ReportFilter): Promise<Inbox> {
  const db = await getDb();
  const [row] = rowsOf<{ reports: InboxRow[]; counts: Record<string, number> }>(
    await db.execute(sql`
      with shown as (
        select r.id, r.lesson_id, l.title, l.version, r.question_id, r.step, r.lesson_version, r.reason, r.note,
          r.status, r.fixed_in_version, r.reply, r.replied_at, r.reply_read_at, r.created_at,
          case when r.question_id is not null
            then (select q->>'question' from jsonb_array_elements(l.questions) q
              where (q->>'id')::int = r.question_id limit 1)
            else l.sections->(r.step - 1)->>'header' end as subject_text,
          row_number() over (order by l.pillar, l.level, l.order_index, l.id, r.question_id, r.step, r.created_at)
            as position
        from lesson_reports r join lessons l on l.id = r.lesson_id
        where ${filter} = 'all' or r.status = ${filter}
        order by position limit ${INBOX_LIMIT + 1}
      )
      select (select coalesce(json_agg(shown order by position), '[]'::json) from shown) as reports,
        (select coalesce(json_object_agg(status, n), '{}'::json)
          from (select status, count(*)::int as n from lesson_reports group by status) t) as counts`),
  );
  const grouped = new Map<number, InboxLesson>();
  for (const report of row.reports.slice(0, INBOX_LIMIT)) {
    let group = grouped.get(report.lesson_id);
    if (!group) {
      group = { lessonId: report.lesson_id, title: report.title, version: report.version, reports: [] };
      grouped.set(report.lesson_id, group);
    }
    group.reports.push(toInboxReport(report));
  }
  const counts = Object.fromEntries(REPORT_STATUSES.map((s) => [s, Number(row.counts[s] ?? 0)])) as Record<
    ReportStatus,
    number
  >;
  return { filter, counts, lessons: [...grouped.values()], truncated: row.reports.length > INBOX_LIMIT };
}

const isoOrNull = (at: string | Date | null) => (at === null ? null : new Date(at).toISOString());

function toInboxReport(report: InboxRow): InboxReport {
  return {
    id: report.id,
    questionId: report.question_id,
    step: report.step,
    subjectText: report.subject_text || null,
    lessonVersion: report.lesson_version,
    reason: report.reason,
    note: report.note,
    status: report.status,
    fixedInVersion: report.fixed_in_version,
    reply: report.reply,
    repliedAt: isoOrNull(report.replied_at),
    replyRead: report.reply_read_at !== null,
    createdAt: new Date(report.created_at).toISOString(),
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
  return toInboxReport({
    id: updated.id,
    lesson_id: updated.lessonId,
    title: '',
    version: 0,
    question_id: updated.questionId,
    step: updated.step,
    subject_text: null,
    lesson_version: updated.lessonVersion,
    reason: updated.reason,
    note: updated.note,
    status: updated.status,
    fixed_in_version: updated.fixedInVersion,
    reply: updated.reply,
    replied_at: updated.repliedAt?.toISOString() ?? null,
    reply_read_at: updated.replyReadAt?.toISOString() ?? null,
    created_at: updated.createdAt.toISOString(),
  });
}
