// The plan's input limits and messages, apart from the zod schema (input.ts) so the browser's
// form reader (form.ts) can share them without loading zod.
export const MAX_DEBTS = 10;
export const DEBT_NAME_MAX = 60;
/** Largest amount any money field takes: keeps every figure of the plan an exact integer of cents. */
export const MONEY_MAX = 10_000_000;
export const APR_MAX = 100;

export const PLAN_MESSAGES = {
  negativeBalance: "A balance can't be negative",
  aprTooHigh: `APR must be ${APR_MAX}% or less`,
  zeroMinimum: 'A minimum payment of $0 never pays off a balance: enter the minimum from your statement',
  tooManyDebts: `Add at most ${MAX_DEBTS} debts`,
  nameTooLong: `A debt's name must be at most ${DEBT_NAME_MAX} characters`,
} as const;
