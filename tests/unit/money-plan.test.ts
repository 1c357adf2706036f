// The money plan (src/lib/money-plan/plan.ts): the steps, months to a goal, the match, the
// headline, the what-if, the rules from facts.yaml and the lessons each step links to.
import path from 'node:path';
import { assert, assertEquals, assertMatch } from '../helpers/assert.ts';
import { readFacts, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import { type PlanInput, planInputSchema } from '../../src/lib/money-plan/input.ts';
import { employerMatch } from '../../src/lib/money-plan/match.ts';
import { computePlan, type MoneyPlan, planHeadline } from '../../src/lib/money-plan/plan.ts';
import { type PlanRules, planRulesFromFacts } from '../../src/lib/money-plan/rules.ts';
import { STEP_IDS, STEP_LESSONS, type StepId } from '../../src/lib/money-plan/steps.ts';
import { MAX_MONTHS } from '../../src/lib/money-plan/payoff.ts';

const rules: PlanRules = {
  highInterestAprPercent: 8,
  starterFundMonths: 1,
  fullFundMonths: 3,
  fullFundMonthsWithDependents: 6,
};
const plan = (input: Record<string, unknown>, extraMonthly = 0) =>
  computePlan(planInputSchema.parse(input), rules, { extraMonthly });
const step = (p: MoneyPlan, id: StepId) => p.steps.find((s) => s.id === id)!;
/** Figures with no match, no debts, no dependents: only the funds and the surplus at work. */
const savingsOnly = { debts: [], matchPercent: 0, hasDependents: false };

Deno.test("the plan's rules come from facts.yaml, and a missing or mistyped one is an error", () => {
  const facts = readFacts();
  assertEquals(planRulesFromFacts(facts), rules);
  const { 'plan-full-fund-months': _, ...without } = facts;
  assertMatch(String(catchError(() => planRulesFromFacts(without))), /facts.yaml needs plan-full-fund-months/);
  const percentMonths = {
    ...facts,
    'plan-starter-fund-months': { ...facts['plan-full-fund-months'], unit: 'percent' },
  };
  assertMatch(String(catchError(() => planRulesFromFacts(percentMonths as typeof facts))), /a number/);
});

function catchError(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error('expected an error');
}

Deno.test('each step links to lessons that exist, easiest level first', () => {
  const lessons = new Map(readLessonFiles().map((f) => [path.basename(f.file, '.md'), f.lesson]));
  const levels = ['beginner', 'intermediate', 'advanced'];
  for (const id of STEP_IDS) {
    assert(STEP_LESSONS[id].length > 0, `${id} has lessons`);
    const found = STEP_LESSONS[id].map((slug) => lessons.get(slug));
    assertEquals(found.filter((l) => !l).length, 0, `${id}: ${STEP_LESSONS[id].join(', ')}`);
    const order = found.map((l) => levels.indexOf(l!.level));
    assertEquals(order, [...order].sort(), `${id} lists its lessons easiest first`);
  }
});

Deno.test('months to a goal: the gap ÷ the surplus, a part month counted as a whole one', () => {
  const cases: Array<[takeHome: number, essentials: number, savings: number, starter: number, full: number | null]> = [
    // surplus 600: starter 2,000 − 500 = 1,500 ÷ 600 = 2.5 → 3; full 6,000: 500 + 600m ≥ 6,000 → m = 10
    [2600, 2000, 500, 3, 10],
    // surplus 400 (Grace's lesson pace): starter met; 3 × 2,800 = 8,400 − 2,800 = 5,600 ÷ 400 = 14 exactly
    [3200, 2800, 2800, 0, 14],
    // surplus 1: the $1 starter gap takes a month; the full fund's 4,000 months are past the 50-year bound
    [2001, 2000, 1999, 1, null],
    // already there
    [3000, 1000, 3000, 0, 0],
  ];
  for (const [takeHome, essentials, savings, starter, full] of cases) {
    const p = plan({ ...savingsOnly, takeHomePay: takeHome, essentialSpending: essentials, emergencySavings: savings });
    assertEquals(
      [step(p, 'starter-fund').doneInMonth, step(p, 'full-fund').doneInMonth],
      [starter, full],
      `${takeHome} − ${essentials}, saved ${savings}`,
    );
  }
  const grace = plan({ ...savingsOnly, takeHomePay: 3200, essentialSpending: 2800, emergencySavings: 2800 });
  assertEquals(step(grace, 'full-fund').months, 14);
  assertEquals(grace.action.text, 'Put $400 a month into your emergency fund: $5,600 to go, done in month 14');
  const someone = plan({
    ...savingsOnly,
    hasDependents: true,
    takeHomePay: 3200,
    essentialSpending: 2800,
    emergencySavings: 2800,
  });
  // 6 × 2,800 = 16,800 − 2,800 = 14,000 ÷ 400 = 35 months
  assertEquals([step(someone, 'full-fund').amountCents, step(someone, 'full-fund').doneInMonth], [1_400_000, 35]);
  assertMatch(step(someone, 'full-fund').detail, /6 months × \$2,800 essentials = \$16,800.*6 months: someone depends/);
});

Deno.test('the match: the percent that gets all of it, and the dollars a year left on the table', () => {
  const cases: Array<
    [gross: number, match: number, upTo: number, mine: number, yearly: number | null, monthly: number | null]
  > = [
    [50000, 50, 6, 3, 75000, 12500], // Rosa: $50,000 × 3% × 50% = $750; $50,000 × 3% ÷ 12 = $125
    [45000, 100, 4, 2, 90000, 7500], // Marco: $45,000 × 2% × 100% = $900
    [33333.33, 50, 5, 1.5, 58333, 9722], // $33,333.33 × 3.5% × 50% = $583.333… → $583.33; ÷ 12 → $97.22
    [50000, 50, 6, 6, 0, 0],
    [50000, 50, 6, 10, 0, 0],
  ];
  for (const [gross, match, upTo, mine, yearly, monthly] of cases) {
    const result = employerMatch(
      planInputSchema.parse({
        grossPay: gross,
        matchPercent: match,
        matchUpToPercent: upTo,
        contributionPercent: mine,
      }),
    );
    assertEquals([result.fullMatchMilli, result.leftOnTableYearlyCents, result.extraContributionMonthlyCents], [
      upTo * 1000,
      yearly,
      monthly,
    ]);
    assertEquals(result.status, yearly === 0 ? 'met' : 'not-met');
  }
  assertEquals(employerMatch(planInputSchema.parse({ matchPercent: 0 })).status, 'no-match');
  const noGross = employerMatch(
    planInputSchema.parse({ matchPercent: 50, matchUpToPercent: 6, contributionPercent: 3 }),
  );
  assertEquals([noGross.status, noGross.leftOnTableYearlyCents, noGross.missing], ['not-met', null, ['grossPay']]);
  const partial = employerMatch(planInputSchema.parse({ matchPercent: 50 }));
  assertEquals([partial.status, partial.missing], ['unknown', ['matchUpToPercent', 'contributionPercent']]);
});

Deno.test('a negative surplus is a plan: spend less than you earn, with the gap; the what-if can close it', () => {
  const short = { takeHomePay: 2000, essentialSpending: 1900, emergencySavings: 0, matchPercent: 0 };
  const debts = [{ name: 'Card', balance: 3000, apr: 24, minimumPayment: 250 }];
  const p = plan({ ...short, debts });
  assertEquals([p.currentStep, p.surplus.cents, step(p, 'spend-less').amountCents], ['spend-less', -15000, 15000]);
  assertEquals(p.surplus.explanation, '$2,000 take-home − $1,900 essentials − $250 minimum payments = −$150 a month');
  assertEquals(planHeadline(p).text, '$150 a month to cut from your spending');
  assert(p.steps.slice(1).every((s) => s.doneInMonth === null || s.status === 'met'));
  // The chart still follows the debt at its minimum, and the fund stays where it is.
  assert(p.series.length > 2 && p.series.every((m) => m.fundCents === 0));
  const closed = plan({ ...short, debts }, 200);
  assertEquals([closed.currentStep, closed.surplus.cents], ['starter-fund', 5000]);
  assertMatch(closed.surplus.explanation, /\+ \$200 more \(what if\) = \$50 a month$/);
  const even = plan({ ...short, essentialSpending: 1750, debts });
  assertEquals([even.currentStep, planHeadline(even).text], [
    'spend-less',
    'Nothing left each month: find room in your spending',
  ]);
});

Deno.test('missing figures: the plan says what it needs rather than guessing', () => {
  const empty = plan({});
  assertEquals([empty.currentStep, step(empty, 'spend-less').missing], ['spend-less', [
    'takeHomePay',
    'essentialSpending',
  ]]);
  assertEquals(planHeadline(empty).amountCents, null);
  assertEquals(planHeadline(empty).text, 'Add your take-home pay and essential spending to see your next step');
  assertEquals(empty.action.text, 'Add your take-home pay and essential spending to see this step');
  // Savings left out: the starter fund is the step, asking for it.
  const noSavings = plan({ takeHomePay: 3000, essentialSpending: 2000, debts: [], matchPercent: 0 });
  assertEquals([noSavings.currentStep, step(noSavings, 'starter-fund').status], ['starter-fund', 'unknown']);
  assertEquals(step(noSavings, 'starter-fund').missing, ['emergencySavings']);
  assertEquals(step(noSavings, 'full-fund').doneInMonth, null);
  assertEquals(planHeadline(noSavings).text, 'Add your emergency savings to see your next step');
  // No match entered and no debts entered: both steps unknown, skipped with a note, the plan goes on.
  const unknowns = plan({ takeHomePay: 3000, essentialSpending: 2000, emergencySavings: 2500 });
  assertEquals(STEP_IDS.map((id) => step(unknowns, id).status), ['met', 'met', 'unknown', 'unknown', 'to-do', 'to-do']);
  assertEquals(unknowns.currentStep, 'full-fund');
  assertEquals(step(unknowns, 'high-interest-debt').missing, ['debts']);
  assert(unknowns.notes.some((n) => n.startsWith('No employer match entered')));
  assert(unknowns.notes.some((n) => n.startsWith('No debts entered')));
  assert(unknowns.notes.some((n) => n.startsWith('You did not say whether anyone depends on your income')));
  assertEquals(
    unknowns.surplus.explanation,
    '$3,000 take-home − $2,000 essentials = $1,000 a month (no debts entered)',
  );
  // 6,000 − 2,500 = 3,500 ÷ 1,000 → 4 months
  assertEquals([step(unknowns, 'full-fund').months, step(unknowns, 'invest').startsInMonth], [4, 4]);
});

Deno.test('high-interest means an APR at or above the threshold; lower-rate debts wait, at their minimums', () => {
  const base = { takeHomePay: 3000, essentialSpending: 1000, emergencySavings: 1000, matchPercent: 0 };
  const at = plan({ ...base, debts: [{ name: 'Loan', balance: 1000, apr: 8, minimumPayment: 100 }] });
  assertEquals([at.currentStep, step(at, 'high-interest-debt').amountCents], ['high-interest-debt', 100000]);
  const below = plan({ ...base, debts: [{ name: 'Loan', balance: 1000, apr: 7.999, minimumPayment: 100 }] });
  assertEquals(step(below, 'high-interest-debt').status, 'met');
  assertEquals(step(below, 'high-interest-debt').detail, 'None of your debts is at 8% APR or more');
  assertEquals(below.currentStep, 'full-fund');
  assertEquals(planHeadline(at).text, '$1,000 of high-interest debt to pay off');
});

Deno.test('the headline names the current step and its one number', () => {
  const base = { takeHomePay: 3000, essentialSpending: 1000, debts: [], matchPercent: 0, hasDependents: false };
  assertEquals(planHeadline(plan({ ...base, emergencySavings: 660 })), {
    stepId: 'starter-fund',
    text: '$340 more to your starter fund',
    amountCents: 34000,
  });
  const match = { grossPay: 50000, matchPercent: 50, matchUpToPercent: 6, contributionPercent: 3 };
  assertEquals(
    planHeadline(plan({ ...base, ...match, emergencySavings: 1000 })).text,
    '$750 a year of employer match left on the table',
  );
  assertEquals(
    planHeadline(plan({ ...base, ...match, grossPay: undefined, emergencySavings: 1000 })).text,
    'Put in 6% of your pay to get the full employer match',
  );
  assertEquals(planHeadline(plan({ ...base, emergencySavings: 1000 })).text, '$2,000 more to your full emergency fund');
  assertEquals(
    planHeadline(plan({ ...base, emergencySavings: 3000 })).text,
    '$2,000 a month to invest for the long term',
  );
});

/** A seeded generator (mulberry32), so a failing case can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
}

function randomInput(int: ReturnType<typeof random>): PlanInput {
  return planInputSchema.parse({
    takeHomePay: int(1500, 6000),
    essentialSpending: int(800, 3500),
    emergencySavings: int(0, 8000),
    debts: Array.from({ length: int(0, 4) }, () => {
      const balance = int(0, 15000);
      return { balance, apr: int(0, 30), minimumPayment: Math.max(1, Math.ceil(balance * 0.03)) };
    }),
    grossPay: int(20000, 120000),
    matchPercent: int(0, 100),
    matchUpToPercent: int(0, 8),
    contributionPercent: int(0, 8),
    hasDependents: int(0, 1) === 1,
  });
}

Deno.test('property: more a month (the what-if) never finishes a step later', () => {
  for (let seed = 1; seed <= 120; seed++) {
    const int = random(seed);
    const input = randomInput(int);
    const extra = int(0, 500);
    const base = computePlan(input, rules, { extraMonthly: extra });
    const more = computePlan(input, rules, { extraMonthly: extra + int(1, 500) });
    for (const id of STEP_IDS) {
      const [a, b] = [step(base, id).doneInMonth, step(more, id).doneInMonth];
      assert(a === null || (b !== null && b <= a), `seed ${seed} ${id}: ${a} then ${b}`);
    }
    assert(base.series.length <= MAX_MONTHS + 1 && more.series.length <= MAX_MONTHS + 1);
  }
});

Deno.test("property: the plan's avalanche pays off the high-interest debts in the month step 3 says it is done", () => {
  let checked = 0;
  for (let seed = 1; seed <= 150; seed++) {
    const input = randomInput(random(700 + seed));
    const p = computePlan(input, rules);
    const debtStep = step(p, 'high-interest-debt');
    if (!p.payoff || debtStep.months === null || debtStep.months === 0) continue;
    const highInterest = input.debts!.flatMap((
      d,
      i,
    ) => (d.balance > 0 && d.apr >= rules.highInterestAprPercent ? [i] : []));
    const lastPaid = Math.max(...highInterest.map((i) => p.payoff!.avalanche.debts[i].payoffMonth ?? Infinity));
    assertEquals(lastPaid, debtStep.doneInMonth, `seed ${seed}`);
    checked++;
  }
  assert(checked > 20, `checked ${checked} plans`);
});

// The worked example of the plan, every figure checked by hand:
// take-home $3,200, essentials $2,000, savings $1,500; Card $1,000 at 18% (minimum $50) and
// Loan $2,000 at 6% (minimum $100); gross pay $48,000, a 50% match up to 6%, putting in 4%; no
// dependents.
// Surplus: 3,200 − 2,000 − 150 = 1,050 a month.
// Step 1: 1 × 2,000 = 2,000 − 1,500 = 500 to go; 500 ÷ 1,050 → month 1 (fund 2,550).
//   Debts at minimums in month 1: Card 1,000 + 15.00 − 50 = 965.00; Loan 2,000 + 10.00 − 100 = 1,910.00.
// Step 2: 6% − 4% = 2% unmatched: 48,000 × 2% × 50% = 480 a year; 48,000 × 2% ÷ 12 = 80 a month,
//   done with step 1 (month 1); the pace from then on is 1,050 − 80 = 970.
// Step 3 (month 2): Card 965.00 + 14.48 (965 × 1.5% = 14.475, half up) = 979.48 − 50 − 929.48 of
//   the 970 = 0: paid off in month 2. No high-interest debt is left, so the 40.52 over joins the
//   fund (2,550 + 40.52 = 2,590.52), and from month 3 the Card's $50 minimum does too.
//   The Loan gets its minimum: 1,910.00 + 9.55 − 100 = 1,819.55.
// Step 4: 3 × 2,000 = 6,000; the fund grows 970 + 50 = 1,020 a month: 3,610.52, 4,630.52,
//   5,650.52, 6,670.52 in month 6 (4 months). The Loan, at its $100 minimum: month 3: 1,819.55 +
//   9.10 − 100 = 1,728.65; month 4: + 8.64 = 1,637.29; month 5: + 8.19 = 1,545.48; month 6: + 7.73
//   = 1,453.21; ... month 21: 12.45; month 22: 12.45 + 0.06 = 12.51, paid: the chart ends there.
// Payoff plan (the debts at the plan's pace, $970 extra from month 2): the Card as above; the Loan
//   gets 100 + 50 + 970 = 1,120 from month 3: 1,779.03 + 8.90 − 1,120 = 667.93; month 4: 667.93 +
//   3.34 = 671.27, paid. Interest: Card 15.00 + 14.48 = 29.48; Loan 10.00 + 9.55 + 8.90 + 3.34 = 31.79;
//   61.27 in all. The snowball is the same plan: the smallest debt is also the highest rate.
const workedExample = {
  takeHomePay: 3200,
  essentialSpending: 2000,
  emergencySavings: 1500,
  debts: [
    { name: 'Card', balance: 1000, apr: 18, minimumPayment: 50 },
    { name: 'Loan', balance: 2000, apr: 6, minimumPayment: 100 },
  ],
  grossPay: 48000,
  matchPercent: 50,
  matchUpToPercent: 6,
  contributionPercent: 4,
  hasDependents: false,
};

Deno.test('the worked example, every figure as computed by hand', () => {
  const p = plan(workedExample);
  assertEquals(p.surplus, {
    cents: 105000,
    explanation: '$3,200 take-home − $2,000 essentials − $150 minimum payments = $1,050 a month',
    missing: [],
  });
  assertEquals(p.currentStep, 'starter-fund');
  assertEquals(
    p.steps.map((s) => [s.id, s.status, s.amountCents, s.startsInMonth, s.doneInMonth, s.months]),
    [
      ['spend-less', 'met', 105000, 0, 0, 0],
      ['starter-fund', 'to-do', 50000, 0, 1, 1],
      ['employer-match', 'to-do', 48000, 1, 1, 0],
      ['high-interest-debt', 'to-do', 100000, 1, 2, 1],
      ['full-fund', 'to-do', 450000, 2, 6, 4],
      ['invest', 'to-do', 97000, 6, null, null],
    ],
  );
  assertEquals(p.steps.map((s) => s.detail), [
    '$3,200 take-home − $2,000 essentials − $150 minimum payments = $1,050 a month',
    '1 month × $2,000 essentials = $2,000; $2,000 − $1,500 saved = $500 to go. At $1,050 a month: $500 ÷ $1,050 = about 0.47, so 1 month',
    'Your employer adds 50% of what you put in, up to 6% of pay. You put in 4%, so 2% of pay goes unmatched: $48,000 × 2% × 50% = $480 a year left on the table. Putting in 6% costs $48,000 × 2% ÷ 12 = $80 a month more, taken before tax',
    'Debts at 8% APR or more: Card $1,000 at 18%. With $1,050 − $80 for the full match = $970 a month on top of the minimums, highest APR first, it is paid off in month 2',
    "3 months × $2,000 essentials = $6,000; $6,000 − $1,500 saved = $4,500 to go (3 months: no one depends on your income). At the plan's pace it is done in month 6",
    'Once the steps before it are done, $1,050 − $80 for the full match = $970 a month can go to long-term goals, and the minimum payments too once the debts are paid off',
  ]);
  assertEquals(p.action, {
    text: 'Put $1,050 a month into your emergency fund: $500 to go, done in month 1',
    amountCents: 105000,
  });
  assertEquals(planHeadline(p), { stepId: 'starter-fund', text: '$500 more to your starter fund', amountCents: 50000 });
  assertEquals(p.series.slice(0, 7), [
    { month: 0, debtCents: 300000, fundCents: 150000 },
    { month: 1, debtCents: 287500, fundCents: 255000 },
    { month: 2, debtCents: 181955, fundCents: 259052 },
    { month: 3, debtCents: 172865, fundCents: 361052 },
    { month: 4, debtCents: 163729, fundCents: 463052 },
    { month: 5, debtCents: 154548, fundCents: 565052 },
    { month: 6, debtCents: 145321, fundCents: 667052 },
  ]);
  assertEquals(p.series.slice(-2), [
    { month: 21, debtCents: 1245, fundCents: 667052 },
    { month: 22, debtCents: 0, fundCents: 667052 },
  ]);
  const payoff = p.payoff!;
  assertEquals(payoff.avalanche.debts, [
    { name: 'Card', payoffMonth: 2, interestCents: 2948, problem: null },
    { name: 'Loan', payoffMonth: 4, interestCents: 3179, problem: null },
  ]);
  assertEquals([payoff.avalanche.totalInterestCents, payoff.snowball.totalInterestCents], [6127, 6127]);
  assertEquals(
    payoff.budget,
    '$150 minimum payments + $970 extra = $1,120 a month on your debts, the extra from month 2, once the starter fund is there',
  );
  assertEquals(
    payoff.avalancheText,
    'Avalanche, highest APR first: Card (18%), then Loan (6%). Card paid off in month 2; Loan paid off in month 4; total interest $61.27, debt-free in 4 months',
  );
  assertEquals(payoff.comparison, 'Both cost the same interest, and the avalanche is done the same month');
  assertEquals(p.notes, [
    'The plan keeps your pay, spending and minimum payments as they are today, and leaves out interest your savings earn',
  ]);
});

Deno.test('the match step: what to do, and when the full match costs more than is left each month', () => {
  const base = { essentialSpending: 2000, emergencySavings: 2000, debts: [], hasDependents: false };
  const match = { grossPay: 60000, matchPercent: 100, matchUpToPercent: 5, contributionPercent: 0 };
  // 60,000 × 5% × 100% = 3,000 a year; 60,000 × 5% ÷ 12 = 250 a month
  const p = plan({ ...base, ...match, takeHomePay: 2500 });
  assertEquals([p.currentStep, step(p, 'employer-match').amountCents], ['employer-match', 300000]);
  assertEquals(
    p.action.text,
    'Raise what you put in from 0% to 5% of pay: about $250 a month from your paycheck, before tax, collects the $3,000 a year you now leave on the table',
  );
  // The full-fund step goes on with what the match leaves: 500 − 250 = 250 a month; 4,000 ÷ 250 = 16.
  assertEquals([step(p, 'full-fund').doneInMonth, step(p, 'invest').amountCents], [16, 25000]);
  const tight = plan({ ...base, ...match, takeHomePay: 2100 });
  assertMatch(tight.action.text, /That is more than the \$100 left each month, so raise it as far as that allows$/);
  assertEquals([step(tight, 'full-fund').doneInMonth, tight.payoff], [null, null]);
});

Deno.test('a debt already at $0 changes nothing: no minimum in the surplus, no money rolled from it', () => {
  const base = { takeHomePay: 3000, essentialSpending: 2000, emergencySavings: 2000, matchPercent: 0 };
  const card = { name: 'Card', balance: 1000, apr: 20, minimumPayment: 40 };
  const with0 = plan({ ...base, debts: [card, { name: 'Old', balance: 0, apr: 20, minimumPayment: 50 }] });
  const without = plan({ ...base, debts: [card] });
  assertEquals(with0.surplus.cents, without.surplus.cents);
  assertEquals(with0.series, without.series);
  assertEquals(with0.payoff!.avalanche.totalOwedByMonth, without.payoff!.avalanche.totalOwedByMonth);
  assertEquals(with0.payoff!.avalanche.debts[1], { name: 'Old', payoffMonth: 0, interestCents: 0, problem: null });
});
