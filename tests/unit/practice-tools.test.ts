import { assertEquals, assertThrows } from '../helpers/assert.ts';
import {
  compoundGrowth,
  creditUtilization,
  emergencyFund,
  formatMoney,
  loanPayment,
  splitCalculatorBlocks,
} from '../../src/lib/practice-tools.ts';

Deno.test('emergency fund: $2,500 × 3 months = $7,500; $1,200 saved leaves $6,300; at $400 a month, 16 months', () => {
  assertEquals(emergencyFund({ monthlyEssentials: 2500, months: 3, currentSavings: 1200, monthlySaving: 400 }), {
    target: 7500,
    gap: 6300,
    monthsToGoal: 16,
  });
  // 6300 / 400 = 15.75 → 16 months; already there → 0; saving nothing → no date.
  assertEquals(
    emergencyFund({ monthlyEssentials: 2000, months: 1, currentSavings: 2500, monthlySaving: 0 }).monthsToGoal,
    0,
  );
  assertEquals(
    emergencyFund({ monthlyEssentials: 2000, months: 6, currentSavings: 0, monthlySaving: 0 }).monthsToGoal,
    null,
  );
  assertThrows(
    () => emergencyFund({ monthlyEssentials: 2000, months: 0, currentSavings: 0, monthlySaving: 0 }),
    RangeError,
  );
  assertThrows(
    () => emergencyFund({ monthlyEssentials: -1, months: 3, currentSavings: 0, monthlySaving: 0 }),
    RangeError,
  );
  const missing = assertThrows(
    () => emergencyFund({ monthlyEssentials: NaN, months: 3, currentSavings: 0, monthlySaving: 0 }),
    RangeError,
  );
  assertEquals(missing.message, 'Enter monthly essentials');
  assertEquals(
    assertThrows(
      () => emergencyFund({ monthlyEssentials: 1, months: 30, currentSavings: 0, monthlySaving: 0 }),
      RangeError,
    ).message,
    'Months must be from 1 to 24',
  );
});

Deno.test('credit utilisation: $450 of $1,500 is 30.0% (high); $200/$1,000 and $300/$4,000 is 10.0% overall (good)', () => {
  const one = creditUtilization([{ balance: 450, limit: 1500 }]);
  assertEquals([one.overallPercent, one.band], [30, 'high']);
  const two = creditUtilization([
    { balance: 200, limit: 1000 },
    { balance: 300, limit: 4000 },
  ]);
  // 500 / 5,000 = 10%; per card 20% and 7.5%
  assertEquals([two.overallPercent, two.band, two.perCard.map((c) => c.percent)], [10, 'good', [20, 7.5]]);
  assertEquals(creditUtilization([{ balance: 90, limit: 1000 }]).band, 'excellent');
  assertEquals(creditUtilization([{ balance: 500, limit: 1000 }]).band, 'very-high');
  assertEquals(
    assertThrows(() => creditUtilization([{ balance: 10, limit: 0 }]), RangeError).message,
    'Credit limit must be more than 0',
  );
  assertThrows(() => creditUtilization([]), RangeError);
});

Deno.test('compound growth: $10,000 at 6% for 10 years, monthly compounding = 10,000 × 1.005^120 = $18,193.97', () => {
  const r = compoundGrowth({ initial: 10_000, monthlyContribution: 0, annualRatePercent: 6, years: 10 });
  assertEquals(r.finalBalance, 18193.97);
  assertEquals(r.totalGrowth, 8193.97);
  assertEquals(r.byYear.length, 10);
  assertEquals(r.byYear[0].balance, 10616.78); // 10,000 × 1.005^12
});

Deno.test('compound growth: $200 a month for 30 years at 7% = 200 × ((1 + 0.07/12)^360 − 1) / (0.07/12) ≈ $243,994.20', () => {
  const r = compoundGrowth({ initial: 0, monthlyContribution: 200, annualRatePercent: 7, years: 30 });
  const rate = 0.07 / 12;
  const annuity = Math.round(((200 * ((1 + rate) ** 360 - 1)) / rate) * 100) / 100;
  assertEquals(r.finalBalance, annuity);
  assertEquals(Math.round(r.finalBalance), 243994);
  assertEquals(r.totalContributed, 72_000);
  assertThrows(
    () => compoundGrowth({ initial: 0, monthlyContribution: 0, annualRatePercent: 7, years: 0 }),
    RangeError,
  );
  assertThrows(
    () => compoundGrowth({ initial: 0, monthlyContribution: 0, annualRatePercent: 70, years: 5 }),
    RangeError,
  );
});

Deno.test('loan payment: $20,000 at 7% APR over 60 months = 20,000 × r ÷ (1 − (1 + r)^−60), r = 0.07 ÷ 12: $396.02 a month, $3,761.44 interest', () => {
  assertEquals(loanPayment({ amount: 20_000, aprPercent: 7, months: 60 }), {
    monthlyPayment: 396.02,
    totalPaid: 23_761.44,
    totalInterest: 3_761.44,
  });
  // At 0% the payment is the amount ÷ months and there is no interest.
  assertEquals(loanPayment({ amount: 12_000, aprPercent: 0, months: 48 }), {
    monthlyPayment: 250,
    totalPaid: 12_000,
    totalInterest: 0,
  });
  assertThrows(() => loanPayment({ amount: 0, aprPercent: 5, months: 12 }), RangeError);
  assertThrows(() => loanPayment({ amount: 1000, aprPercent: 5, months: 12.5 }), RangeError);
  assertThrows(() => loanPayment({ amount: 1000, aprPercent: Number.NaN, months: 12 }), RangeError);
});

Deno.test('money format and calculator blocks in lesson text', () => {
  assertEquals(formatMoney(12345), '$12,345');
  assertEquals(formatMoney(18193.97), '$18,193.97');
  assertEquals(splitCalculatorBlocks('Before\n\n[[calculator:credit-utilization]]\n\nAfter\n[[calculator:unknown]]'), [
    { type: 'markdown', text: 'Before' },
    { type: 'calculator', kind: 'credit-utilization' },
    { type: 'markdown', text: 'After\n[[calculator:unknown]]' },
  ]);
});
