// Learners' reports of a problem with a lesson, and the studio's answers to them: the rules shared
// by the report dialog, the inbox and the API (issue 43).
import { z } from 'zod';

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

const id = (label: string) =>
  z
    .number({ error: `${label} must be a whole number` })
    .int(`${label} must be a whole number`)
    .min(1, `${label} must be at least 1`)
    .max(2_147_483_647, `${label} is too large`);

/** A learner's report: about one question or one step of one lesson. */
export const reportSchema = z
  .strictObject({
    lessonId: id('The lesson'),
    questionId: id('The question').optional(),
    step: id('The step').max(1000, 'The step is too large').optional(),
    /** The version the learner saw; the lesson's current version when left out. */
    lessonVersion: id('The lesson version').optional(),
    reason: z.enum(REPORT_REASONS, { error: 'Choose a reason' }),
    note: z
      .string({ error: 'The note must be text' })
      .trim()
      .max(REPORT_NOTE_MAX, `The note can be at most ${REPORT_NOTE_MAX.toLocaleString('en-US')} characters`)
      .default(''),
  }, { error: (issue) => issue.code === 'unrecognized_keys' ? `Unknown field: ${issue.keys.join(', ')}` : undefined })
  .refine((r) => (r.questionId === undefined) !== (r.step === undefined), {
    path: ['questionId'],
    message: 'Say which question or which step the report is about (one of them)',
  });

export type ReportInput = z.infer<typeof reportSchema>;

/** The studio's change to a report: its status (a fixed one names the version that fixed it) and a reply. */
export const reportUpdateSchema = z
  .strictObject({
    status: z.enum(REPORT_STATUSES, { error: 'Choose open, fixed or wont_fix' }).optional(),
    fixedInVersion: id('The version').optional(),
    reply: z
      .string({ error: 'The reply must be text' })
      .trim()
      .max(REPORT_REPLY_MAX, `The reply can be at most ${REPORT_REPLY_MAX.toLocaleString('en-US')} characters`)
      .optional(),
  })
  .refine((u) => u.status !== undefined || u.reply !== undefined || u.fixedInVersion !== undefined, {
    path: ['body'],
    message: 'Send a status, a reply or the version that fixed it',
  });

export type ReportUpdate = z.infer<typeof reportUpdateSchema>;

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
