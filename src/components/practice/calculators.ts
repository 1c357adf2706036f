// What each practice tool asks for and what it answers, in words; the sums are src/lib/practice-tools.ts.
import {
  type CalculatorKind,
  compoundGrowth,
  creditUtilization,
  emergencyFund,
  formatMoney,
  loanPayment,
} from '../../lib/practice-tools.ts';

export type Values = Record<string, string>;

export interface NumberInput {
  name: string;
  label: string;
  prefix?: string;
  suffix?: string;
}

/** Reads a figure as typed; an empty field is missing, not 0. */
export type Reader = (name: string) => number;

export const DEFAULTS: Record<CalculatorKind, Values> = {
  'emergency-fund': { monthlyEssentials: '2500', months: '3', currentSavings: '1200', monthlySaving: '400' },
  'credit-utilization': { balance0: '450', limit0: '1500' },
  'compound-growth': { initial: '1000', monthlyContribution: '200', annualRatePercent: '6', years: '20' },
  'loan-payment': { amount: '20000', aprPercent: '7', months: '60' },
};

/** The fields of the tools with a fixed form (the credit tool has one pair per card). */
export const FIELDS: Record<Exclude<CalculatorKind, 'credit-utilization'>, NumberInput[]> = {
  'emergency-fund': [
    { name: 'monthlyEssentials', label: 'Essential costs a month', prefix: '$' },
    { name: 'months', label: 'Months to cover', suffix: '1 to 24' },
    { name: 'currentSavings', label: 'Saved so far', prefix: '$' },
    { name: 'monthlySaving', label: 'You can save a month', prefix: '$' },
  ],
  'compound-growth': [
    { name: 'initial', label: 'Starting amount', prefix: '$' },
    { name: 'monthlyContribution', label: 'Added each month', prefix: '$' },
    { name: 'annualRatePercent', label: 'Yearly return', suffix: '%, an assumption' },
    { name: 'years', label: 'Years' },
  ],
  'loan-payment': [
    { name: 'amount', label: 'Amount borrowed', prefix: '$' },
    { name: 'aprPercent', label: 'APR', suffix: '%' },
    { name: 'months', label: 'Months to repay' },
  ],
};

export const cardFields = (i: number): NumberInput[] => [
  { name: `balance${i}`, label: `Card ${i + 1} balance`, prefix: '$' },
  { name: `limit${i}`, label: `Card ${i + 1} limit`, prefix: '$' },
];

const BAND_WORDS = {
  excellent: 'excellent (under 10%)',
  good: 'good (under 30%)',
  high: 'high (30% or more)',
  'very-high': 'very high (50% or more)',
};

const ANSWERS: Record<CalculatorKind, (num: Reader, cards: number) => string[]> = {
  'emergency-fund': (num) => {
    const r = emergencyFund({
      monthlyEssentials: num('monthlyEssentials'),
      months: num('months'),
      currentSavings: num('currentSavings'),
      monthlySaving: num('monthlySaving'),
    });
    return [
      `Your target: ${formatMoney(r.target)}.`,
      r.gap === 0 ? 'You have reached it. Well done!' : `Still to save: ${formatMoney(r.gap)}.`,
      r.monthsToGoal === null
        ? 'Set a monthly amount to see when you will get there.'
        : r.monthsToGoal > 0
        ? `At your monthly saving, about ${r.monthsToGoal} months.`
        : '',
    ].filter(Boolean);
  },
  'credit-utilization': (num, cards) => {
    const r = creditUtilization(
      Array.from({ length: cards }, (_, i) => ({ balance: num(`balance${i}`), limit: num(`limit${i}`) })),
    );
    return [
      `Overall utilisation: ${r.overallPercent}%, which is ${BAND_WORDS[r.band]}.`,
      ...r.perCard.map((c, i) => `Card ${i + 1}: ${c.percent}%`),
    ];
  },
  'loan-payment': (num) => {
    const r = loanPayment({ amount: num('amount'), aprPercent: num('aprPercent'), months: num('months') });
    return [
      `Monthly payment: ${formatMoney(r.monthlyPayment)}.`,
      `Over ${num('months')} months you pay ${formatMoney(r.totalPaid)}, of which ${
        formatMoney(r.totalInterest)
      } is interest.`,
    ];
  },
  'compound-growth': (num) => {
    const r = compoundGrowth({
      initial: num('initial'),
      monthlyContribution: num('monthlyContribution'),
      annualRatePercent: num('annualRatePercent'),
      years: num('years'),
    });
    return [
      `After ${num('years')} years: ${formatMoney(r.finalBalance)}.`,
      `You put in ${formatMoney(r.totalContributed)}; growth adds ${formatMoney(r.totalGrowth)}.`,
    ];
  },
};

/** The tool's answer to the figures, or what is wrong with them. */
export function answer(kind: CalculatorKind, values: Values, cards: number): { lines: string[]; error?: string } {
  const num: Reader = (name) => {
    const text = (values[name] ?? '').replace(/[$,%\s]/g, '');
    return text === '' ? NaN : Number(text);
  };
  try {
    return { lines: ANSWERS[kind](num, cards) };
  } catch (error) {
    return { lines: [], error: error instanceof RangeError ? error.message : 'Check the numbers you entered.' };
  }
}
