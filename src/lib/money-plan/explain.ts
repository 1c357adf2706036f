// The plan's figures in words, each with its arithmetic, the way the lessons write worked examples
// ("$3,200 take-home − $2,100 essentials − $185 minimum payments = $915 a month").
import type { PlanField } from './input.ts';
import type { MatchResult } from './match.ts';
import { formatCents, formatMonths, formatPercent } from './money.ts';
import { type Debt, describeOrder, describePayoff, payoffOrder, type PayoffPlan } from './payoff.ts';
import type { PlanStep } from './plan.ts';
import type { PlanRules } from './rules.ts';
import { type FundTarget, isHighInterest, type PlanFigures, type StepId, type StepStatus } from './steps.ts';
import type { Timeline } from './timeline.ts';

export interface PlanContext {
  figures: PlanFigures;
  rules: PlanRules;
  match: MatchResult;
  funds: Record<'starter' | 'full', FundTarget>;
  timeline: Timeline;
}

interface Said {
  text: string;
  amountCents: number | null;
}

export function surplusExplanation(f: PlanFigures): string {
  if (f.takeHomeCents === null || f.essentialsCents === null) {
    return 'Enter your take-home pay and essential spending to see what is left each month';
  }
  const terms = [`${formatCents(f.takeHomeCents)} take-home`, `− ${formatCents(f.essentialsCents)} essentials`];
  if (f.minimumsCents > 0) terms.push(`− ${formatCents(f.minimumsCents)} minimum payments`);
  if (f.whatIfCents > 0) terms.push(`+ ${formatCents(f.whatIfCents)} more (what if)`);
  return `${terms.join(' ')} = ${formatCents(f.surplusCents!)} a month${f.debtsEntered ? '' : ' (no debts entered)'}`;
}

/** How many months a gap takes at a monthly amount, with the division shown: a part month counts as a whole one. */
function paceText(gapCents: number, paceCents: number, months: number | null): string {
  if (months === null || paceCents <= 0) return 'the plan has no money for it yet';
  const division = `${formatCents(gapCents)} ÷ ${formatCents(paceCents)}`;
  if (gapCents % paceCents === 0) return `${division} = ${formatMonths(months)}`;
  const truncated = Math.floor((gapCents * 100) / paceCents) / 100;
  return `${division} = about ${truncated.toLocaleString('en-US', { minimumFractionDigits: 2 })}, so ${
    formatMonths(months)
  }`;
}

/** "$915 − $120 for the full match = $795 a month": what reaches step 3 and later ones. */
function paceWords(c: PlanContext): string {
  const pace = `${formatCents(c.timeline.paceCents)} a month`;
  const cost = c.match.status === 'not-met' ? c.match.extraContributionMonthlyCents ?? 0 : 0;
  const surplus = c.figures.surplusCents ?? 0;
  return cost > 0 && surplus > cost
    ? `${formatCents(surplus)} − ${formatCents(cost)} for the full match = ${pace}`
    : pace;
}

const highInterestDebts = (c: PlanContext): Debt[] =>
  payoffOrder(c.figures.debts, 'avalanche')
    .map((i) => c.figures.debts[i])
    .filter((d) => d.balanceCents > 0 && isHighInterest(d, c.rules));

/** Where the learner stands on a step, with its arithmetic, and the step's one number. */
export function stepDetail(id: StepId, status: StepStatus, c: PlanContext): Said {
  const { figures: f, timeline: t } = c;
  switch (id) {
    case 'spend-less': {
      const gap = f.surplusCents === null ? null : Math.max(0, -f.surplusCents);
      const text = surplusExplanation(f);
      if (status !== 'to-do') return { text, amountCents: f.surplusCents };
      return {
        text: `${text}: ${gap ? `${formatCents(gap)} a month more goes out than comes in` : 'nothing is left'}`,
        amountCents: gap,
      };
    }
    case 'starter-fund':
    case 'full-fund': {
      const fund = id === 'starter-fund' ? c.funds.starter : c.funds.full;
      const why = id === 'full-fund' ? dependentsText(f, c.rules) : '';
      const done = t.doneMonth[id];
      const pace = id === 'starter-fund' && status === 'to-do' && fund.gapCents
        ? `. At ${formatCents(f.surplusCents ?? 0)} a month: ${paceText(fund.gapCents, f.surplusCents ?? 0, done)}`
        : status === 'to-do' && done !== null
        ? `. At the plan's pace it is done in month ${done}`
        : '';
      return { text: `${fund.explanation}${why}${pace}`, amountCents: fund.gapCents };
    }
    case 'employer-match':
      return { text: c.match.explanation, amountCents: c.match.leftOnTableYearlyCents };
    case 'high-interest-debt':
      return highInterestDetail(status, c);
    case 'invest':
      return {
        text: status === 'to-do' && t.paceCents > 0
          ? `Once the steps before it are done, ${paceWords(c)} can go to long-term goals${
            f.debts.some((d) => d.balanceCents > 0) ? ', and the minimum payments too once the debts are paid off' : ''
          }`
          : 'Once the steps before it are done, what is left each month can go to long-term goals',
        amountCents: t.paceCents > 0 ? t.paceCents : null,
      };
  }
}

function highInterestDetail(status: StepStatus, c: PlanContext): Said {
  const threshold = formatPercent(Math.round(c.rules.highInterestAprPercent * 1000));
  if (status === 'unknown') {
    return { text: 'Add your debts (or say you have none) to check this step', amountCents: null };
  }
  const debts = highInterestDebts(c);
  if (debts.length === 0) {
    const text = c.figures.debts.length ? `None of your debts is at ${threshold} APR or more` : 'No debts';
    return { text, amountCents: 0 };
  }
  const owed = debts.reduce((s, d) => s + d.balanceCents, 0);
  const list = debts.map((d) => `${d.name} ${formatCents(d.balanceCents)} at ${formatPercent(d.aprMilli)}`);
  const sumText = debts.length > 1
    ? `; ${debts.map((d) => formatCents(d.balanceCents)).join(' + ')} = ${formatCents(owed)} in all`
    : '';
  const done = c.timeline.doneMonth['high-interest-debt'];
  const pace = done === null
    ? 'At this pace it is not paid off: the plan needs money left each month for it'
    : `With ${paceWords(c)} on top of the minimums, highest APR first, it is paid off in month ${done}`;
  return {
    text: `Debts at ${threshold} APR or more: ${list.join(', ')}${sumText}. ${pace}`,
    amountCents: owed,
  };
}

function dependentsText(f: PlanFigures, rules: PlanRules): string {
  if (f.hasDependents === true) {
    return ` (${rules.fullFundMonthsWithDependents} months: someone depends on your income)`;
  }
  if (f.hasDependents === false) return ` (${rules.fullFundMonths} months: no one depends on your income)`;
  return '';
}

/** What to do with this month's surplus, for the current step. */
export function actionFor(step: PlanStep, c: PlanContext): Said {
  const { figures: f, timeline: t } = c;
  if (step.status === 'unknown') return { text: `${askFor(step.missing)} to see this step`, amountCents: null };
  const when = (month: number | null) => (month === null ? '' : `, done in month ${month}`);
  switch (step.id) {
    case 'spend-less':
      return {
        text: step.amountCents
          ? `Spend ${
            formatCents(step.amountCents)
          } a month less, or bring in that much more: every later step is paid for by what is left each month`
          : 'Find room in your spending: every later step is paid for by what is left each month',
        amountCents: step.amountCents,
      };
    case 'starter-fund':
    case 'full-fund': {
      const pace = step.id === 'starter-fund' ? f.surplusCents ?? 0 : t.paceCents;
      return {
        text: `Put ${formatCents(pace)} a month into your emergency fund: ${formatCents(step.amountCents ?? 0)} to go${
          when(step.doneInMonth)
        }`,
        amountCents: pace,
      };
    }
    case 'employer-match': {
      const { contributionMilli: mine, fullMatchMilli: full, extraContributionMonthlyCents: cost } = c.match;
      const raise = `Raise what you put in from ${formatPercent(mine ?? 0)} to ${formatPercent(full ?? 0)} of pay`;
      if (cost === null) return { text: `${raise} to get the full match`, amountCents: null };
      const surplus = f.surplusCents ?? 0;
      const short = cost > surplus
        ? `. That is more than the ${formatCents(surplus)} left each month, so raise it as far as that allows`
        : '';
      return {
        text: `${raise}: about ${formatCents(cost)} a month from your paycheck, before tax, collects the ${
          formatCents(c.match.leftOnTableYearlyCents ?? 0)
        } a year you now leave on the table${short}`,
        amountCents: cost,
      };
    }
    case 'high-interest-debt': {
      const target = highInterestDebts(c)[0];
      return {
        text: `Pay every minimum and put ${formatCents(t.paceCents)} more a month on ${target.name} (${
          formatPercent(target.aprMilli)
        } APR) first, then the next highest APR${when(step.doneInMonth)}`,
        amountCents: t.paceCents,
      };
    }
    case 'invest':
      return {
        text: `Invest ${formatCents(t.paceCents)} a month for long-term goals: more in your workplace plan, or an IRA`,
        amountCents: t.paceCents,
      };
  }
}

const FIELD_WORDS: Record<PlanField, string> = {
  takeHomePay: 'take-home pay',
  essentialSpending: 'essential spending',
  emergencySavings: 'emergency savings',
  debts: 'debts',
  grossPay: 'gross pay',
  matchPercent: 'employer match',
  matchUpToPercent: 'how much of your pay is matched',
  contributionPercent: 'what you put in now',
  hasDependents: 'whether anyone depends on your income',
};

/** "Add your take-home pay and essential spending". */
const askFor = (missing: readonly PlanField[]) =>
  `Add your ${missing.map((f) => FIELD_WORDS[f]).join(', ').replace(/, ([^,]*)$/, ' and $1')}`;

/** The dashboard's line for the current step. */
export function headlineFor(step: PlanStep, match: MatchResult): Said {
  const amount = step.amountCents;
  if (step.status === 'unknown') return { text: `${askFor(step.missing)} to see your next step`, amountCents: null };
  const money = formatCents(amount ?? 0);
  const texts: Record<StepId, string> = {
    'spend-less': amount
      ? `${money} a month to cut from your spending`
      : 'Nothing left each month: find room in your spending',
    'starter-fund': `${money} more to your starter fund`,
    'employer-match': amount === null
      ? `Put in ${formatPercent(match.fullMatchMilli ?? 0)} of your pay to get the full employer match`
      : `${money} a year of employer match left on the table`,
    'high-interest-debt': `${money} of high-interest debt to pay off`,
    'full-fund': `${money} more to your full emergency fund`,
    'invest': amount === null
      ? 'Invest what is left each month for long-term goals'
      : `${money} a month to invest for the long term`,
  };
  return { text: texts[step.id], amountCents: amount };
}

export function payoffTexts(debts: readonly Debt[], avalanche: PayoffPlan, snowball: PayoffPlan) {
  const { minimumsCents: minimums, extraCents: extra, extraFromMonth: from } = avalanche;
  const budget = extra === 0
    ? `Minimum payments only, ${
      formatCents(minimums)
    } a month: the plan has no money for extra payments on your debts yet`
    : `${formatCents(minimums)} minimum payments + ${formatCents(extra)} extra = ${
      formatCents(minimums + extra)
    } a month on your debts${from > 1 ? `, the extra from month ${from}, once the starter fund is there` : ''}`;
  return {
    budget,
    avalancheText: `${describeOrder(debts, avalanche)}. ${describePayoff(avalanche)}`,
    snowballText: `${describeOrder(debts, snowball)}. ${describePayoff(snowball)}`,
    comparison: compare(avalanche, snowball),
  };
}

function compare(a: PayoffPlan, s: PayoffPlan): string {
  if (a.months === null || s.months === null) {
    return 'Not every debt gets paid off at this pace: see what each one needs';
  }
  const diff = s.totalInterestCents - a.totalInterestCents;
  const [low, high] = [a.totalInterestCents, s.totalInterestCents].map(formatCents);
  const money = diff > 0
    ? `The avalanche saves ${formatCents(diff)} in interest (${high} − ${low})`
    : diff < 0
    ? `The snowball costs ${formatCents(-diff)} less in interest here (${low} − ${high})`
    : 'Both cost the same interest';
  const months = s.months - a.months;
  const time = months > 0
    ? `is done ${formatMonths(months)} sooner`
    : months < 0
    ? `takes ${formatMonths(-months)} longer`
    : 'is done the same month';
  const first = (p: PayoffPlan) => Math.min(...p.debts.map((d) => d.payoffMonth ?? Infinity).filter((m) => m > 0));
  const wins = Number.isFinite(first(s)) && first(s) < first(a)
    ? `; the snowball's first debt is gone in month ${first(s)}, the avalanche's in month ${first(a)}`
    : '';
  return `${money}, and the avalanche ${time}${wins}`;
}

export function planNotes(f: PlanFigures, today: Record<StepId, { status: StepStatus }>, rules: PlanRules): string[] {
  const notes: string[] = [];
  if (f.whatIfCents > 0) notes.push(`Counting ${formatCents(f.whatIfCents)} more a month (what if)`);
  if (today['employer-match'].status === 'unknown') {
    notes.push(
      'No employer match entered: if your workplace plan matches what you put in, add it, as it comes right after the starter fund',
    );
  }
  if (!f.debtsEntered) {
    notes.push('No debts entered: if you have any, add them, as high-interest debt comes before the full fund');
  }
  if (f.hasDependents === null) {
    notes.push(
      `You did not say whether anyone depends on your income: the full fund here is ${rules.fullFundMonths} months of essentials, ${rules.fullFundMonthsWithDependents} if someone does`,
    );
  }
  notes.push(
    'The plan keeps your pay, spending and minimum payments as they are today, and leaves out interest your savings earn',
  );
  return notes;
}
