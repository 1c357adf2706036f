// The API's schemas for learners' reports and the studio's changes to them (rules in reports.ts,
// which the islands import without zod).
import { z } from 'zod';
import { REPORT_NOTE_MAX, REPORT_REASONS, REPORT_REPLY_MAX, REPORT_STATUSES } from './reports.ts';

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
