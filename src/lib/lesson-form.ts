// The admin lesson form's rules (spec section 5), shared by the editor and the API.
import { z } from 'zod';
import { type Level, LEVELS, type Pillar, PILLARS } from './domain.ts';
import { SLUG_MAX, SLUG_PATTERN } from './library.ts';

export const LESSON_DEFAULTS = { orderIndex: 1, duration: 10, options: 4 } as const;

/**
 * A sensible weight for a new lesson (the spec's 16.67 was one sixth of a 6-lesson pillar): the
 * median weight of the lessons of its pillar and level (the curriculum weighs each lesson of a
 * level alike), else of its pillar, else an equal share of a 15-lesson pillar. Rounded to hundredths.
 */
export function suggestedWeight(
  lessons: ReadonlyArray<{ pillar: string; level: string; weight: number }>,
  pillar?: string,
  level?: string,
): number {
  const median = (list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    return sorted.length === 0
      ? null
      : sorted.length % 2
      ? sorted[(sorted.length - 1) / 2]
      : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  };
  const weight = median(lessons.filter((l) => l.pillar === pillar && l.level === level).map((l) => l.weight)) ??
    median(lessons.filter((l) => l.pillar === pillar).map((l) => l.weight)) ??
    100 / 15;
  return Math.round(weight * 100) / 100;
}

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** The editor shows a question with fewer than four options padded to four empty inputs (spec 5). */
export function padOptions(options: readonly string[] | undefined): string[] {
  const list = [...(options ?? [])];
  while (list.length < LESSON_DEFAULTS.options) list.push('');
  return list;
}

/**
 * Options are four strings, also accepted as a JSON string (spec 3). The API never fills in
 * missing options itself: a question with fewer than four, or an empty one, is refused.
 */
const options = z.preprocess(
  (value) => {
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value);
    } catch {
      return value;
    }
  },
  z
    .array(z.string({ error: 'Each option is text' }).trim().max(300, 'Options must be at most 300 characters'), {
      error: (issue) => (issue.input === undefined ? 'Fill in all four options' : 'Options must be a list of four'),
    })
    .max(LESSON_DEFAULTS.options, 'A question has exactly four options')
    .refine(
      (list) => list.length === LESSON_DEFAULTS.options && list.every((o) => o.length > 0),
      'Fill in all four options',
    ),
);

export const quizQuestionSchema = z
  .object({
    /** The question's id in its lesson, sent back by the editor so it stays stable. */
    id: z.number().int().min(1).optional(),
    question: text('Question', 500),
    options,
    correctAnswer: z
      .number({ error: 'Choose the correct option' })
      .int('Choose the correct option')
      .min(0, 'Choose the correct option')
      .max(3, 'Choose the correct option')
      .optional(),
    correct_answer: z.number({ error: 'Choose the correct option' }).int().min(0).max(3).optional(),
    explanation: z.string({ error: 'The explanation is text' }).trim().max(
      2000,
      'Explanations must be at most 2000 characters',
    ).optional().default(''),
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
  header: z.string({ error: 'Headers are text' }).trim().max(200, 'Headers must be at most 200 characters').optional()
    .default(''),
  subheader: z.string({ error: 'Subheaders are text' }).trim().max(200, 'Subheaders must be at most 200 characters')
    .optional().default(''),
  content: text('Section content', 20_000),
});

const NUMERIC = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;

/**
 * A number, or a string holding one (a browser form may send its inputs as text). Anything else
 * (null, '', booleans, arrays) is refused rather than coerced to 0 or 1.
 */
const numeric = <T extends z.ZodNumber>(schema: T) =>
  z.preprocess(
    (value) => (typeof value === 'string' && NUMERIC.test(value.trim()) ? Number(value.trim()) : value),
    schema,
  );

const integer = (label: string, min: number) =>
  numeric(
    z
      .number({ error: `${label} must be a whole number` })
      .int(`${label} must be a whole number`)
      .min(min, `${label} must be at least ${min}`)
      .max(10_000, `${label} is too large`),
  );

export const lessonFormSchema = z
  .object({
    title: text('Title', 200),
    /** The lesson's address (/learn/{slug}); a new lesson without one gets one from its title. Never follows the title. */
    slug: z
      .string({ error: 'The address must be text' })
      .trim()
      .max(SLUG_MAX, `The address must be at most ${SLUG_MAX} characters`)
      .regex(SLUG_PATTERN, 'The address must be lowercase letters and digits joined by single hyphens (like my-lesson)')
      .optional()
      .or(z.literal('').transform(() => undefined)),
    pillar: z.enum(PILLARS, {
      error: (issue) => (issue.input ? 'Pillar must be saving, credit or investing' : 'Choose a pillar for the lesson'),
    }),
    level: z.enum(LEVELS, {
      error: (
        issue,
      ) => (issue.input ? 'Level must be beginner, intermediate or advanced' : 'Choose a level for the lesson'),
    }),
    orderIndex: integer('Order', 1).optional().default(LESSON_DEFAULTS.orderIndex),
    duration: integer('Duration', 1).optional(),
    estimatedDuration: integer('Duration', 1).optional(),
    weight: numeric(
      z
        .number({ error: 'Weight must be a number from 0 to 100' })
        .min(0, 'Weight must be from 0 to 100')
        .max(100, 'Weight must be from 0 to 100')
        .refine((w) => Math.abs(w * 100 - Math.round(w * 100)) < 1e-6, 'Weight goes in steps of 0.01'),
    ).optional(),
    sections: z
      .array(sectionSchema, { error: 'Sections are required' })
      .min(1, 'Add at least one section')
      .max(30, 'At most 30 sections'),
    learningObjectives: z
      .array(z.string({ error: 'Objectives are text' }).trim().max(300, 'Objectives must be at most 300 characters'), {
        error: 'Objectives must be a list',
      })
      .max(10, 'At most 10 objectives')
      .optional()
      .default([])
      .transform((list) => list.filter(Boolean)),
    questions: z.array(quizQuestionSchema, { error: 'Questions must be a list' }).max(20, 'At most 20 questions')
      .optional(),
    quizQuestions: z.array(quizQuestionSchema, { error: 'Questions must be a list' }).max(20, 'At most 20 questions')
      .optional(),
    version: z.number({ error: 'The version is a number' }).int().min(1).optional(),
  })
  .transform(({ estimatedDuration, quizQuestions, ...lesson }) => ({
    ...lesson,
    duration: lesson.duration ?? estimatedDuration ?? LESSON_DEFAULTS.duration,
    questions: lesson.questions ?? quizQuestions ?? [],
  }));

export type LessonForm = z.output<typeof lessonFormSchema>;
export type LessonFormInput = z.input<typeof lessonFormSchema>;

/**
 * A lesson as the admin API sends it to the editor (GET /api/admin/lessons/all and /:id): the
 * stored row's authoring fields, every question with its id. The endpoints check their rows fit it.
 */
export interface AuthoredLesson {
  id: number;
  version: number;
  title: string;
  slug: string;
  pillar: Pillar;
  level: Level;
  orderIndex: number;
  duration: number;
  weight: number;
  sections: Array<{ header?: string; subheader?: string; content: string }>;
  learningObjectives: string[];
  questions: Array<{ id: number; question: string; options: string[]; correctAnswer: number; explanation: string }>;
}

/**
 * A lesson as the admin list shows it (GET /api/admin/lessons): what the table and a new lesson's
 * suggested weight need. The editor loads the whole lesson by id when the author opens it.
 */
export type LessonSummary =
  & Pick<AuthoredLesson, 'id' | 'version' | 'title' | 'pillar' | 'level' | 'orderIndex' | 'duration' | 'weight'>
  & {
    questionCount: number;
    /** An unpublished lesson is listed too: learners do not see it; the studio publishes it again. */
    state: 'published' | 'unpublished';
  };

export function summaryOf(lesson: AuthoredLesson & { state?: string }): LessonSummary {
  const { id, version, title, pillar, level, orderIndex, duration, weight } = lesson;
  return {
    id,
    version,
    title,
    pillar,
    level,
    orderIndex,
    duration,
    weight,
    questionCount: lesson.questions.length,
    state: lesson.state === 'unpublished' ? 'unpublished' : 'published',
  };
}

/**
 * Question ids stay stable across edits, because learners' review items and the most-missed
 * analytics refer to (lesson, question id). A question sent back with an id the lesson still
 * has keeps it; any other question gets a fresh id above the highest ever given in the lesson
 * (`lastQuestionId`), so a removed question's id is never reused.
 */
export function assignQuestionIds<Q extends { id?: number }>(
  questions: readonly Q[],
  currentIds: readonly number[],
  lastQuestionId: number,
): { questions: Array<Q & { id: number }>; lastQuestionId: number } {
  const available = new Set(currentIds);
  let last = Math.max(0, lastQuestionId, ...currentIds);
  const withIds = questions.map((q) => {
    if (q.id !== undefined && available.delete(q.id)) return { ...q, id: q.id };
    return { ...q, id: ++last };
  });
  return { questions: withIds, lastQuestionId: last };
}
