// A learner's money plan (issue 57), pure: the surplus, the step of the order of operations they
// are on and why, what to do with this month's surplus and how long each step takes at that pace,
// the employer match, the debts' payoff plans, and the chart's months. The /plan page, its
// endpoint and the dashboard call computePlan with the checked input (input.ts) and the rules from
// facts.yaml (rules.ts); "what if I put $X more a month" is the same call with `extraMonthly`.
import { actionFor, headlineFor, payoffTexts, planNotes, stepDetail, surplusExplanation } from './explain.ts';
import type { PlanField, PlanInput } from './input.ts';
import { employerMatch, type MatchResult } from './match.ts';
import { toCents } from './money.ts';
import { type Debt, debtsInCents, type PayoffPlan, simulatePayoff, sum } from './payoff.ts';
import type { PlanRules } from './rules.ts';
import {
  BLOCKING_STEPS,
  fullFundMonths,
  type FundTarget,
  fundTarget,
  isHighInterest,
  type PlanFigures,
  STEP_IDS,
  STEP_LESSONS,
  STEP_TITLES,
  type StepId,
  type StepStatus,
  stepWhy,
} from './steps.ts';
import { buildTimeline, type PlanMonth, type Timeline } from './timeline.ts';

export interface PlanStep {
  id: StepId;
  /** 0 for "spend less than you earn", then the order of operations' 1 to 5. */
  number: number;
  title: string;
  status: StepStatus;
  current: boolean;
  why: string;
  /** Where the learner stands on it, with the arithmetic, or what is missing. */
  detail: string;
  missing: PlanField[];
  /** The step's one number: the gap, the match left on the table a year, the debt owed. */
  amountCents: number | null;
  /** The month (from now) the step starts and is done at the plan's pace; null: not known or never. */
  startsInMonth: number | null;
  doneInMonth: number | null;
  /** Months the step itself takes (0 when already met). */
  months: number | null;
  lessons: readonly string[];
}

export interface PayoffComparison {
  avalanche: PayoffPlan;
  snowball: PayoffPlan;
  /** "$185 minimum payments + $790 extra = $975 a month on your debts, from month 2". */
  budget: string;
  /** Each plan in words: the order, each payoff month, the total interest. */
  avalancheText: string;
  snowballText: string;
  /** "The avalanche saves $169.84 in interest ($2,617.23 − $2,447.39) and is done 1 month sooner". */
  comparison: string;
}

export interface MoneyPlan {
  surplus: { cents: number | null; explanation: string; missing: PlanField[] };
  steps: PlanStep[];
  currentStep: StepId;
  /** What to do with this month's surplus. */
  action: { text: string; amountCents: number | null };
  match: MatchResult;
  /** Avalanche (the plan's method) and snowball to compare; null without debts. */
  payoff: PayoffComparison | null;
  /** Month by month from today: what is owed and the emergency fund (at most MAX_MONTHS + 1). */
  series: PlanMonth[];
  /** Things the plan assumed or could not check, said plainly. */
  notes: string[];
}

export interface PlanOptions {
  /** "What if I put $X more a month": dollars added to the surplus (extraMonthlySchema checks it). */
  extraMonthly?: number;
}

export function planFigures(input: PlanInput, whatIfCents = 0): PlanFigures {
  const cents = (v: number | undefined) => (v === undefined ? null : toCents(v));
  const debts = debtsInCents(input.debts ?? []);
  const takeHome = cents(input.takeHomePay);
  const essentials = cents(input.essentialSpending);
  const minimums = sum(debts.map((d) => d.minimumCents));
  return {
    takeHomeCents: takeHome,
    essentialsCents: essentials,
    savingsCents: cents(input.emergencySavings),
    debts,
    debtsEntered: input.debts !== undefined,
    hasDependents: input.hasDependents ?? null,
    minimumsCents: minimums,
    whatIfCents,
    surplusCents: takeHome === null || essentials === null ? null : takeHome - essentials - minimums + whatIfCents,
  };
}

type Today = Record<StepId, { status: StepStatus; missing: PlanField[] }>;

function todayStatuses(
  figures: PlanFigures,
  rules: PlanRules,
  match: MatchResult,
  funds: Record<'starter' | 'full', FundTarget>,
): Today {
  const surplusMissing: PlanField[] = [];
  if (figures.takeHomeCents === null) surplusMissing.push('takeHomePay');
  if (figures.essentialsCents === null) surplusMissing.push('essentialSpending');
  const fund = (t: FundTarget) =>
    ({ status: t.gapCents === null ? 'unknown' : t.gapCents === 0 ? 'met' : 'to-do', missing: t.missing }) as const;
  const highInterestOwed = figures.debts.some((d) => d.balanceCents > 0 && isHighInterest(d, rules));
  return {
    'spend-less': {
      status: figures.surplusCents === null ? 'unknown' : figures.surplusCents > 0 ? 'met' : 'to-do',
      missing: surplusMissing,
    },
    'starter-fund': fund(funds.starter),
    'employer-match': {
      status: match.status === 'unknown' ? 'unknown' : match.status === 'not-met' ? 'to-do' : 'met',
      missing: match.missing,
    },
    'high-interest-debt': {
      status: !figures.debtsEntered ? 'unknown' : highInterestOwed ? 'to-do' : 'met',
      missing: figures.debtsEntered ? [] : ['debts'],
    },
    'full-fund': fund(funds.full),
    'invest': { status: 'to-do', missing: [] },
  };
}

/** The first step not yet met; an unknown step stops the plan only when it is a blocking one. */
const currentStepOf = (today: Today): StepId =>
  STEP_IDS.find((id) =>
    today[id].status === 'to-do' || (today[id].status === 'unknown' && BLOCKING_STEPS.includes(id))
  ) ?? 'invest';

/**
 * The month each step starts and is done, and how long it takes, from the timeline. A step met
 * today is done at once (the month the step before it is); an unknown step is left out, and after
 * an unknown blocking step (or a step never done) nothing is done.
 */
function stepMonths(today: Today, timeline: Timeline, current: StepId) {
  const months = {} as Record<StepId, Pick<PlanStep, 'startsInMonth' | 'doneInMonth' | 'months'>>;
  let previous: number | null = 0;
  for (const id of STEP_IDS) {
    const { status } = today[id];
    let done: number | null;
    if (status === 'unknown' || previous === null) done = null;
    else if (status === 'met') done = STEP_IDS.indexOf(id) < STEP_IDS.indexOf(current) ? 0 : previous;
    else if (id === 'spend-less' || id === 'invest') done = null;
    else done = timeline.doneMonth[id];
    months[id] = {
      startsInMonth: status === 'unknown' ? null : previous,
      doneInMonth: done,
      months: done === null || previous === null ? null : done - previous,
    };
    if (status !== 'unknown') previous = done;
    else if (BLOCKING_STEPS.includes(id)) previous = null;
  }
  return months;
}

export function computePlan(input: PlanInput, rules: PlanRules, options: PlanOptions = {}): MoneyPlan {
  const figures = planFigures(input, toCents(options.extraMonthly ?? 0));
  const match = employerMatch(input);
  const funds = {
    starter: fundTarget(figures, rules.starterFundMonths),
    full: fundTarget(figures, fullFundMonths(figures, rules)),
  };
  const today = todayStatuses(figures, rules, match, funds);
  const current = currentStepOf(today);
  const blocked = BLOCKING_STEPS.some((id) => today[id].status === 'unknown') || today['spend-less'].status !== 'met';
  const timeline = buildTimeline({
    debts: figures.debts,
    highInterest: figures.debts.map((d) => isHighInterest(d, rules)),
    savingsCents: figures.savingsCents ?? 0,
    starterTargetCents: funds.starter.targetCents ?? Infinity,
    fullTargetCents: funds.full.targetCents ?? Infinity,
    surplusCents: blocked ? null : figures.surplusCents,
    matchCostCents: match.status === 'not-met' ? match.extraContributionMonthlyCents ?? 0 : 0,
  });
  const months = stepMonths(today, timeline, current);
  const context = { figures, rules, match, funds, timeline };
  const steps = STEP_IDS.map((id, number): PlanStep => {
    const { text, amountCents } = stepDetail(id, today[id].status, context);
    return {
      id,
      number,
      title: STEP_TITLES[id],
      status: today[id].status,
      current: id === current,
      why: stepWhy(id, rules),
      detail: text,
      missing: today[id].missing,
      amountCents,
      ...months[id],
      lessons: STEP_LESSONS[id],
    };
  });
  return {
    surplus: {
      cents: figures.surplusCents,
      explanation: surplusExplanation(figures),
      missing: today['spend-less'].missing,
    },
    steps,
    currentStep: current,
    action: actionFor(steps.find((s) => s.current)!, context),
    match,
    payoff: payoffComparison(figures.debts, timeline),
    series: timeline.series,
    notes: planNotes(figures, today, rules),
  };
}

function payoffComparison(debts: Debt[], timeline: Timeline): PayoffComparison | null {
  if (!debts.some((d) => d.balanceCents > 0)) return null;
  const options = timeline.debtFromMonth === null
    ? { extraCents: 0, extraFromMonth: 1 }
    : { extraCents: timeline.paceCents, extraFromMonth: timeline.debtFromMonth };
  const avalanche = simulatePayoff(debts, { method: 'avalanche', ...options });
  const snowball = simulatePayoff(debts, { method: 'snowball', ...options });
  return { avalanche, snowball, ...payoffTexts(debts, avalanche, snowball) };
}

/** The dashboard's one line for the current step: "$340 more to your starter fund". */
export function planHeadline(plan: MoneyPlan): { stepId: StepId; text: string; amountCents: number | null } {
  const step = plan.steps.find((s) => s.current)!;
  return { stepId: step.id, ...headlineFor(step, plan.match) };
}
