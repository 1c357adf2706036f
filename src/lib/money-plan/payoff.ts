// Paying off several debts month by month (the avalanche and the snowball of
// credit-debt-payoff-avalanche-snowball): each month every balance is charged
// round-half-up(balance × APR ÷ 12), then every debt gets its minimum, then the extra goes to the
// first debt in the method's order; a paid-off debt's payment rolls to the next target, the same
// month when money is left. Bounded: MAX_MONTHS at most, and it stops as soon as no balance can
// ever fall again, so a minimum below the interest is reported, never looped.
import type { DebtInput } from './input.ts';
import { formatCents, formatMonths, formatPercent, monthlyInterest, toCents, toMilliPercent } from './money.ts';

export const PAYOFF_METHODS = ['avalanche', 'snowball'] as const;
export type PayoffMethod = (typeof PAYOFF_METHODS)[number];
/** 50 years: a plan that is not done by then is said to be so, not followed further. */
export const MAX_MONTHS = 600;
/** A total owed past this (ten trillion dollars) can only be a runaway balance: stop there. */
const RUNAWAY_CENTS = 1e15;

export interface Debt {
  name: string;
  balanceCents: number;
  /** APR in thousandths of a percent (27% is 27000). */
  aprMilli: number;
  minimumCents: number;
}

/**
 * The checked input's debts in cents, in the order entered; a debt without a name is "Debt 1",
 * "Debt 2"... A debt already at $0 has no minimum to pay (the surplus does not count one either).
 */
export const debtsInCents = (debts: readonly DebtInput[]): Debt[] =>
  debts.map((d, i) => ({
    name: d.name || `Debt ${i + 1}`,
    balanceCents: toCents(d.balance),
    aprMilli: toMilliPercent(d.apr),
    minimumCents: d.balance === 0 ? 0 : toCents(d.minimumPayment),
  }));

/**
 * The order the extra goes in, as indexes. Avalanche: highest APR first, then the smaller balance,
 * then the order entered. Snowball: smallest balance first, then the higher APR, then the order.
 */
export function payoffOrder(debts: readonly Debt[], method: PayoffMethod): number[] {
  const byApr = (a: Debt, b: Debt) => b.aprMilli - a.aprMilli;
  const byBalance = (a: Debt, b: Debt) => a.balanceCents - b.balanceCents;
  const [first, second] = method === 'avalanche' ? [byApr, byBalance] : [byBalance, byApr];
  return debts.map((_, i) => i).sort((i, j) => first(debts[i], debts[j]) || second(debts[i], debts[j]) || i - j);
}

export interface MonthOfPayments {
  /** Each balance at the end of the month. */
  balances: number[];
  interest: number[];
  paid: number[];
  /** Money for the debts that none of them needed (every one is paid off). */
  unspent: number;
}

/**
 * One month: interest on every balance, then every minimum, then the pool (the extra, the
 * minimums of debts already paid off, and what a minimum did not need) down the order.
 */
export function payMonth(
  balances: readonly number[],
  debts: readonly Debt[],
  order: readonly number[],
  extraCents: number,
): MonthOfPayments {
  const interest = debts.map((d, i) => monthlyInterest(balances[i], d.aprMilli));
  const after = balances.map((b, i) => b + interest[i]);
  const paid = debts.map(() => 0);
  let pool = extraCents;
  debts.forEach((d, i) => {
    paid[i] = Math.min(d.minimumCents, after[i]);
    after[i] -= paid[i];
    pool += d.minimumCents - paid[i];
  });
  for (const i of order) {
    if (pool === 0) break;
    const pay = Math.min(pool, after[i]);
    after[i] -= pay;
    paid[i] += pay;
    pool -= pay;
  }
  return { balances: after, interest, paid, unspent: pool };
}

/** True when no balance fell this month: with the same money next month, none ever will. */
export const isStuck = (before: readonly number[], month: MonthOfPayments): boolean =>
  before.some((b) => b > 0) && before.every((b, i) => b === 0 || month.balances[i] >= b);

export type PayoffStop = 'paid-off' | 'stuck' | 'horizon' | 'runaway';

export interface DebtPayoff {
  name: string;
  /** The month (1 = next month) its balance reaches $0; 0 when it is already $0; null: never. */
  payoffMonth: number | null;
  interestCents: number;
  /** Said plainly when it is not paid off: "At $25 a month this debt never gets paid off: ...". */
  problem: string | null;
}

export interface PayoffPlan {
  method: PayoffMethod;
  /** Indexes of the debts in the order the extra goes to them. */
  order: number[];
  minimumsCents: number;
  extraCents: number;
  /** The month the extra starts (1 unless earlier steps of the plan come first). */
  extraFromMonth: number;
  debts: DebtPayoff[];
  /** Interest over the months simulated: all of it when `stop` is 'paid-off'. */
  totalInterestCents: number;
  /** The month the last debt is paid off (0: nothing owed); null when one never is. */
  months: number | null;
  stop: PayoffStop;
  /** What is owed in all at the end of each month; index 0 is today. */
  totalOwedByMonth: number[];
  /** The interest charged in all each month (index 0, today, is 0): with the above, the payments. */
  interestByMonth: number[];
}

export interface PayoffOptions {
  method: PayoffMethod;
  /** Money a month on top of the minimums. */
  extraCents: number;
  /** The first month the extra is paid (default 1): before it, only the minimums (rolled) are. */
  extraFromMonth?: number;
}

export function simulatePayoff(debts: readonly Debt[], options: PayoffOptions): PayoffPlan {
  const { method, extraCents, extraFromMonth = 1 } = options;
  const order = payoffOrder(debts, method);
  let balances = debts.map((d) => d.balanceCents);
  const payoffMonth: Array<number | null> = balances.map((b) => (b === 0 ? 0 : null));
  const interestCents = debts.map(() => 0);
  const totalOwedByMonth = [sum(balances)];
  const interestByMonth = [0];
  let last: MonthOfPayments | null = null;
  let stop: PayoffStop = balances.every((b) => b === 0) ? 'paid-off' : 'horizon';
  for (let month = 1; month <= MAX_MONTHS && stop === 'horizon'; month++) {
    const result = payMonth(balances, debts, order, month >= extraFromMonth ? extraCents : 0);
    result.balances.forEach((b, i) => {
      interestCents[i] += result.interest[i];
      if (b === 0 && payoffMonth[i] === null) payoffMonth[i] = month;
    });
    const stuck = month >= extraFromMonth && isStuck(balances, result);
    balances = result.balances;
    last = result;
    totalOwedByMonth.push(sum(balances));
    interestByMonth.push(sum(result.interest));
    if (balances.every((b) => b === 0)) stop = 'paid-off';
    else if (stuck) stop = 'stuck';
    else if (totalOwedByMonth[month] > RUNAWAY_CENTS) stop = 'runaway';
  }
  const finished = stop === 'paid-off';
  return {
    method,
    order,
    minimumsCents: sum(debts.map((d) => d.minimumCents)),
    extraCents,
    extraFromMonth,
    debts: debts.map((d, i) => ({
      name: d.name,
      payoffMonth: payoffMonth[i],
      interestCents: interestCents[i],
      problem: payoffMonth[i] === null && last ? unpaidProblem(last.paid[i], last.interest[i]) : null,
    })),
    totalInterestCents: sum(interestCents),
    months: finished ? Math.max(0, ...payoffMonth.map((m) => m ?? 0)) : null,
    stop,
    totalOwedByMonth,
    interestByMonth,
  };
}

function unpaidProblem(paidCents: number, interestCents: number): string {
  return paidCents <= interestCents
    ? `At ${formatCents(paidCents)} a month this debt never gets paid off: its interest is ${
      formatCents(interestCents)
    } a month`
    : `At this pace this debt is not paid off within ${MAX_MONTHS / 12} years`;
}

/** "Avalanche: Visa (27%) first, then Store card (15%), then Car loan (9%)". */
export function describeOrder(debts: readonly Debt[], plan: Pick<PayoffPlan, 'method' | 'order'>): string {
  const names = plan.order.map((i) =>
    plan.method === 'avalanche'
      ? `${debts[i].name} (${formatPercent(debts[i].aprMilli)})`
      : `${debts[i].name} (${formatCents(debts[i].balanceCents)})`
  );
  const rule = plan.method === 'avalanche' ? 'highest APR first' : 'smallest balance first';
  return `${plan.method === 'avalanche' ? 'Avalanche' : 'Snowball'}, ${rule}: ${names.join(', then ')}`;
}

/** "Visa paid off in month 23; ...; total interest $2,447.12". */
export function describePayoff(plan: PayoffPlan): string {
  const each = plan.debts.map((d) =>
    d.payoffMonth === null ? `${d.name}: ${d.problem}` : `${d.name} paid off in month ${d.payoffMonth}`
  );
  const total = plan.stop === 'paid-off'
    ? `total interest ${formatCents(plan.totalInterestCents)}, debt-free in ${formatMonths(plan.months ?? 0)}`
    : `not debt-free: ${formatCents(plan.totalInterestCents)} of interest in the first ${
      formatMonths(plan.totalOwedByMonth.length - 1)
    }`;
  return `${each.join('; ')}; ${total}`;
}

export const sum = (values: readonly number[]): number => values.reduce((s, v) => s + v, 0);
