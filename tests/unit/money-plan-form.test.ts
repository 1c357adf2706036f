// The /plan form's reader (src/lib/money-plan/form.ts) runs in the browser without zod; the
// endpoint runs input.ts's schema. Both must give the same plan input and the same message per
// field for anything a learner can type: hand-picked cases, then seeded random ones.
import { assertEquals } from '../helpers/assert.ts';
import { extraMonthlySchema, planInputSchema } from '../../src/lib/money-plan/input.ts';
import {
  type DebtForm,
  EMPTY_FORM,
  fieldsOf,
  formOf,
  type PlanFields,
  readExtra,
  readPlanFields,
} from '../../src/lib/money-plan/form.ts';

/** The endpoint's answer for the fields: its input, or its first message per field (http.ts fieldErrors). */
function schemaRead(fields: PlanFields): unknown {
  const parsed = planInputSchema.safeParse(fields);
  if (parsed.success) return { ok: true, input: parsed.data };
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return { ok: false, errors };
}

/** The form's answer, with the input as the schema would output it (a debt's name trimmed, kept). */
function formRead(fields: PlanFields): unknown {
  return readPlanFields(fields);
}

const debt = (balance: string, apr: string, minimumPayment: string, name = 'Card'): DebtForm => ({
  name,
  balance,
  apr,
  minimumPayment,
});

Deno.test('the form reads what the endpoint reads, and says what it says', () => {
  const cases: PlanFields[] = [
    {},
    { takeHomePay: '3,200.50', essentialSpending: '$2000', emergencySavings: ' 1500 ' },
    { takeHomePay: 'lots' },
    { takeHomePay: '-1' },
    { takeHomePay: '12.345' },
    { grossPay: '10000001' },
    { matchPercent: '50%', matchUpToPercent: '6', contributionPercent: '4.125' },
    { matchPercent: '101' },
    { contributionPercent: '1.2345' },
    { matchUpToPercent: '-3' },
    { debts: [] },
    { debts: [debt('-5', '18', '50')] },
    { debts: [debt('1000', '101', '50')] },
    { debts: [debt('1000', '18', '0')] },
    { debts: [debt('0', '18', '0')] },
    { debts: [debt('', '', '')] },
    { debts: [debt('1000', 'x', '50', '  Visa  ')] },
    { debts: [debt('-5', '101', '0')] },
    { debts: [debt('1000', '18', '50', 'x'.repeat(61))] },
    { debts: [debt('1000', '18', '0', 'x'.repeat(61))] },
    { debts: Array.from({ length: 11 }, () => debt('100', '5', '10')) },
    { hasDependents: true, debts: [debt('1000', '18', '50'), debt('2000', '6', '100', '')] },
  ];
  for (const fields of cases) assertEquals(formRead(fields), schemaRead(fields), JSON.stringify(fields));
});

function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPED = [
  '',
  ' ',
  '0',
  '1',
  '-1',
  '50',
  '100',
  '100.5',
  '101',
  '3,200',
  '$85',
  '27%',
  '0.125',
  '1.2345',
  '12.34',
  '12.345',
  'abc',
  '1e3',
  '.5',
  '5.',
  '+7',
  '10000000',
  '10000000.01',
  '--1',
  '$',
  '%',
];

Deno.test('property: for random typing the form and the endpoint agree, field by field', () => {
  for (let seed = 1; seed <= 400; seed++) {
    const next = random(seed);
    const pick = () => TYPED[Math.floor(next() * TYPED.length)];
    const fields: PlanFields = {};
    for (
      const key of [
        'takeHomePay',
        'essentialSpending',
        'emergencySavings',
        'grossPay',
        'matchPercent',
        'matchUpToPercent',
        'contributionPercent',
      ] as const
    ) {
      if (next() < 0.7) fields[key] = pick();
    }
    if (next() < 0.6) fields.debts = Array.from({ length: Math.floor(next() * 3) }, () => debt(pick(), pick(), pick()));
    if (next() < 0.5) fields.hasDependents = next() < 0.5;
    assertEquals(formRead(fields), schemaRead(fields), `seed ${seed}: ${JSON.stringify(fields)}`);
  }
});

Deno.test('a saved plan goes back into the form and out again unchanged', () => {
  const input = planInputSchema.parse({
    takeHomePay: 3200,
    essentialSpending: 2000,
    emergencySavings: 1500,
    debts: [{ name: 'Card', balance: 1000, apr: 18, minimumPayment: 50 }],
    grossPay: 48000,
    matchPercent: 50,
    matchUpToPercent: 6,
    contributionPercent: 4,
    hasDependents: false,
  });
  assertEquals(readPlanFields(fieldsOf(formOf(input))), { ok: true, input });
  assertEquals(fieldsOf(EMPTY_FORM), {});
  assertEquals(readPlanFields(fieldsOf({ ...EMPTY_FORM, debtsAnswer: 'none' })), { ok: true, input: { debts: [] } });
});

Deno.test('"what if" reads as the endpoint\'s schema reads it', () => {
  for (const typed of TYPED) {
    const parsed = extraMonthlySchema.safeParse(typed);
    const expected = parsed.success
      ? { ok: true, dollars: parsed.data }
      : { ok: false, error: parsed.error.issues[0].message };
    assertEquals(readExtra(typed) as unknown, expected, typed);
  }
});
