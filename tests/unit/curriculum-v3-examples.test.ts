// Recomputes every worked example of the curriculum-v3 lessons from the figures in facts.yaml, and
// checks the lesson (facts filled in) states the same results. When a yearly figure changes, this
// test says which sentence of which lesson has to follow.
import { assert, assertEquals } from '../helpers/assert.ts';
import { readFacts, readLessonFiles } from '../../src/lib/server/content/curriculum-loader.ts';
import { formatFact, isSnippet, type ParsedLesson } from '../../src/lib/curriculum.ts';

const facts = readFacts();
const lessons = new Map(
  readLessonFiles(undefined, facts).flatMap((f) => (f.lesson ? [[f.lesson.slug, f.lesson] as const] : [])),
);
const value = (id: string) => {
  const fact = facts[id];
  assert(fact && !isSnippet(fact), id);
  return (fact as { value: number }).value;
};
const usd = (n: number) => `$${Math.round(n).toLocaleString('en-US')}`;
const body = (lesson: ParsedLesson) => lesson.sections.map((s) => s.content).join('\n');
const quiz = (lesson: ParsedLesson) =>
  lesson.questions.map((q) => `${q.question}\n${q.options.join('\n')}\n${q.explanation}`).join('\n');
function states(slug: string, ...texts: string[]) {
  const lesson = lessons.get(slug);
  assert(lesson, `${slug} exists`);
  const all = `${body(lesson)}\n${quiz(lesson)}`;
  for (const text of texts) assert(all.includes(text), `${slug} states "${text}"`);
}

Deno.test("filing your taxes: Dana's tax, marginal and average rate, refund, from the 2026 brackets", () => {
  const wages = 75_000;
  const taxable = wages - value('std-deduction-single');
  const t10 = value('bracket-10-top-single');
  const t12 = value('bracket-12-top-single');
  assert(taxable > t12 && taxable <= value('bracket-22-top-single'), 'her top dollars are in the 22% bracket');
  const tax = t10 * 0.1 + (t12 - t10) * 0.12 + (taxable - t12) * 0.22;
  assertEquals([taxable, tax], [58_900, 7_670]);
  states(
    'saving-filing-your-taxes',
    `$75,000 − ${formatFact(facts['std-deduction-single'])} = **${usd(taxable)}**`,
    `= **${usd(t10 * 0.1)}**`,
    `= ${usd(t12 - t10)}, and ${usd(t12 - t10)} × 12% = **${usd((t12 - t10) * 0.12)}**`,
    `= ${usd(taxable - t12)}, and ${usd(taxable - t12)} × 22% = **${usd((taxable - t12) * 0.22)}**`,
    `= **${usd(tax)}**`,
  );
  states(
    'saving-filing-your-taxes',
    `$1,000 × 22% = **$220**`,
    `$7,670 ÷ $75,000 = about **${((tax / wages) * 100).toFixed(1)}%**`,
    `$8,200 − $7,670 = **${usd(8_200 - tax)}**`,
  );
  // The refundable-credit question: $900 credit against $600 of tax.
  states('saving-filing-your-taxes', '$900 − $600 = $300');
});

Deno.test('work and benefits: two offers by total pay, vesting, premiums', () => {
  const match = (62_000 * 4) / 100;
  const a = 62_000 + match - 80 * 12;
  const b = 65_000 - 250 * 12;
  assertEquals([match, a, b, a - b], [2_480, 63_520, 62_000, 1_520]);
  // Issue 55 (D2): a bad year is compared by the out-of-pocket maximums, not the deductibles.
  const worseYear = 5_000 - 4_000;
  assert(a - b > worseYear, 'A stays ahead even when its higher out-of-pocket maximum is paid in full');
  states(
    'saving-work-and-benefits',
    `= **${usd(match)}**`,
    `= **${usd(a)}**`,
    `= **${usd(b)}**`,
    `= **${usd(a - b)}**`,
    `$5,000 − $4,000 = **${usd(worseYear)}**`,
    `$1,520 − $1,000 = **${usd(a - b - worseYear)}**`,
  );
  // Quiz: offers without health costs, and graded vesting at 4 years (20% at 2, +20% a year).
  assertEquals((62_000 * 4) / 100 - (64_000 - 62_000), 480);
  const vested = Math.min(1, 0.2 * (4 - 1));
  assertEquals(Math.round(5_000 * vested), 3_000);
  assertEquals(value('vesting-graded-max-years'), 2 + 4, 'graded: 20% at year 2, then 20% a year, 100% at year 6');
  states(
    'saving-work-and-benefits',
    '$2,480 − $2,000 = $480',
    '$5,000 × 60% = $3,000',
    '$90 × 12 = $1,080',
    '$210 × 12 = $2,520',
  );
});

Deno.test("protecting your income: disability replacement and Ana's life insurance needs estimate", () => {
  assertEquals((5_000 * 6) / 10, 3_000);
  assertEquals([6_000 / 3_000, (4_500 * 6) / 10], [2, 2_700]);
  const income = ((60_000 * 7) / 10) * 16;
  const needs = income + 180_000 + 25_000 * 2 + 15_000;
  const gap = needs - 40_000 - 60_000;
  assertEquals([income, needs, gap], [672_000, 917_000, 817_000]);
  states(
    'saving-protecting-your-income',
    `= **${usd(income)}**`,
    `= **${usd(needs)}**`,
    `= **${usd(gap)}**`,
    '$5,000 × 60% = $3,000',
    '$450 − $40 = $410',
  );
});

Deno.test('home, umbrella and estate: claim values, the liability gap, and who gets what (the IRA by its form, the 401(k) by the spousal rule)', () => {
  const replacement = 1_000 - 500;
  const cashValue = Math.max(0, 300 - 500);
  assertEquals([replacement, cashValue], [500, 0]);
  const gap = 700_000 - 250_000;
  assertEquals(gap, 450_000);
  assert(gap <= 1_000_000, 'the umbrella covers the whole gap');
  // Issue 55 (D1): the sister's account is an IRA (its form beats the will); the 401(k) goes to
  // Lina by the spousal rule, since she signed no waiver.
  const total = 90_000 + 40_000 + 120_000 + 15_000;
  const lina = 40_000 + 120_000 + 15_000;
  assertEquals([total, lina], [265_000, 175_000]);
  states(
    'saving-home-umbrella-and-estate-basics',
    `= **${usd(replacement)}**`,
    `= **${usd(gap)}**`,
    `= **${usd(total)}**`,
    `= **${usd(lina)}**`,
    formatFact(facts['estate-tax-exemption']),
  );
});

Deno.test("from saving to investing: Maya's $12,000, the CD penalty, the I bond limit", () => {
  const savings = 12_000 / 100;
  const cd = (12_000 * 4) / 100;
  const tbill = 12_000 - 11_520;
  const stateTax = (cd * 5) / 100;
  assertEquals([savings, cd, tbill, stateTax], [120, 480, 480, 24]);
  // Issue 55: the same $480 on $11,520 is a higher yield than the CD's 4%.
  const tbillYield = (tbill / 11_520) * 100;
  assertEquals(tbillYield.toFixed(2), '4.17');
  states(
    'investing-from-saving-to-investing',
    `= **${usd(savings)}**`,
    `= **${usd(cd)}**`,
    `$12,000 − $11,520 = **${usd(tbill)}**`,
    `$480 ÷ $11,520 = about **${tbillYield.toFixed(2)}%**`,
    `= **${usd(stateTax)}**`,
  );
  // Quiz: a 1-year CD at 4% on $5,000 cashed at 6 months with a 3-month penalty.
  const year = (5_000 * 4) / 100;
  assertEquals(year / 2 - year / 4, 50);
  states(
    'investing-from-saving-to-investing',
    '$100 − $50 = $50',
    `$15,000 − ${formatFact(facts['ibond-annual-limit'])} = $5,000`,
  );
  assertEquals(15_000 - value('ibond-annual-limit'), 5_000);
});
