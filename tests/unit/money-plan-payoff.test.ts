// The debt payoff engine (src/lib/money-plan/payoff.ts): hand-computed amortisation, the lesson's
// worked example, the "never pays off" cases, and properties over seeded random debts.
import { assert, assertEquals } from '../helpers/assert.ts';
import { monthlyInterest, mulDivRound } from '../../src/lib/money-plan/money.ts';
import {
  type Debt,
  MAX_MONTHS,
  PAYOFF_METHODS,
  payoffOrder,
  type PayoffPlan,
  simulatePayoff,
} from '../../src/lib/money-plan/payoff.ts';

const debt = (name: string, dollars: number, apr: number, minimum: number): Debt => ({
  name,
  balanceCents: Math.round(dollars * 100),
  aprMilli: Math.round(apr * 1000),
  minimumCents: Math.round(minimum * 100),
});

Deno.test('monthly interest is balance × APR ÷ 12, rounded half up to the cent', () => {
  const cases: Array<[balance: number, aprMilli: number, cents: number]> = [
    [100000, 18000, 1500], // $1,000 × 18% ÷ 12 = $15.00
    [86500, 18000, 1298], // $865 × 18% ÷ 12 = $12.975 → $12.98 (half up)
    [181955, 6000, 910], // $1,819.55 × 6% ÷ 12 = $9.09775 → $9.10
    [14407, 6000, 72], // $144.07 × 6% ÷ 12 = $0.72035 → $0.72
    [1000, 15000, 13], // $10 × 15% ÷ 12 = $0.125 → $0.13
    [100000, 6875, 573], // $1,000 × 6.875% ÷ 12 = $5.7291… → $5.73
    [0, 27000, 0],
    [-500, 27000, 0],
    [100000, 0, 0],
  ];
  for (const [balance, apr, cents] of cases) assertEquals(monthlyInterest(balance, apr), cents, `${balance} at ${apr}`);
  // Past 2^53 the BigInt path gives the same rounding: 10^15 × 27% ÷ 12 = 2.25 × 10^13 exactly.
  assertEquals(mulDivRound(1e15, 27000, 1_200_000), 22_500_000_000_000);
  assertEquals(mulDivRound(2 ** 52 + 1, 3, 2), Number((BigInt(2 ** 52 + 1) * 3n + 1n) / 2n));
});

// Card $1,000 at 18% (minimum $50) and Loan $2,000 at 6% (minimum $100), $100 extra, avalanche.
// Each month: interest first (half up to the cent), then both minimums, then the $100 to the target.
//  m  Card: balance + interest − 50 − extra            Loan: balance + interest − 100        owed
//  1  1,000.00 + 15.00 − 50 − 100 = 865.00             2,000.00 + 10.00 − 100 = 1,910.00   2,775.00
//  2    865.00 + 12.98 − 150      = 727.98             1,910.00 +  9.55 − 100 = 1,819.55   2,547.53
//  3    727.98 + 10.92 − 150      = 588.90             1,819.55 +  9.10 − 100 = 1,728.65   2,317.55
//  4    588.90 +  8.83 − 150      = 447.73             1,728.65 +  8.64 − 100 = 1,637.29   2,085.02
//  5    447.73 +  6.72 − 150      = 304.45             1,637.29 +  8.19 − 100 = 1,545.48   1,849.93
//  6    304.45 +  4.57 − 150      = 159.02             1,545.48 +  7.73 − 100 = 1,453.21   1,612.23
//  7    159.02 +  2.39 − 150      =  11.41             1,453.21 +  7.27 − 100 = 1,360.48   1,371.89
//  8     11.41 +  0.17 − 11.58    =   0 (paid off;     1,360.48 +  6.80 − 100 − 138.42    1,128.86
//        $38.42 of its minimum and the $100 extra roll to the Loan the same month)   = 1,128.86
//  9  Loan 1,128.86 + 5.64 − 250 = 884.50 (the whole $250 now goes to it)                     884.50
// 10  884.50 + 4.42 − 250 = 638.92;  11  638.92 + 3.19 − 250 = 392.11;  12  392.11 + 1.96 − 250 = 144.07
// 13  144.07 + 0.72 = 144.79, paid in full: the Loan is paid off.
// Card interest 15.00 + 12.98 + 10.92 + 8.83 + 6.72 + 4.57 + 2.39 + 0.17 = 61.58
// Loan interest 10.00 + 9.55 + 9.10 + 8.64 + 8.19 + 7.73 + 7.27 + 6.80 + 5.64 + 4.42 + 3.19 + 1.96 + 0.72 = 83.21
Deno.test('a two-debt avalanche, month by month as worked out by hand', () => {
  const plan = simulatePayoff([debt('Card', 1000, 18, 50), debt('Loan', 2000, 6, 100)], {
    method: 'avalanche',
    extraCents: 10000,
  });
  assertEquals(plan.totalOwedByMonth, [
    300000,
    277500,
    254753,
    231755,
    208502,
    184993,
    161223,
    137189,
    112886,
    88450,
    63892,
    39211,
    14407,
    0,
  ]);
  assertEquals(plan.interestByMonth.slice(0, 4), [0, 2500, 2253, 2002]); // 15.00 + 10.00, 12.98 + 9.55, 10.92 + 9.10
  assertEquals(plan.debts, [
    { name: 'Card', payoffMonth: 8, interestCents: 6158, problem: null },
    { name: 'Loan', payoffMonth: 13, interestCents: 8321, problem: null },
  ]);
  assertEquals([plan.totalInterestCents, plan.months, plan.stop], [14479, 13, 'paid-off']);
  assertEquals([plan.minimumsCents, plan.extraCents], [15000, 10000]);
});

// credit-debt-payoff-avalanche-snowball's worked example, computed independently for the lesson:
// avalanche months 23, 24 and 30 and about $2,447; snowball months 7, 25 and 31 and about $2,617.
const andre = [
  debt('Store card', 900, 15, 30),
  debt('Credit card', 4500, 27, 135),
  debt('Personal loan', 7000, 9, 210),
];

Deno.test("the lesson's worked example: Andre's three debts with $125 extra", () => {
  const avalanche = simulatePayoff(andre, { method: 'avalanche', extraCents: 12500 });
  const snowball = simulatePayoff(andre, { method: 'snowball', extraCents: 12500 });
  assertEquals(avalanche.order, [1, 0, 2]);
  assertEquals(snowball.order, [0, 1, 2]);
  assertEquals(avalanche.debts.map((d) => d.payoffMonth), [24, 23, 30]);
  assertEquals(snowball.debts.map((d) => d.payoffMonth), [7, 25, 31]);
  assertEquals([avalanche.totalInterestCents, snowball.totalInterestCents], [244739, 261723]);
  assert(Math.abs(avalanche.totalInterestCents - 244700) < 100 && Math.abs(snowball.totalInterestCents - 261700) < 100);
  // The lesson's "minimums only, nothing rolled forward": each debt alone at its minimum; the
  // credit card takes about 63 months and the three cost about $5,232 in interest.
  const alone = andre.map((d) => simulatePayoff([d], { method: 'avalanche', extraCents: 0 }));
  assertEquals(alone[1].months, 63);
  const total = alone.reduce((s, p) => s + p.totalInterestCents, 0);
  assert(Math.abs(total - 523200) < 100, `about $5,232 of interest, got ${total}`);
});

Deno.test('the order: avalanche by APR (then smaller balance, then entry); snowball by balance (then higher APR)', () => {
  const debts = [debt('A', 500, 25, 10), debt('B', 300, 20, 10), debt('C', 300, 22, 10), debt('D', 300, 20, 10)];
  assertEquals(payoffOrder(debts, 'avalanche'), [0, 2, 1, 3]);
  assertEquals(payoffOrder(debts, 'snowball'), [2, 1, 3, 0]);
  assertEquals(payoffOrder([debt('A', 300, 10, 10), debt('B', 200, 10, 10)], 'avalanche'), [1, 0]);
  assertEquals(payoffOrder([debt('A', 300, 10, 10), debt('B', 300, 10, 10)], 'snowball'), [0, 1]);
  assertEquals(payoffOrder([debt('A', 900, 10, 10), debt('B', 100, 5, 10), debt('C', 100, 9, 10)], 'snowball'), [
    2,
    1,
    0,
  ]);
});

Deno.test('a minimum below the interest is said plainly and the simulation stops at once', () => {
  // $5,000 at 24%: $100 of interest a month, against a $50 minimum.
  const plan = simulatePayoff([debt('Card', 5000, 24, 50)], { method: 'avalanche', extraCents: 0 });
  assertEquals(plan.stop, 'stuck');
  assertEquals(plan.months, null);
  assertEquals(plan.totalOwedByMonth, [500000, 505000]);
  assertEquals(plan.debts[0].problem, 'At $50 a month this debt never gets paid off: its interest is $100 a month');
  // A minimum exactly equal to the interest never pays it off either.
  const equal = simulatePayoff([debt('Card', 5000, 24, 100)], { method: 'avalanche', extraCents: 0 });
  assertEquals([equal.stop, equal.debts[0].problem], [
    'stuck',
    'At $100 a month this debt never gets paid off: its interest is $100 a month',
  ]);
});

Deno.test('money rolled from a paid-off debt can rescue one whose minimum is below its interest', () => {
  // The Loan's $300 minimum frees up in month 2, and then the Card gets $350 a month against $100 interest.
  const plan = simulatePayoff([debt('Card', 5000, 24, 50), debt('Loan', 500, 0, 300)], {
    method: 'snowball',
    extraCents: 0,
  });
  assertEquals(plan.stop, 'paid-off');
  assertEquals(plan.debts.map((d) => d.problem), [null, null]);
  assert(plan.debts[0].payoffMonth! > plan.debts[1].payoffMonth!);
});

Deno.test('a debt that is not paid off in 50 years is said so, and a runaway balance stops the simulation', () => {
  // $10,000 at 12%: $100 interest, $100.05 minimum: the balance falls by about 5 cents a month at first.
  const slow = simulatePayoff([debt('Slow', 10000, 12, 100.05)], { method: 'avalanche', extraCents: 0 });
  assertEquals([slow.stop, slow.totalOwedByMonth.length], ['horizon', MAX_MONTHS + 1]);
  assertEquals(slow.debts[0].problem, 'At this pace this debt is not paid off within 50 years');
  // One debt still falling a cent a month keeps the plan "moving" while the other grows 8% a month.
  const runaway = simulatePayoff([debt('Flat', 10_000_000, 0, 0.01), debt('Grows', 10_000_000, 100, 0.01)], {
    method: 'avalanche',
    extraCents: 0,
  });
  assertEquals(runaway.stop, 'runaway');
  assert(runaway.totalOwedByMonth.length < MAX_MONTHS, `stopped early, after ${runaway.totalOwedByMonth.length}`);
  assertEquals(runaway.debts[1].payoffMonth, null);
  assert(runaway.debts[1].problem!.startsWith('At $0.01 a month this debt never gets paid off'));
});

Deno.test('extra from a later month: only the minimums (rolled) are paid before it', () => {
  const debts = [debt('Card', 1000, 18, 50), debt('Loan', 2000, 6, 100)];
  const later = simulatePayoff(debts, { method: 'avalanche', extraCents: 10000, extraFromMonth: 3 });
  const none = simulatePayoff(debts, { method: 'avalanche', extraCents: 0 });
  assertEquals(later.totalOwedByMonth.slice(0, 3), none.totalOwedByMonth.slice(0, 3));
  assert(later.months! < none.months!);
});

/** mulberry32: a small seeded generator, so a failing case can be replayed. */
function random(seed: number) {
  let a = seed;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int };
}

/** 1 to 5 debts whose minimum covers the first month's interest plus at least 1% of the balance. */
function randomDebts(rng: ReturnType<typeof random>): Debt[] {
  return Array.from({ length: rng.int(1, 5) }, (_, i) => {
    const balanceCents = rng.int(0, 2_000_000);
    const aprMilli = rng.int(0, 36_000);
    const floor = monthlyInterest(balanceCents, aprMilli) + Math.ceil(balanceCents / 100);
    return { name: `D${i}`, balanceCents, aprMilli, minimumCents: Math.max(1, floor + rng.int(0, 20_000)) };
  });
}

/** Each month's payments (owed before + interest − owed after) spend the whole budget until the last. */
function checkMoneyAddsUp(plan: PayoffPlan, label: string): void {
  const budget = plan.minimumsCents + plan.extraCents;
  for (let m = 1; m < plan.totalOwedByMonth.length; m++) {
    const paid = plan.totalOwedByMonth[m - 1] + plan.interestByMonth[m] - plan.totalOwedByMonth[m];
    const last = m === plan.totalOwedByMonth.length - 1;
    assert(paid >= 0 && paid <= budget && (last || paid === budget), `${label}: month ${m} paid ${paid} of ${budget}`);
  }
}

Deno.test('property: every finite payoff plan ends with every balance at zero, the money adding up each month', () => {
  for (let seed = 1; seed <= 150; seed++) {
    const rng = random(seed);
    const debts = randomDebts(rng);
    const extraCents = rng.int(0, 100_000);
    for (const method of PAYOFF_METHODS) {
      const plan = simulatePayoff(debts, { method, extraCents });
      const label = `seed ${seed} ${method}`;
      assertEquals(plan.stop, 'paid-off', label);
      assertEquals(plan.totalOwedByMonth.at(-1), 0, label);
      assert(plan.debts.every((d) => d.payoffMonth !== null && d.payoffMonth <= plan.months!), label);
      assertEquals(plan.months, plan.totalOwedByMonth.length - 1, label);
      assertEquals(plan.totalInterestCents, plan.interestByMonth.reduce((s, i) => s + i, 0), label);
      checkMoneyAddsUp(plan, label);
    }
  }
});

Deno.test('property: the avalanche never pays more interest than the snowball by more than a cent a month', () => {
  for (let seed = 1; seed <= 200; seed++) {
    const rng = random(1000 + seed);
    const debts = randomDebts(rng);
    const extraCents = rng.int(0, 100_000);
    const avalanche = simulatePayoff(debts, { method: 'avalanche', extraCents });
    const snowball = simulatePayoff(debts, { method: 'snowball', extraCents });
    const months = Math.max(avalanche.months!, snowball.months!);
    assert(
      avalanche.totalInterestCents <= snowball.totalInterestCents + months,
      `seed ${seed}: avalanche ${avalanche.totalInterestCents} vs snowball ${snowball.totalInterestCents}`,
    );
  }
});

Deno.test('property: a larger monthly amount never finishes later, nor any debt later', () => {
  for (let seed = 1; seed <= 150; seed++) {
    const rng = random(5000 + seed);
    const debts = randomDebts(rng);
    const extra = rng.int(0, 50_000);
    const more = extra + rng.int(1, 50_000);
    for (const method of PAYOFF_METHODS) {
      const base = simulatePayoff(debts, { method, extraCents: extra });
      const bigger = simulatePayoff(debts, { method, extraCents: more });
      const label = `seed ${seed} ${method}: ${extra} then ${more}`;
      assert(bigger.months! <= base.months!, label);
      assert(bigger.totalInterestCents <= base.totalInterestCents, label);
    }
  }
});

Deno.test('property: with minimums below the interest the simulation still ends, within the bound', () => {
  for (let seed = 1; seed <= 60; seed++) {
    const rng = random(9000 + seed);
    const debts = randomDebts(rng).map((d) => ({ ...d, minimumCents: rng.int(1, 2000) }));
    for (const method of PAYOFF_METHODS) {
      const plan = simulatePayoff(debts, { method, extraCents: rng.int(0, 1000) });
      assert(plan.totalOwedByMonth.length <= MAX_MONTHS + 1);
      assertEquals(plan.debts.every((d) => (d.payoffMonth === null) === (d.problem !== null)), true);
    }
  }
});
