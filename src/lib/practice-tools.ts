// The lessons' practice tools (calculators). Pure; the learner's figures never leave the browser.

export const CALCULATORS = ['emergency-fund', 'credit-utilization', 'compound-growth', 'loan-payment'] as const;
export type CalculatorKind = (typeof CALCULATORS)[number];

export const CALCULATOR_TITLES: Record<CalculatorKind, string> = {
  'emergency-fund': 'Emergency-fund calculator',
  'credit-utilization': 'Credit-utilisation calculator',
  'compound-growth': 'Compound-growth calculator',
  'loan-payment': 'Loan-payment calculator',
};

function check(value: number, name: string, min: number, max = Number.MAX_SAFE_INTEGER): void {
  if (Number.isNaN(value)) throw new RangeError(`Enter ${name.toLowerCase()}`);
  if (!Number.isFinite(value) || value < min || value > max) {
    throw new RangeError(
      max >= 1e9
        ? `${name} must be ${min === 0.01 ? 'more than 0' : `${min} or more`}`
        : `${name} must be from ${min} to ${max}`,
    );
  }
}

const cents = (n: number) => Math.round(n * 100) / 100;

/** Target = essentials × months; gap = what is still missing; months to reach it at a monthly saving. */
export function emergencyFund(
  input: { monthlyEssentials: number; months: number; currentSavings: number; monthlySaving: number },
) {
  check(input.monthlyEssentials, 'Monthly essentials', 0, 1e9);
  check(input.months, 'Months', 1, 24);
  check(input.currentSavings, 'Current savings', 0, 1e12);
  check(input.monthlySaving, 'Monthly saving', 0, 1e9);
  const target = cents(input.monthlyEssentials * input.months);
  const gap = cents(Math.max(0, target - input.currentSavings));
  const monthsToGoal = gap === 0 ? 0 : input.monthlySaving > 0 ? Math.ceil(gap / input.monthlySaving) : null;
  return { target, gap, monthsToGoal };
}

export type UtilizationBand = 'excellent' | 'good' | 'high' | 'very-high';

export function utilizationBand(percent: number): UtilizationBand {
  if (percent < 10) return 'excellent';
  if (percent < 30) return 'good';
  if (percent < 50) return 'high';
  return 'very-high';
}

/** Balance ÷ limit per card and over all cards, as percentages with one decimal. */
export function creditUtilization(cards: Array<{ balance: number; limit: number }>) {
  if (cards.length === 0) throw new RangeError('Add at least one card');
  for (const c of cards) {
    check(c.balance, 'Balance', 0, 1e9);
    check(c.limit, 'Credit limit', 0.01, 1e9);
  }
  const one = (n: number) => Math.round(n * 10) / 10;
  const perCard = cards.map((c) => ({ ...c, percent: one((c.balance / c.limit) * 100) }));
  const overallPercent = one((cards.reduce((s, c) => s + c.balance, 0) / cards.reduce((s, c) => s + c.limit, 0)) * 100);
  return { perCard, overallPercent, band: utilizationBand(overallPercent) };
}

/**
 * Growth with monthly compounding (rate ÷ 12 each month) and contributions at the end of each
 * month. Money is rounded to cents in the results only.
 */
export function compoundGrowth(
  input: { initial: number; monthlyContribution: number; annualRatePercent: number; years: number },
) {
  check(input.initial, 'Starting amount', 0, 1e12);
  check(input.monthlyContribution, 'Monthly contribution', 0, 1e9);
  check(input.annualRatePercent, 'Yearly return', -50, 50);
  check(input.years, 'Years', 1, 60);
  if (!Number.isInteger(input.years)) throw new RangeError('Years must be a whole number');
  const r = input.annualRatePercent / 100 / 12;
  let balance = input.initial;
  let contributed = input.initial;
  const byYear: Array<{ year: number; balance: number; contributed: number }> = [];
  for (let month = 1; month <= input.years * 12; month++) {
    balance = balance * (1 + r) + input.monthlyContribution;
    contributed += input.monthlyContribution;
    if (month % 12 === 0) byYear.push({ year: month / 12, balance: cents(balance), contributed: cents(contributed) });
  }
  return {
    finalBalance: cents(balance),
    totalContributed: cents(contributed),
    totalGrowth: cents(balance - contributed),
    byYear,
  };
}

/**
 * The fixed monthly payment of an amortizing loan (car, student, mortgage principal and
 * interest): P × r ÷ (1 − (1 + r)^−n) with r = APR ÷ 12, or P ÷ n at 0%.
 */
export function loanPayment(input: { amount: number; aprPercent: number; months: number }) {
  check(input.amount, 'Loan amount', 1, 1e9);
  check(input.aprPercent, 'APR', 0, 100);
  check(input.months, 'Months', 1, 480);
  if (!Number.isInteger(input.months)) throw new RangeError('Months must be a whole number');
  const r = input.aprPercent / 100 / 12;
  const exact = r === 0 ? input.amount / input.months : (input.amount * r) / (1 - (1 + r) ** -input.months);
  const monthlyPayment = cents(exact);
  const totalPaid = cents(exact * input.months);
  return { monthlyPayment, totalPaid, totalInterest: cents(totalPaid - input.amount) };
}

export function formatMoney(n: number): string {
  return n.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: Number.isInteger(n) ? 0 : 2,
  });
}

export type LessonBlock = { type: 'markdown'; text: string } | { type: 'calculator'; kind: CalculatorKind };

/** Splits lesson text at lines that are only `[[calculator:<kind>]]` (unknown kinds stay text). */
export function splitCalculatorBlocks(markdown: string): LessonBlock[] {
  const blocks: LessonBlock[] = [];
  let text: string[] = [];
  const flush = () => {
    const joined = text.join('\n').trim();
    if (joined) blocks.push({ type: 'markdown', text: joined });
    text = [];
  };
  for (const line of markdown.split(/\r?\n/)) {
    const m = line.trim().match(/^\[\[calculator:([a-z-]+)\]\]$/);
    if (m && (CALCULATORS as readonly string[]).includes(m[1])) {
      flush();
      blocks.push({ type: 'calculator', kind: m[1] as CalculatorKind });
    } else text.push(line);
  }
  flush();
  return blocks;
}
