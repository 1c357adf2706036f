// The money plan's input rules (src/lib/money-plan/input.ts): each message the form shows beside a field.
import { assertEquals } from '../helpers/assert.ts';
import {
  DEBT_NAME_MAX,
  extraMonthlySchema,
  MAX_DEBTS,
  PLAN_MESSAGES,
  planInputSchema,
} from '../../src/lib/money-plan/input.ts';

/** The first message for each field, keyed like the API's errors ("debts.0.balance"). */
function errorsOf(body: unknown): Record<string, string> {
  const result = planInputSchema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

const aDebt = { name: 'Visa', balance: 4500, apr: 27, minimumPayment: 135 };

Deno.test('every field is optional: an empty plan is valid, and a blank field is "not entered"', () => {
  assertEquals(planInputSchema.parse({}), {});
  const blank = planInputSchema.parse({ takeHomePay: '', essentialSpending: '  ', debts: [] });
  assertEquals([blank.takeHomePay, blank.essentialSpending, blank.debts], [undefined, undefined, []]);
});

Deno.test('money comes in dollars and cents, as numbers or as text a phone keyboard sends', () => {
  assertEquals(
    planInputSchema.parse({
      takeHomePay: '3,200.50',
      essentialSpending: '$2100',
      emergencySavings: 0,
      debts: [{ balance: '4500', apr: '27%', minimumPayment: '135.00' }],
      matchPercent: '50',
      hasDependents: true,
    }),
    {
      takeHomePay: 3200.5,
      essentialSpending: 2100,
      emergencySavings: 0,
      debts: [{ balance: 4500, apr: 27, minimumPayment: 135 }],
      matchPercent: 50,
      hasDependents: true,
    },
  );
});

Deno.test("the issue's cases: a negative balance, an APR over 100%, a minimum of $0 on a balance", () => {
  assertEquals(errorsOf({ debts: [{ ...aDebt, balance: -1 }] }), { 'debts.0.balance': "A balance can't be negative" });
  assertEquals(errorsOf({ debts: [{ ...aDebt, apr: 100.5 }] }), { 'debts.0.apr': 'APR must be 100% or less' });
  assertEquals(errorsOf({ debts: [aDebt, { ...aDebt, minimumPayment: 0 }] }), {
    'debts.1.minimumPayment': 'A minimum payment of $0 never pays off a balance: enter the minimum from your statement',
  });
  // 100% itself, and a $0 minimum on a $0 balance, are fine.
  assertEquals(errorsOf({ debts: [{ ...aDebt, apr: 100 }, { ...aDebt, balance: 0, minimumPayment: 0 }] }), {});
  assertEquals(
    PLAN_MESSAGES.zeroMinimum,
    errorsOf({ debts: [{ ...aDebt, minimumPayment: '0' }] })['debts.0.minimumPayment'],
  );
});

Deno.test('negative amounts, amounts past cents and past the limit are refused, each with its field name', () => {
  assertEquals(
    errorsOf({ takeHomePay: -1, essentialSpending: 10.005, emergencySavings: 10_000_000.01, grossPay: -5 }),
    {
      takeHomePay: "Take-home pay can't be negative",
      essentialSpending: 'Essential spending goes in whole cents',
      emergencySavings: 'Emergency savings must be at most $10,000,000',
      grossPay: "Gross pay can't be negative",
    },
  );
  assertEquals(errorsOf({ debts: [{ ...aDebt, minimumPayment: -5 }] }), {
    'debts.0.minimumPayment': "The minimum payment can't be negative",
  });
  assertEquals(errorsOf({ debts: [{ ...aDebt, apr: -1 }] }), { 'debts.0.apr': "The APR can't be negative" });
});

Deno.test('numbers that are not finite, and text that is not a number, are refused', () => {
  assertEquals(errorsOf({ takeHomePay: Infinity, essentialSpending: NaN, emergencySavings: 'lots', grossPay: '1e3' }), {
    takeHomePay: 'Take-home pay must be a number, like 3200 or 3200.50',
    essentialSpending: 'Essential spending must be a number, like 3200 or 3200.50',
    emergencySavings: 'Emergency savings must be a number, like 3200 or 3200.50',
    grossPay: 'Gross pay must be a number, like 3200 or 3200.50',
  });
  assertEquals(errorsOf({ matchPercent: true, hasDependents: 'yes' }), {
    matchPercent: 'The match must be a number, like 6 or 4.5',
    hasDependents: 'Answer yes or no',
  });
});

Deno.test('match percents run from 0 to 100, in steps of 0.001', () => {
  assertEquals(errorsOf({ matchPercent: 101, matchUpToPercent: 100.5, contributionPercent: 150 }), {
    matchPercent: 'The match must be from 0% to 100%',
    matchUpToPercent: 'The percent of pay matched must be from 0% to 100%',
    contributionPercent: 'Your contribution must be from 0% to 100% of pay',
  });
  assertEquals(errorsOf({ matchPercent: -1, contributionPercent: 4.0001 }), {
    matchPercent: "The match can't be negative",
    contributionPercent: 'Your contribution goes in steps of 0.001%',
  });
  assertEquals(errorsOf({ matchPercent: 100, matchUpToPercent: 6.875, contributionPercent: 0 }), {});
});

Deno.test('a debt needs its balance, APR and minimum; its name is optional and short', () => {
  assertEquals(errorsOf({ debts: [{}] }), {
    'debts.0.balance': 'Enter the balance',
    'debts.0.apr': 'Enter the APR',
    'debts.0.minimumPayment': 'Enter the minimum payment',
  });
  assertEquals(errorsOf({ debts: [{ ...aDebt, name: 'x'.repeat(DEBT_NAME_MAX + 1) }] }), {
    'debts.0.name': `A debt's name must be at most ${DEBT_NAME_MAX} characters`,
  });
  assertEquals(errorsOf({ debts: [{ ...aDebt, name: 'x'.repeat(DEBT_NAME_MAX) }] }), {});
  assertEquals(errorsOf({ debts: [{ ...aDebt, name: undefined }] }), {});
});

Deno.test(`at most ${MAX_DEBTS} debts`, () => {
  assertEquals(errorsOf({ debts: Array.from({ length: MAX_DEBTS }, () => aDebt) }), {});
  assertEquals(errorsOf({ debts: Array.from({ length: MAX_DEBTS + 1 }, () => aDebt) }), {
    debts: `Add at most ${MAX_DEBTS} debts`,
  });
  assertEquals(errorsOf({ debts: 'none' }), { debts: 'Debts must be a list' });
});

Deno.test('"what if I put $X more a month" follows the money rules, and defaults to nothing', () => {
  assertEquals(extraMonthlySchema.parse(undefined), 0);
  assertEquals(extraMonthlySchema.parse('150'), 150);
  assertEquals(extraMonthlySchema.safeParse(-10).error?.issues[0].message, "The extra amount can't be negative");
});
