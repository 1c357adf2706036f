// The order of operations (facts.yaml's order-of-operations snippet), with the step before it
// that every plan needs: spend less than you earn. Each step says why it comes where it does,
// whether the learner's figures meet it today, and which lessons teach it.
import type { PlanField } from './input.ts';
import { formatCents, formatPercent } from './money.ts';
import type { Debt } from './payoff.ts';
import type { PlanRules } from './rules.ts';

export const STEP_IDS = [
  'spend-less',
  'starter-fund',
  'employer-match',
  'high-interest-debt',
  'full-fund',
  'invest',
] as const;
export type StepId = (typeof STEP_IDS)[number];

export const STEP_TITLES: Record<StepId, string> = {
  'spend-less': 'Spend less than you earn',
  'starter-fund': 'Build a starter emergency fund',
  'employer-match': 'Get the full employer match',
  'high-interest-debt': 'Pay off high-interest debt',
  'full-fund': 'Build the full emergency fund',
  'invest': 'Invest more for long-term goals',
};

/**
 * The lessons that teach each step, easiest first (db/content/lessons; a test checks each slug
 * exists). The app names the first one the learner has not passed.
 */
export const STEP_LESSONS: Record<StepId, readonly string[]> = {
  'spend-less': ['saving-budgeting-methods', 'saving-your-paycheck', 'saving-cut-recurring-costs'],
  'starter-fund': ['saving-pay-yourself-first', 'saving-emergency-fund-101', 'credit-surprise-expenses'],
  'employer-match': [
    'investing-planning-for-retirement',
    'saving-work-and-benefits',
    'investing-tax-advantaged-accounts',
  ],
  'high-interest-debt': [
    'credit-apr-and-interest',
    'credit-debt-payoff-avalanche-snowball',
    'credit-consolidation-and-balance-transfers',
  ],
  'full-fund': ['saving-full-emergency-fund', 'saving-sinking-funds'],
  'invest': [
    'investing-compound-growth',
    'investing-steady-contributions',
    'investing-diversification-and-index-funds',
    'investing-tax-advantaged-accounts',
  ],
};

/**
 * Steps that need figures the plan cannot go on without: while one is unknown, it is the current
 * step (asking for what is missing). The match and the debts may be unknown without stopping the
 * plan: many people have no workplace plan, and a list of debts left out is asked for in a note.
 */
export const BLOCKING_STEPS: readonly StepId[] = ['spend-less', 'starter-fund', 'full-fund'];

export type StepStatus = 'met' | 'to-do' | 'unknown';

/** The learner's figures in cents, with the what-if already in the surplus. */
export interface PlanFigures {
  takeHomeCents: number | null;
  essentialsCents: number | null;
  savingsCents: number | null;
  debts: Debt[];
  debtsEntered: boolean;
  hasDependents: boolean | null;
  minimumsCents: number;
  whatIfCents: number;
  /** Take-home − essentials − minimums + what-if; null without take-home or essentials. */
  surplusCents: number | null;
}

/** The plain reason each step sits where it does, with the rule's own figures. */
export function stepWhy(id: StepId, rules: PlanRules): string {
  switch (id) {
    case 'spend-less':
      return 'Every other step is paid for by what is left each month, so the plan starts with spending less than you take home';
    case 'starter-fund':
      return `${
        monthsText(rules.starterFundMonths)
      } of essentials in savings covers a surprise bill without a credit card, so new debt does not undo the rest of the plan`;
    case 'employer-match':
      return 'The match is part of your pay: every matched dollar you put in gets an instant return that no debt payoff or investment can promise';
    case 'high-interest-debt':
      return `A debt at ${
        formatPercent(Math.round(rules.highInterestAprPercent * 1000))
      } APR or more costs more than investments can be expected to earn, so paying it off is a sure return`;
    case 'full-fund':
      return `${monthsText(rules.fullFundMonths)} of essentials (${
        monthsText(rules.fullFundMonthsWithDependents)
      } when someone depends on your income) carries you through a job loss or a big repair`;
    case 'invest':
      return 'With a safety net and no high-interest debt, what is left each month can grow for long-term goals';
  }
}

const monthsText = (n: number) => `${n === 1 ? 'One' : n} month${n === 1 ? '' : 's'}`;

export const isHighInterest = (debt: Debt, rules: PlanRules): boolean =>
  debt.aprMilli >= Math.round(rules.highInterestAprPercent * 1000);

/** Months of essentials the full fund holds: more when someone depends on the income. */
export const fullFundMonths = (figures: PlanFigures, rules: PlanRules): number =>
  figures.hasDependents ? rules.fullFundMonthsWithDependents : rules.fullFundMonths;

export interface FundTarget {
  months: number;
  targetCents: number | null;
  gapCents: number | null;
  missing: PlanField[];
  /** "1 month × $2,100 essentials = $2,100; $2,100 − $1,760 saved = $340 to go". */
  explanation: string;
}

export function fundTarget(figures: PlanFigures, months: number): FundTarget {
  const missing: PlanField[] = [];
  if (figures.essentialsCents === null) missing.push('essentialSpending');
  if (figures.savingsCents === null) missing.push('emergencySavings');
  if (figures.essentialsCents === null) {
    return { months, targetCents: null, gapCents: null, missing, explanation: 'Enter your essential spending' };
  }
  const target = figures.essentialsCents * months;
  const targetText = `${months} month${months === 1 ? '' : 's'} × ${
    formatCents(figures.essentialsCents)
  } essentials = ${formatCents(target)}`;
  if (figures.savingsCents === null) {
    return { months, targetCents: target, gapCents: null, missing, explanation: `${targetText}; enter your savings` };
  }
  const gap = Math.max(0, target - figures.savingsCents);
  const gapText = gap === 0
    ? `you have ${formatCents(figures.savingsCents)} saved, so this is done`
    : `${formatCents(target)} − ${formatCents(figures.savingsCents)} saved = ${formatCents(gap)} to go`;
  return { months, targetCents: target, gapCents: gap, missing, explanation: `${targetText}; ${gapText}` };
}
