// What a learner may enter for their money plan (issue 57), one schema for the /plan form and its
// endpoint. Every field is optional; a field left out is "not entered", never a guessed zero.
// Money is in dollars with cents and percents are plain numbers (27 for 27%); the plan turns
// them into integer cents and thousandths of a percent (money.ts).
import { z } from 'zod';
import { APR_MAX, DEBT_NAME_MAX, MAX_DEBTS, MONEY_MAX, PLAN_MESSAGES } from './limits.ts';

export { APR_MAX, DEBT_NAME_MAX, MAX_DEBTS, MONEY_MAX, PLAN_MESSAGES };

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * Reads a number, or a string a phone keyboard or a form may send ("3,200.50", "$85", "27%"); an
 * empty string is a field left blank. Anything else is refused rather than coerced.
 */
function readNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const text = value.trim().replace(/^\$|%$/g, '').replace(/,/g, '');
  if (text === '') return undefined;
  return NUMBER.test(text) ? Number(text) : value;
}

/** A field the plan can do without: left out or blank is undefined. */
const optional = (schema: z.ZodNumber) => z.preprocess(readNumber, schema.optional());
/** A field a debt needs: left out or blank gets "Enter ...". */
const required = (schema: z.ZodNumber) => z.preprocess(readNumber, schema);

const notANumber = (label: string, example: string) => (issue: { input?: unknown }) =>
  issue.input === undefined
    ? `Enter ${label[0].toLowerCase()}${label.slice(1)}`
    : `${label} must be a number, like ${example}`;

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

/** Dollars and cents, from 0 to MONEY_MAX. */
const money = (label: string, negative = `${label} can't be negative`) =>
  z
    .number({ error: notANumber(label, '3200 or 3200.50') })
    .min(0, negative)
    .max(MONEY_MAX, `${label} must be at most $${MONEY_MAX.toLocaleString('en-US')}`)
    .refine((v) => hasAtMostDecimals(v, 2), `${label} goes in whole cents`);

/** A percent from 0 to 100, in steps of 0.001 (a 6.875% loan). */
const percent = (label: string, tooHigh: string) =>
  z
    .number({ error: notANumber(label, '6 or 4.5') })
    .min(0, `${label} can't be negative`)
    .max(100, tooHigh)
    .refine((v) => hasAtMostDecimals(v, 3), `${label} goes in steps of 0.001%`);

export const debtSchema = z
  .object({
    name: z
      .string({ error: "A debt's name is text" })
      .trim()
      .max(DEBT_NAME_MAX, PLAN_MESSAGES.nameTooLong)
      .optional(),
    balance: required(money('The balance', PLAN_MESSAGES.negativeBalance)),
    apr: required(percent('The APR', PLAN_MESSAGES.aprTooHigh)),
    minimumPayment: required(money('The minimum payment')),
  })
  .superRefine((debt, ctx) => {
    if (debt.balance > 0 && debt.minimumPayment === 0) {
      ctx.addIssue({ code: 'custom', path: ['minimumPayment'], message: PLAN_MESSAGES.zeroMinimum });
    }
  });

export const planInputSchema = z.object({
  /** Take-home pay a month, after tax and deductions. */
  takeHomePay: optional(money('Take-home pay')),
  /** Essential spending a month without debt payments: rent, food, transport, insurance, utilities. */
  essentialSpending: optional(money('Essential spending')),
  /** Savings the learner could use in an emergency. */
  emergencySavings: optional(money('Emergency savings')),
  /** Left out: debts not entered (the debt step is unknown); []: no debts. */
  debts: z.array(debtSchema, { error: 'Debts must be a list' }).max(MAX_DEBTS, PLAN_MESSAGES.tooManyDebts).optional(),
  /** Gross pay a year, before tax: what the employer match is a percent of. */
  grossPay: optional(money('Gross pay')),
  /** The employer adds this percent of what the learner puts in (50 for "50 cents per dollar")... */
  matchPercent: optional(percent('The match', 'The match must be from 0% to 100%')),
  /** ...on contributions up to this percent of pay. */
  matchUpToPercent: optional(
    percent('The percent of pay matched', 'The percent of pay matched must be from 0% to 100%'),
  ),
  /** What percent of pay the learner puts in now. */
  contributionPercent: optional(percent('Your contribution', 'Your contribution must be from 0% to 100% of pay')),
  /** Whether anyone depends on the learner's income (left out: treated as no, and said so). */
  hasDependents: z.boolean({ error: 'Answer yes or no' }).optional(),
});

/** A plan's input once checked: what computePlan takes, and what the endpoint stores. */
export type PlanInput = z.output<typeof planInputSchema>;
/** What a form or a request may send (strings accepted for numbers). */
export type PlanInputFields = z.input<typeof planInputSchema>;
export type DebtInput = z.output<typeof debtSchema>;
export type PlanField = keyof PlanInput;

/** "What if I put $X more a month": the same rules as the plan's money fields. */
export const extraMonthlySchema = z.preprocess(readNumber, money('The extra amount').optional().default(0));
