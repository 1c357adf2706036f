// The API's request bodies, one zod schema per payload. The account fields' rules come from
// account-fields.ts and password-rules.ts, which the forms run too, so both answer alike.
import { z } from 'zod';
import { emailProblem, fieldMessages, nameProblem, newPasswordProblem } from './account-fields.ts';
import { messages, PASSWORD_MAX, setPasswordProblem } from './password-rules.ts';
import { PHONE_INVALID, phoneProblem } from './phone.ts';

/** A text field checked by one of the shared rules (account-fields.ts), trimmed on the way in. */
const checked = (missing: string, problem: (value: string) => string | null) =>
  z
    .string({ error: missing })
    .trim()
    .superRefine((value, ctx) => {
      const message = problem(value);
      if (message) ctx.addIssue({ code: 'custom', message });
    });

const email = checked(fieldMessages.emailRequired, emailProblem);
const name = (label: 'First name' | 'Last name') =>
  checked(`${label} is required`, (value) => nameProblem(label, value));
// A new password is checked as typed: one with a space at either end is refused, since sign-in
// trims what is typed (issue 50).
const asTyped = (missing: string, problem: (value: string) => string | null) =>
  z.string({ error: missing }).superRefine((value, ctx) => {
    const message = problem(value);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
const newPassword = asTyped(fieldMessages.passwordRequired, newPasswordProblem);

/**
 * A beginner quiz a visitor took before signing up (issue 42), as the browser kept it and the
 * sign-up request carries it ("Save your progress"). Checked against its lesson on arrival.
 */
export const visitorQuizResultSchema = z.object({
  lessonId: z.number().int().min(1).max(2_147_483_647),
  attemptId: z.uuid('attemptId must be a UUID made by the client'),
  quizResponses: z
    .array(z.object({
      questionId: z.number().int().min(1).max(100_000),
      userAnswer: z.number().int().min(0, 'userAnswer is an option index from 0 to 3').max(3),
    }))
    .min(1)
    .max(50),
  durationMs: z.number().int().min(0).max(24 * 60 * 60 * 1000).optional(),
});
export type VisitorQuizResult = z.infer<typeof visitorQuizResultSchema>;

export const signupSchema = z.object({
  email,
  password: newPassword,
  firstName: name('First name'),
  lastName: name('Last name'),
  // Optional (docs/DESIGN.md difference 12); validated when given, by libphonenumber (src/lib/phone.ts).
  phoneNumber: z
    .string({ error: PHONE_INVALID })
    .trim()
    .optional()
    .default('')
    .superRefine((value, ctx) => {
      if (phoneProblem(value)) ctx.addIssue({ code: 'custom', message: PHONE_INVALID });
    }),
  /** Quizzes taken before signing up: kept with the account, counted once the address is verified. */
  quizResults: z.array(visitorQuizResultSchema, { error: 'quizResults must be a list' }).max(60).optional().default([]),
});

export const loginSchema = z.object({
  email,
  password: z.string({ error: 'Password is required' }).trim().min(1, 'Password is required').max(
    PASSWORD_MAX,
    messages.tooLong,
  ),
  rememberMe: z.boolean().optional().default(true),
});

export const emailOnlySchema = z.object({ email });

export const resetPasswordSchema = z.object({
  token: z.string({ error: 'Invalid or missing reset token' }).min(1, 'Invalid or missing reset token').max(200),
  password: newPassword,
});

export const setPasswordSchema = z.object({
  userId: z.union([z.string(), z.number()]).optional(),
  /** Required when the account already has a password (changing it); not for a first password. */
  currentPassword: z.string().max(PASSWORD_MAX, messages.tooLong).optional(),
  password: asTyped(messages.tooShort, setPasswordProblem),
});

export const syncUserSchema = z.object({
  // Spec 7: the call carries the user's id (it must be the signed-in user's own).
  id: z.union([z.string().trim().min(1, 'id is required').max(64, 'id is not a user id'), z.number()], {
    error: 'id is required',
  }),
  email: z.string().max(254).optional(),
  zipCode: z
    .string()
    .trim()
    .max(12, 'Zip code must be at most 12 characters')
    .regex(/^[A-Za-z0-9 -]*$/, 'Zip code may contain letters, digits, spaces and dashes')
    .nullable()
    .optional(),
});

export const googleCallbackSchema = z.object({
  code: z.string().min(1).max(2048),
  state: z.string().min(1).max(512),
});

const pillarScore = z.number({ error: 'Scores must be numbers from 0 to 100' }).int('Scores must be whole numbers').min(
  0,
  'Scores must be from 0 to 100',
).max(100, 'Scores must be from 0 to 100');

export const assessmentSubmitSchema = z
  .object({
    userId: z.union([z.string().max(64), z.number()]).optional(),
    savingScore: pillarScore.optional(),
    creditScore: pillarScore.optional(),
    investingScore: pillarScore.optional(),
    answers: z
      .record(
        z.string().regex(/^\d{1,3}$/, 'Question ids are numbers'),
        z.union([z.string().max(8), z.number().int()]).transform(String),
      )
      .optional(),
  })
  .refine(
    (b) =>
      (b.answers && Object.keys(b.answers).length > 0) ||
      (b.savingScore !== undefined && b.creditScore !== undefined && b.investingScore !== undefined),
    { message: 'Send your answers, or all three scores', path: ['answers'] },
  );

const optionIndex = z.number().int('userAnswer is an option index from 0 to 3').min(
  0,
  'userAnswer is an option index from 0 to 3',
).max(3, 'userAnswer is an option index from 0 to 3');

/** One answer checked during a quiz (instant feedback); the first check of a question is the one graded. */
export const quizCheckSchema = z.object({
  attemptId: z.uuid('attemptId must be a UUID made by the client'),
  questionId: z.number().int().min(1),
  userAnswer: optionIndex,
});

/** A lesson step shown to the learner (lesson-steps.ts), 1-based; the lesson bounds it further. */
export const lessonStepSchema = z.object({ step: z.number().int().min(1).max(1000) });

export const lessonCompleteSchema = z.object({
  attemptId: z.uuid('attemptId must be a UUID made by the client'),
  quizResponses: z
    .array(
      z.object({
        questionId: z.number().int().min(1),
        userAnswer: z.number().int('userAnswer is an option index from 0 to 3').min(
          0,
          'userAnswer is an option index from 0 to 3',
        ).max(3, 'userAnswer is an option index from 0 to 3'),
        isCorrect: z.boolean().optional(),
      }),
    )
    .min(1, 'Answer every question')
    .max(50),
  durationMs: z.number().int().min(0).max(24 * 60 * 60 * 1000).optional(),
  /** The browser's IANA time zone: the day a completed lesson counts for (daily streak). */
  timeZone: z.string().max(64).optional(),
  // Sent by the spec's client; the server grades the answers itself and ignores these.
  score: z.number().optional(),
  completed: z.boolean().optional(),
  correctAnswers: z.number().optional(),
  totalQuestions: z.number().optional(),
});
