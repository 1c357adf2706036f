// Recomputes the arithmetic of curriculum v4 (issue 55): the new lesson on equity pay and changing
// jobs, the capstone, and the fourth questions of the five lessons of v3, from the figures in
// facts.yaml, and checks the lesson (facts filled in) states the same results. When a yearly
// figure changes, this test says which sentence of which lesson has to follow.
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
const pct = (id: string) => value(id) / 100;
const usd = (n: number, cents = false) =>
  `$${n.toLocaleString('en-US', { minimumFractionDigits: cents ? 2 : 0, maximumFractionDigits: cents ? 2 : 0 })}`;
const body = (lesson: ParsedLesson) => lesson.sections.map((s) => s.content).join('\n');
const quiz = (lesson: ParsedLesson) =>
  lesson.questions.map((q) => `${q.question}\n${q.options.join('\n')}\n${q.explanation}`).join('\n');
function states(slug: string, ...texts: string[]) {
  const lesson = lessons.get(slug);
  assert(lesson, `${slug} exists`);
  const all = `${body(lesson)}\n${quiz(lesson)}`;
  for (const text of texts) assert(all.includes(text), `${slug} states "${text}"`);
}
/** The correct option of a lesson's question n (1-based). */
const key = (slug: string, n: number) => {
  const q = lessons.get(slug)!.questions[n - 1];
  return q.options[q.correctAnswer];
};
/** Federal income tax of a single filer in the 10% and 12% brackets (the lessons' examples stay there). */
function taxSingle(taxable: number): number {
  const t10 = value('bracket-10-top-single');
  assert(taxable <= value('bracket-12-top-single'), 'the example stays within the 12% bracket');
  return taxable <= t10 ? taxable * 0.1 : t10 * 0.1 + (taxable - t10) * 0.12;
}
const round2 = (n: number) => Math.round(n * 100) / 100;

Deno.test("equity pay: Leo's RSU shortfall, Priya's vest, ESPP and dependent care FSA, Tom's and Sam's payouts", () => {
  const slug = 'saving-equity-pay-and-changing-jobs';
  const flat = pct('supplemental-withholding-rate');
  // Question 1: 200 RSUs at $40, withheld at the flat rate, taxed at 32%.
  const vest = 200 * 40;
  const owed = vest * 0.32 - vest * flat;
  assertEquals([vest, vest * flat, vest * 0.32, owed], [8_000, 1_760, 2_560, 800]);
  assert(key(slug, 1) === usd(owed), 'question 1 keys the shortfall');
  states(
    slug,
    `$8,000 × 32% = ${usd(2_560)}`,
    `$8,000 × ${formatFact(facts['supplemental-withholding-rate'])} = $1,760`,
  );
  // Priya: 100 RSUs vest at $50; her bracket 24%; Social Security and Medicare.
  const wages = 100 * 50;
  const fica = value('social-security-tax-rate') + value('medicare-tax-rate');
  assertEquals(round2(fica), 7.65);
  assertEquals([wages * flat, wages * 0.24, wages * 0.24 - wages * flat], [1_100, 1_200, 100]);
  assertEquals(round2((wages * fica) / 100), 382.5);
  states(
    slug,
    `100 × $50 = **${usd(wages)}**`,
    `= **${usd(wages * flat)}**`,
    `$1,200 − $1,100 = **$100**`,
    `= **$382.50**`,
  );
  // ESPP with a lookback: the largest discount on the lower of $40 and $50.
  const price = 40 * (1 - pct('espp-max-discount'));
  const shares = 3_400 / price;
  const bargain = shares * 50 - 3_400;
  assertEquals([price, shares, bargain, bargain * 0.24, bargain - bargain * 0.24], [34, 100, 1_600, 384, 1_216]);
  states(slug, `$40 × 85% = **$34**`, `$3,400 ÷ $34 = **100 shares**`, `= **$1,600**`, `= **$384**`, `= **$1,216**`);
  // Dependent care FSA at the full household limit.
  const dc = value('dependent-care-fsa-limit');
  assertEquals([dc * 0.24, round2((dc * fica) / 100)], [1_800, 573.75]);
  states(slug, `${formatFact(facts['dependent-care-fsa-limit'])} × 24% = **$1,800**`, `= **$573.75**`);
  // Tom's check, and Sam's $20,000 cashed out in the 22% bracket.
  const withheld = 20_000 * pct('rollover-withholding');
  const incomeTax = 20_000 * 0.22;
  const extra = 20_000 * pct('early-distribution-additional-tax');
  assertEquals([withheld, incomeTax, extra, incomeTax + extra, 20_000 - incomeTax - extra], [
    4_000,
    4_400,
    2_000,
    6_400,
    13_600,
  ]);
  states(slug, `= $4,000 withheld`, `= **$4,000**`, `= **$4,400**`, `= **$2,000**`, `= **$6,400**`, `= **$13,600**`);
});

Deno.test("the capstone: Jordan's offers, paycheck, match, card payoff, fund and tax return", () => {
  const slug = 'saving-capstone-first-year';
  // The offers, a normal year and a worst year.
  const a = 54_000 + 54_000 * 0.03 - 105 * 12;
  const b = 56_000 - 190 * 12;
  const worst = 4_000 - 3_000;
  assertEquals([a, b, a - b, worst - (a - b)], [54_360, 53_720, 640, 360]);
  states(
    slug,
    `= **$1,620**`,
    `= **$1,260**`,
    `= **$2,280**`,
    `= **${usd(a)}**`,
    `= **${usd(b)}**`,
    `$1,000 − $640 = **$360**`,
  );
  assert(key(slug, 1).includes('$640') && key(slug, 2).includes('$360'), 'questions 1 and 2 key $640 and $360');
  // The distractors are the mistakes they name.
  assertEquals([56_000 - 54_000, 54_000 * 0.03 + (190 - 105) * 12, b - (54_000 - 105 * 12)], [2_000, 2_640, 980]);
  // The paycheck from month 2.
  const monthly = 54_000 / 12;
  const fica = round2(((monthly - 105 - 60) * (value('social-security-tax-rate') + value('medicare-tax-rate'))) / 100);
  const takeHome = round2(monthly - monthly * 0.06 - 105 - 60 - fica - 306);
  assertEquals([monthly, monthly * 0.06, fica, takeHome], [4_500, 270, 331.63, 3_427.37]);
  states(slug, `about **$331.63**`, `= **$3,427.37**`);
  assert(takeHome - 2_900 >= 500, 'his spare money covers the $500 a month of steps 3 and 4');
  // The match over 11 months.
  assertEquals([monthly * 0.03, 270 * 11, 135 * 11, 270 * 11 + 135 * 11], [135, 2_970, 1_485, 4_455]);
  states(slug, `= **$135**`, `= **$2,970**`, `= **$1,485**`, '$2,970 + $1,485 = **$4,455** in his 401(k)');
  // The card: 24% APR, $500 a month from month 2, month by month.
  let balance = 2_400;
  let interest = 0;
  let payments = 0;
  while (balance > 0) {
    const charge = round2(balance * 0.02);
    interest += charge;
    balance = round2(balance + charge - Math.min(500, balance + charge));
    payments++;
  }
  assertEquals([payments, Math.round(interest)], [6, 149]);
  states(
    slug,
    `$2,400 × 24% ÷ 12 = **$48**`,
    `$500 − $48 = **$452**`,
    'about **$149**',
    'after six payments, in month 7',
  );
  assert(key(slug, 4).startsWith(`${payments} months`) && key(slug, 4).includes('$149'), 'question 4 keys it');
  // The full fund by December.
  assertEquals([2_400 * 3, 500 * 5, 1_000 + 500 * 5], [7_200, 2_500, 3_500]);
  // The tax return.
  const wages = 54_000 - 270 * 11 - 105 * 12 - 60 * 12;
  const withheld = 339 + 306 * 11;
  const gift = 300;
  assert(gift <= value('charitable-nonitemizer-single'), 'the gift is within the non-itemizer deduction');
  const taxable = wages - value('std-deduction-single') - gift;
  const tax = taxSingle(taxable);
  assertEquals([wages, withheld, taxable, tax, withheld - tax], [49_050, 3_705, 32_650, 3_670, 35]);
  assert(wages > value('savers-credit-agi-single'), 'no Saver’s Credit at his income');
  states(
    slug,
    `= **${usd(wages)}**`,
    `= **${usd(withheld)}**`,
    `= **${usd(taxable)}**`,
    `= **${usd(tax)}**`,
    `$3,705 − $3,670 = **$35**`,
  );
  assert(key(slug, 5).includes('$35') && key(slug, 5).includes('$3,670'), 'question 5 keys the refund');
  // Question 5's distractors: no gift deduction, 12% on everything, the full salary.
  const noGift = taxSingle(wages - value('std-deduction-single'));
  const full = taxSingle(54_000 - value('std-deduction-single'));
  assertEquals([noGift - withheld, Math.round(taxable * 0.12 - withheld), full - withheld], [1, 213, 595]);
});

Deno.test('the fourth questions of the v3 lessons: filing status, an offer’s maximum, the needs estimate, state tax', () => {
  // Filing: head of household has the larger standard deduction.
  assert(value('std-deduction-hoh') > value('std-deduction-single'));
  assert(key('saving-filing-your-taxes', 4).startsWith('Head of household'));
  // The tips deduction example.
  assert(8_000 <= value('tips-deduction-max'));
  states('saving-filing-your-taxes', '$8,000 × 12% = **$960**');
  // Work and benefits: worst years with surgery.
  const x = 100 * 12 + 6_000;
  const y = 250 * 12 + 2_500;
  assertEquals([x, y, x - y, 6_000 - 2_500, (250 - 100) * 12], [7_200, 5_500, 1_700, 3_500, 1_800]);
  states('saving-work-and-benefits', '$7,200 − $5,500 = $1,700');
  assert(key('saving-work-and-benefits', 4).includes('$5,500'));
  // Protecting your income: Ben's needs estimate.
  const income = 80_000 * 0.7 * 10;
  const needs = income + 150_000 + 20_000;
  const gap = needs - 50_000 - 80_000;
  assertEquals([income, needs, gap, 80_000 * 10 + 170_000 - 130_000], [560_000, 730_000, 600_000, 840_000]);
  assertEquals(key('saving-protecting-your-income', 4), usd(gap));
  // The bridge: a CD against a T-bill once state tax is paid.
  const cd = 10_000 * 0.04;
  assertEquals([cd, cd * 0.05, cd - cd * 0.05, 10_000 - 9_615], [400, 20, 380, 385]);
  states('investing-from-saving-to-investing', '$400 − $20 = $380', '$10,000 − $9,615 = $385');
});

Deno.test('the spousal rule: the estate lesson teaches it and its fourth question keys the spouse', () => {
  const lesson = lessons.get('saving-home-umbrella-and-estate-basics')!;
  assert(/spouse gets it unless your spouse signs a written waiver/.test(body(lesson)));
  assert(key('saving-home-umbrella-and-estate-basics', 4).startsWith('Sam'));
  // Question 1 is about an IRA now (issue 55, D1): its form beats the will.
  assert(
    /IRA/.test(lesson.questions[0].question) &&
      key('saving-home-umbrella-and-estate-basics', 1).startsWith('His sister'),
  );
});
