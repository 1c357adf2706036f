// The plan followed month by month: the surplus goes to the current step (the starter fund, then
// the high-interest debts once the match is set up, then the full fund, then investing). Every
// debt gets its minimum; a paid-off debt's minimum rolls to the high-interest debts in avalanche
// order while any is left, and otherwise joins the surplus, as does a surplus the debts no longer
// need. Gives the month each step is done and the chart's series (what is owed and the fund).
import { type Debt, MAX_MONTHS, payMonth, payoffOrder, sum } from './payoff.ts';

export interface TimelineSetup {
  debts: readonly Debt[];
  /** Per debt: at or above the high-interest APR. */
  highInterest: readonly boolean[];
  savingsCents: number;
  starterTargetCents: number;
  fullTargetCents: number;
  /**
   * Money left each month; null when the plan cannot start (a surplus of $0 or less, or figures
   * missing): then only the debts' minimums are followed and the fund stays as it is.
   */
  surplusCents: number | null;
  /** What the full match costs a month, taken from the surplus once the starter fund is done. */
  matchCostCents: number;
}

export interface PlanMonth {
  month: number;
  /** What is owed on all debts at the end of the month. */
  debtCents: number;
  fundCents: number;
}

export type TimelineStep = 'starter-fund' | 'employer-match' | 'high-interest-debt' | 'full-fund';

export interface Timeline {
  /** The month each step is done (0: today); null when it is not within MAX_MONTHS. */
  doneMonth: Record<TimelineStep, number | null>;
  /** The month the surplus starts going to the debts; null when it never does. */
  debtFromMonth: number | null;
  /** The surplus after the match's cost: what a month goes to step 3 and later ones. */
  paceCents: number;
  series: PlanMonth[];
}

interface State {
  month: number;
  fund: number;
  balances: number[];
  done: Record<TimelineStep, number | null>;
}

/** Marks the steps the state now meets, in order (each needs the ones before it). */
function markDone(setup: TimelineSetup, state: State): void {
  const { done, month } = state;
  if (done['starter-fund'] === null && state.fund >= setup.starterTargetCents) {
    done['starter-fund'] = month;
    done['employer-match'] = month;
  }
  const highInterestLeft = state.balances.some((b, i) => b > 0 && setup.highInterest[i]);
  if (done['employer-match'] !== null && done['high-interest-debt'] === null && !highInterestLeft) {
    done['high-interest-debt'] = month;
  }
  if (done['high-interest-debt'] !== null && done['full-fund'] === null && state.fund >= setup.fullTargetCents) {
    done['full-fund'] = month;
  }
}

export function buildTimeline(setup: TimelineSetup): Timeline {
  const order = payoffOrder(setup.debts, 'avalanche').filter((i) => setup.highInterest[i]);
  const surplus = setup.surplusCents;
  const pace = surplus === null ? 0 : Math.max(0, surplus - setup.matchCostCents);
  const state: State = {
    month: 0,
    fund: setup.savingsCents,
    balances: setup.debts.map((d) => d.balanceCents),
    done: { 'starter-fund': null, 'employer-match': null, 'high-interest-debt': null, 'full-fund': null },
  };
  markDone(setup, state);
  const series: PlanMonth[] = [{ month: 0, debtCents: sum(state.balances), fundCents: state.fund }];
  while (state.month < MAX_MONTHS) {
    if (state.done['full-fund'] !== null && state.balances.every((b) => b === 0)) break;
    const { done } = state;
    const toDebts = done['starter-fund'] !== null && done['high-interest-debt'] === null ? pace : 0;
    const saving = done['starter-fund'] === null ? surplus ?? 0 : pace - toDebts;
    const before = state.balances;
    const result = payMonth(before, setup.debts, order, toDebts);
    // Once the full fund is there, what is left each month is invested, outside this chart.
    const toFund = done['full-fund'] === null && surplus !== null ? saving + result.unspent : 0;
    if (toFund === 0 && result.balances.every((b, i) => b === before[i])) break;
    state.month += 1;
    state.fund += toFund;
    state.balances = result.balances;
    markDone(setup, state);
    series.push({ month: state.month, debtCents: sum(state.balances), fundCents: state.fund });
    // Nothing fell: with the same money next month nothing will (payoff.ts isStuck), so stop.
    if (toFund === 0 && !before.some((b, i) => result.balances[i] < b)) break;
  }
  const started = state.done['starter-fund'];
  return {
    doneMonth: state.done,
    debtFromMonth: started === null || pace === 0 ? null : started + 1,
    paceCents: pace,
    series,
  };
}
