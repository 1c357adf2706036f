// The money plan on a phone (issue 57): enter figures, read the step and the payoff dates, a
// message beside a bad field, change "what if", save, reload, export. Nothing is sent before
// "Save my plan"; the page's JavaScript stays within 90 KB gzip until the chart scrolls into view.
import { gzipSync } from 'node:zlib';
import { expect, expectNoSeriousA11yViolations, gotoHydrated, type Page, signedInLearner, test } from './fixtures.ts';

test.use({ viewport: { width: 390, height: 844 } });

/** The gzip size of every script the page loaded so far, in KB. */
function scriptMeter(page: Page) {
  const sizes = new Map<string, number>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    const body = await response.body().catch(() => null);
    if (body) sizes.set(response.url(), gzipSync(body).byteLength);
  });
  return {
    kb: () => [...sizes.values()].reduce((n, s) => n + s, 0) / 1024,
    urls: () => [...sizes.keys()],
  };
}

test('a learner enters figures, reads the step and payoff dates, tries "what if", saves, reloads and exports', async ({ page }) => {
  test.setTimeout(90_000);
  await signedInLearner(page);
  const scripts = scriptMeter(page);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/')) sent.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  await gotoHydrated(page, '/plan');
  await expect(page.getByRole('navigation', { name: 'Main (tabs)' }).getByRole('link', { name: 'Plan' }))
    .toHaveAttribute('aria-current', 'page');
  await expect(page.getByTestId('plan-headline')).toHaveText(
    'Add your take-home pay and essential spending to see your next step',
  );
  await expect(page.getByTestId('plan-privacy')).toContainText('Education, not advice');

  await page.getByLabel('Take-home pay a month ($)').fill('3,200');
  await page.getByLabel('Essential spending a month ($)').fill('2000');
  await page.getByLabel('Savings you could use in an emergency ($)').fill('1500');
  await page.getByLabel('I have debts').check();
  const debt1 = page.getByRole('group', { name: /^Debt 1/ });
  await debt1.getByLabel('Name').fill('Card');
  await debt1.getByLabel('Balance ($)').fill('1000');
  await debt1.getByLabel('APR (%)').fill('101');
  await debt1.getByLabel('Minimum payment a month ($)').fill('50');
  // A bad figure: its message beside the field, the plan kept as it was.
  await expect(debt1.getByText('APR must be 100% or less')).toBeVisible();
  await debt1.getByLabel('APR (%)').fill('18');
  await expect(debt1.getByText('APR must be 100% or less')).toHaveCount(0);
  await page.getByRole('button', { name: 'Add a debt' }).click();
  const debt2 = page.getByRole('group', { name: /^Debt 2/ });
  await debt2.getByLabel('Name').fill('Loan');
  await debt2.getByLabel('Balance ($)').fill('2000');
  await debt2.getByLabel('APR (%)').fill('6');
  await debt2.getByLabel('Minimum payment a month ($)').fill('100');
  await page.getByLabel('Gross pay a year ($)').fill('48000');
  await page.getByLabel('Employer match (%)').fill('50');
  await page.getByLabel('Matched up to (% of pay)').fill('6');
  await page.getByLabel('You put in now (% of pay)').fill('4');
  await page.getByRole('group', { name: 'Does anyone depend on your income?' }).getByLabel('No', { exact: true })
    .check();

  // The step, its one number, what to do, and the arithmetic behind it.
  await expect(page.getByTestId('plan-headline')).toHaveText('$500 more to your starter fund');
  await expect(page.getByTestId('plan-action')).toHaveText(
    'Put $1,050 a month into your emergency fund: $500 to go, done in month 1.',
  );
  await expect(page.getByTestId('plan-surplus')).toHaveText(
    '$3,200 take-home − $2,000 essentials − $150 minimum payments = $1,050 a month.',
  );
  // The payoff dates: the Card in month 2, the Loan in month 4; $61.27 of interest either way.
  const payoff = page.getByTestId('plan-payoff');
  const card = payoff.getByRole('row', { name: /^Card/ });
  await expect(card.getByRole('cell').nth(0)).toHaveText(/^month 2 \(\w{3} \d{4}\)$/);
  await expect(payoff.getByRole('row', { name: /^Loan/ }).getByRole('cell').nth(0)).toHaveText(/^month 4 /);
  await expect(payoff.getByRole('row', { name: /^All debts/ })).toContainText('$61.27');
  const fullFund = page.locator('[data-step="full-fund"] .plan-timing');
  await expect(fullFund).toContainText('done in month 6');
  await expectNoSeriousA11yViolations(page);

  // What if: $500 more a month, recomputed here. 6,000 − 1,500 = 4,500 at (1,050 + 500 − 80) a month.
  await page.getByLabel('What if I put $X more a month ($)').fill('500');
  await expect(page.getByTestId('what-if-result')).toContainText('With $500 more a month');
  await expect(fullFund).toContainText('done in month 4');
  await page.getByLabel('What if I put $X more a month ($)').fill('-5');
  await expect(page.getByText("The extra amount can't be negative")).toBeVisible();

  // Nothing has left the browser, and the page's scripts before the chart fit the budget.
  expect(sent.filter((s) => s.startsWith('POST') || s.includes('/api/plan'))).toEqual([]);
  const beforeChart = scripts.kb();
  console.log(`JavaScript before the chart: ${beforeChart.toFixed(1)} KB gzip`);
  expect(beforeChart, scripts.urls().join('\n')).toBeLessThanOrEqual(90);
  const chart = page.locator('[data-chart]');
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('data-loaded', 'true');
  await expect(chart).toHaveAttribute('data-drawn', /Owed on debts|\[\[/, { timeout: 15_000 });
  await page.getByText('Show the data as a table').click();
  await expect(page.getByTestId('plan-table').getByRole('row')).not.toHaveCount(0);

  await page.getByRole('button', { name: 'Save my plan' }).click();
  await expect(page.locator('.plan-save-status')).toContainText('Saved on');
  expect(sent.filter((s) => s.startsWith('POST'))).toEqual(['POST /api/plan']);

  await page.reload();
  await expect(page.getByLabel('Take-home pay a month ($)')).toHaveValue('3200');
  await expect(page.getByTestId('plan-headline')).toHaveText('$500 more to your starter fund');
  await expect(page.getByRole('group', { name: /^Debt 2/ }).getByLabel('Name')).toHaveValue('Loan');

  const exported = await (await page.request.get('/api/account/export')).json() as {
    moneyPlans: Array<{ input: { takeHomePay: number; debts: unknown[] }; currentStep: string }>;
  };
  expect(exported.moneyPlans.map((p) => [p.input.takeHomePay, p.input.debts.length, p.currentStep])).toEqual([
    [3200, 2, 'starter-fund'],
  ]);

  await page.goto('/dashboard');
  await expect(page.getByTestId('plan-card-headline')).toHaveText('$500 more to your starter fund');
  await page.getByTestId('plan-card').getByRole('link', { name: 'Open my plan' }).click();
  await expect(page).toHaveURL(/\/plan$/);
  if (process.env.PLAN_SCREENSHOT) {
    await waitForStill(page);
    await page.screenshot({ path: process.env.PLAN_SCREENSHOT, fullPage: false });
  }
});

async function waitForStill(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(() => window.scrollTo(0, 0));
}
