// What the studio's draft endpoints accept: the admin lesson form (lesson-form.ts) plus the
// draft's sources and review date, and the optimistic revision. Shared by the editor and the API.
import { z } from 'zod';
import { lessonFormSchema } from './lesson-form.ts';

export const sourceSchema = z.object({
  title: z.string({ error: 'A source needs a title' }).trim().min(3, 'A source title has at least 3 characters').max(
    300,
  ),
  publisher: z.string().trim().max(200).optional(),
  url: z.url({ protocol: /^https?$/, error: 'A source link must be an http(s) address' }).max(2000),
});

export const draftSaveSchema = z.object({
  /** The revision the author edited; a save of an older one is refused (409). Absent on a new draft. */
  revision: z.number({ error: 'The revision is a number' }).int().min(1).optional(),
  lesson: lessonFormSchema,
  sources: z.array(sourceSchema, { error: 'Sources must be a list' }).max(20, 'At most 20 sources').optional(),
  reviewedAt: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The review date is a date like 2026-05-01')
    .nullable()
    .optional(),
});

export type DraftSave = z.output<typeof draftSaveSchema>;

export const publishSchema = z.object({
  note: z.string({ error: 'The note is text' }).trim().max(500, 'The note must be at most 500 characters').optional()
    .default(''),
});
