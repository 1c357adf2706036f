// Learners' reports of a problem with a lesson, and the studio's answers to them: the rules shared
// by the report dialog, the inbox and the API (issue 43). No zod here: the islands import this
// (report-schemas.ts holds the API's schemas).

/** The reasons and statuses a report may have (db/schema.ts's lesson_reports checks the same lists). */
export const REPORT_REASONS = ['wrong_answer', 'unclear', 'typo', 'outdated', 'other'] as const;
export const REPORT_STATUSES = ['open', 'fixed', 'wont_fix'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  wrong_answer: 'The answer marked correct is wrong',
  unclear: 'Unclear or confusing',
  typo: 'A typo or a broken sentence',
  outdated: 'Out of date (a figure, a rule, a link)',
  other: 'Something else',
};

export const REPORT_STATUS_LABELS: Record<ReportStatus, string> = {
  open: 'Open',
  fixed: 'Fixed',
  wont_fix: "Won't fix",
};

export const REPORT_NOTE_MAX = 1000;
export const REPORT_REPLY_MAX = 2000;
/** Reports one learner may send in any 24 hours. */
export const REPORTS_PER_DAY = 20;

/** The inbox's filter: one status or every report. */
export const REPORT_FILTERS = ['open', 'fixed', 'wont_fix', 'all'] as const;
export type ReportFilter = (typeof REPORT_FILTERS)[number];

export function parseReportFilter(value: string | null): ReportFilter | null {
  if (value === null || value === '') return 'open';
  return (REPORT_FILTERS as readonly string[]).includes(value) ? (value as ReportFilter) : null;
}

/** What a report is about, as the inbox and the learner's card say it. */
export function reportSubject(report: { questionId: number | null; step: number | null }, text?: string): string {
  const where = report.questionId !== null ? `Question ${report.questionId}` : `Step ${report.step}`;
  return text ? `${where}: ${text}` : where;
}
