// The admin lesson form's rules (spec section 5), shared by the editor and the API.
import { z } from 'zod';
import { LEVELS, PILLARS } from './domain.ts';

export const LESSON_DEFAULTS = { orderIndex: 1, duration: 10, weight: 16.67, options: 4 } as const;

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** Options may arrive as a JSON string (spec 3); fewer than four are padded to four. */
const options = z.preprocess(
  (value) => {
    let list = value;
    if (typeof list === 'string') {
      try {
        list = JSON.parse(list);
      } catch {
        return value;
      }
    }
    if (list === undefined || list === null) list = [];
    if (!Array.isArray(list)) return list;
    const padded = [...list];
    while (padded.length < LESSON_DEFAULTS.options) padded.push('');
    return padded;
  },
  z
    .array(z.string({ error: 'Each option is text' }).trim().max(300, 'Options must be at most 300 characters'), { error: 'Options must be a list' })
    .length(4, 'A question has exactly four options')
    .refine((list) => list.every((o) => o.length > 0), 'Fill in all four options'),
);

export const quizQuestionSchema = z
  .object({
    id: z.number().int().min(1).optional(),
    question: text('Question', 500),
    options,
    correctAnswer: z
      .number({ error: 'Choose the correct option' })
      .int('Choose the correct option')
      .min(0, 'Choose the correct option')
      .max(3, 'Choose the correct option')
      .optional(),
    correct_answer: z.number().int().min(0).max(3).optional(),
    explanation: z.string().trim().max(2000, 'Explanations must be at most 2000 characters').optional().default(''),
  })
  .transform(({ correct_answer, ...q }, ctx) => {
    const correctAnswer = q.correctAnswer ?? correct_answer;
    if (correctAnswer === undefined) {
      ctx.addIssue({ code: 'custom', path: ['correctAnswer'], message: 'Choose the correct option' });
      return z.NEVER;
    }
    return { ...q, correctAnswer };
  });

export const sectionSchema = z.object({
  header: z.string().trim().max(200, 'Headers must be at most 200 characters').optional().default(''),
  subheader: z.string().trim().max(200, 'Subheaders must be at most 200 characters').optional().default(''),
  content: text('Section content', 20_000),
});

const integer = (label: string, min: number) =>
  z.coerce
    .number({ error: `${label} must be a whole number` })
    .refine((n) => Number.isFinite(n), `${label} must be a whole number`)
    .pipe(z.number().int(`${label} must be a whole number`).min(min, `${label} must be at least ${min}`).max(10_000, `${label} is too large`));

export const lessonFormSchema = z
  .object({
    title: text('Title', 200),
    pillar: z.enum(PILLARS, { error: 'Pillar must be saving, credit or investing' }),
    level: z.enum(LEVELS, { error: 'Level must be beginner, intermediate or advanced' }),
    orderIndex: integer('Order', 1).optional().default(LESSON_DEFAULTS.orderIndex),
    duration: integer('Duration', 1).optional(),
    estimatedDuration: integer('Duration', 1).optional(),
    weight: z.coerce
      .number({ error: 'Weight must be a number from 0 to 100' })
      .min(0, 'Weight must be from 0 to 100')
      .max(100, 'Weight must be from 0 to 100')
      .refine((w) => Math.abs(w * 100 - Math.round(w * 100)) < 1e-6, 'Weight goes in steps of 0.01')
      .optional()
      .default(LESSON_DEFAULTS.weight),
    sections: z
      .array(sectionSchema, { error: 'Sections are required' })
      .min(1, 'Add at least one section')
      .max(30, 'At most 30 sections'),
    learningObjectives: z
      .array(z.string().trim().max(300, 'Objectives must be at most 300 characters'))
      .max(10, 'At most 10 objectives')
      .optional()
      .default([])
      .transform((list) => list.filter(Boolean)),
    questions: z.array(quizQuestionSchema).max(20, 'At most 20 questions').optional(),
    quizQuestions: z.array(quizQuestionSchema).max(20, 'At most 20 questions').optional(),
    version: z.number().int().min(1).optional(),
  })
  .transform(({ estimatedDuration, quizQuestions, ...lesson }) => ({
    ...lesson,
    duration: lesson.duration ?? estimatedDuration ?? LESSON_DEFAULTS.duration,
    questions: (lesson.questions ?? quizQuestions ?? []).map((q, i) => ({ ...q, id: i + 1 })),
  }));

export type LessonForm = z.output<typeof lessonFormSchema>;
export type LessonFormInput = z.input<typeof lessonFormSchema>;
