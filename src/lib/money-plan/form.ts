// The /plan form's figures, read in the browser with the same rules and messages as input.ts's zod
// schema (which the endpoint applies), without shipping zod to a phone: the page's JavaScript
// budget has no room for it. tests/unit/money-plan-form.test.ts holds the two to the same answers.
import type { PlanInput } from './input.ts';
import { DEBT_NAME_MAX, MAX_DEBTS, MONEY_MAX, PLAN_MESSAGES } from './limits.ts';

/** What the form holds: text as typed, so a half-typed "3,2" stays on screen. */
export interface PlanForm {
  takeHomePay: string;
  essentialSpending: string;
  emergencySavings: string;
  /** Left unsaid (the debt step asks), no debts, or the list below. */
  debtsAnswer: 'unsaid' | 'none' | 'some';
  debts: DebtForm[];
  grossPay: string;
  matchPercent: string;
  matchUpToPercent: string;
  contributionPercent: string;
  hasDependents: '' | 'yes' | 'no';
}

export interface DebtForm {
  name: string;
  balance: string;
  apr: string;
  minimumPayment: string;
}

/** The request body the form sends: what input.ts's schema reads (text for numbers). */
export interface PlanFields {
  takeHomePay?: string;
  essentialSpending?: string;
  emergencySavings?: string;
  debts?: DebtForm[];
  grossPay?: string;
  matchPercent?: string;
  matchUpToPercent?: string;
  contributionPercent?: string;
  hasDependents?: boolean;
}

export const MONEY_FIELDS = ['takeHomePay', 'essentialSpending', 'emergencySavings', 'grossPay'] as const;
export const PERCENT_FIELDS = ['matchPercent', 'matchUpToPercent', 'contributionPercent'] as const;

export const emptyDebt = (): DebtForm => ({ name: '', balance: '', apr: '', minimumPayment: '' });

export const EMPTY_FORM: PlanForm = {
  takeHomePay: '',
  essentialSpending: '',
  emergencySavings: '',
  debtsAnswer: 'unsaid',
  debts: [],
  grossPay: '',
  matchPercent: '',
  matchUpToPercent: '',
  contributionPercent: '',
  hasDependents: '',
};

const text = (v: number | undefined) => (v === undefined ? '' : String(v));

/** A saved plan's figures back in the form. */
export function formOf(input: PlanInput): PlanForm {
  return {
    takeHomePay: text(input.takeHomePay),
    essentialSpending: text(input.essentialSpending),
    emergencySavings: text(input.emergencySavings),
    debtsAnswer: input.debts === undefined ? 'unsaid' : input.debts.length ? 'some' : 'none',
    debts: (input.debts ?? []).map((d) => ({
      name: d.name ?? '',
      balance: text(d.balance),
      apr: text(d.apr),
      minimumPayment: text(d.minimumPayment),
    })),
    grossPay: text(input.grossPay),
    matchPercent: text(input.matchPercent),
    matchUpToPercent: text(input.matchUpToPercent),
    contributionPercent: text(input.contributionPercent),
    hasDependents: input.hasDependents === undefined ? '' : input.hasDependents ? 'yes' : 'no',
  };
}

/** The body to send: blank fields left out, debts as answered. */
export function fieldsOf(form: PlanForm): PlanFields {
  const fields: PlanFields = {};
  for (const key of [...MONEY_FIELDS, ...PERCENT_FIELDS]) if (form[key].trim() !== '') fields[key] = form[key];
  if (form.debtsAnswer === 'none') fields.debts = [];
  if (form.debtsAnswer === 'some') fields.debts = form.debts;
  if (form.hasDependents) fields.hasDependents = form.hasDependents === 'yes';
  return fields;
}

const NUMBER = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)$/;

/** input.ts's readNumber: "$3,200.50", "27%"; blank is left out; other text is kept (and refused). */
function readNumber(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const t = value.trim().replace(/^\$|%$/g, '').replace(/,/g, '');
  if (t === '') return undefined;
  return NUMBER.test(t) ? Number(t) : value;
}

const hasAtMostDecimals = (value: number, decimals: number) => {
  const scaled = value * 10 ** decimals;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6;
};

type Check = (v: number) => string | null;

/** One number field: the first rule it breaks, as the schema words it; its value whenever it is a number. */
function readField(
  raw: unknown,
  label: string,
  example: string,
  checks: Check[],
  required: boolean,
): { value?: number; error?: string; typed: boolean } {
  const value = readNumber(raw);
  if (value === undefined) {
    return required ? { error: `Enter ${label[0].toLowerCase()}${label.slice(1)}`, typed: false } : { typed: true };
  }
  if (typeof value !== 'number' || !Number.isFinite(value)) {
    return { error: `${label} must be a number, like ${example}`, typed: false };
  }
  for (const check of checks) {
    const error = check(value);
    if (error) return { value, error, typed: true };
  }
  return { value, typed: true };
}

const moneyChecks = (label: string, negative = `${label} can't be negative`): Check[] => [
  (v) => (v < 0 ? negative : null),
  (v) => (v > MONEY_MAX ? `${label} must be at most $${MONEY_MAX.toLocaleString('en-US')}` : null),
  (v) => (hasAtMostDecimals(v, 2) ? null : `${label} goes in whole cents`),
];

const percentChecks = (label: string, tooHigh: string): Check[] => [
  (v) => (v < 0 ? `${label} can't be negative` : null),
  (v) => (v > 100 ? tooHigh : null),
  (v) => (hasAtMostDecimals(v, 3) ? null : `${label} goes in steps of 0.001%`),
];

const MONEY_LABELS: Record<(typeof MONEY_FIELDS)[number], string> = {
  takeHomePay: 'Take-home pay',
  essentialSpending: 'Essential spending',
  emergencySavings: 'Emergency savings',
  grossPay: 'Gross pay',
};

const PERCENT_RULES: Record<(typeof PERCENT_FIELDS)[number], [string, string]> = {
  matchPercent: ['The match', 'The match must be from 0% to 100%'],
  matchUpToPercent: ['The percent of pay matched', 'The percent of pay matched must be from 0% to 100%'],
  contributionPercent: ['Your contribution', 'Your contribution must be from 0% to 100% of pay'],
};

export type PlanRead = { ok: true; input: PlanInput } | { ok: false; errors: Record<string, string> };

/** The form's fields checked as the endpoint checks them: the plan's input, or a message per field. */
export function readPlanFields(fields: PlanFields): PlanRead {
  const errors: Record<string, string> = {};
  const input: PlanInput = {};
  for (const key of MONEY_FIELDS) {
    const r = readField(fields[key], MONEY_LABELS[key], '3200 or 3200.50', moneyChecks(MONEY_LABELS[key]), false);
    if (r.error) errors[key] = r.error;
    else if (key in fields) input[key] = r.value;
  }
  for (const key of PERCENT_FIELDS) {
    const [label, tooHigh] = PERCENT_RULES[key];
    const r = readField(fields[key], label, '6 or 4.5', percentChecks(label, tooHigh), false);
    if (r.error) errors[key] = r.error;
    else if (key in fields) input[key] = r.value;
  }
  if (fields.debts !== undefined) {
    if (fields.debts.length > MAX_DEBTS) errors.debts = PLAN_MESSAGES.tooManyDebts;
    input.debts = fields.debts.map((d, i) => readDebt(d, `debts.${i}`, errors));
  }
  if (fields.hasDependents !== undefined) input.hasDependents = fields.hasDependents;
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, input };
}

function readDebt(d: DebtForm, at: string, errors: Record<string, string>) {
  const name = d.name.trim();
  if (name.length > DEBT_NAME_MAX) errors[`${at}.name`] = PLAN_MESSAGES.nameTooLong;
  const balance = readField(
    d.balance,
    'The balance',
    '3200 or 3200.50',
    moneyChecks('The balance', PLAN_MESSAGES.negativeBalance),
    true,
  );
  const apr = readField(d.apr, 'The APR', '6 or 4.5', percentChecks('The APR', PLAN_MESSAGES.aprTooHigh), true);
  const minimum = readField(
    d.minimumPayment,
    'The minimum payment',
    '3200 or 3200.50',
    moneyChecks('The minimum payment'),
    true,
  );
  for (const [field, r] of [['balance', balance], ['apr', apr], ['minimumPayment', minimum]] as const) {
    if (r.error) errors[`${at}.${field}`] = r.error;
  }
  // The schema's rule across fields runs whenever every field is a number (it may break a rule).
  if (balance.typed && apr.typed && minimum.typed && balance.value! > 0 && minimum.value === 0) {
    errors[`${at}.minimumPayment`] ??= PLAN_MESSAGES.zeroMinimum;
  }
  return { name, balance: balance.value ?? 0, apr: apr.value ?? 0, minimumPayment: minimum.value ?? 0 };
}

/** "What if I put $X more a month", read as input.ts's extraMonthlySchema reads it (blank: $0). */
export function readExtra(typed: string): { ok: true; dollars: number } | { ok: false; error: string } {
  const label = 'The extra amount';
  const r = readField(typed, label, '3200 or 3200.50', moneyChecks(label), false);
  return r.error ? { ok: false, error: r.error } : { ok: true, dollars: r.value ?? 0 };
}
