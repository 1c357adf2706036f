import { test, expect, expectNoSeriousA11yViolations, signedInLearner, correctAnswersOf, type Page, gotoHydrated } from './fixtures.ts';

async function complete(page: Page, headers: Record<string, string>, pillar: string, slug: string, answers: number[], durationMs = 60_000) {
  const list = (await (await page.request.get(`/api/lessons/all/${pillar}`)).json()) as Array<{ id: number; slug: string }>;
  const id = list.find((l) => l.slug === slug)!.id;
  const r = await page.request.post(`/api/lesson/${id}/complete`, {
    headers,
    data: { attemptId: crypto.randomUUID(), quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })), durationMs },
  });
  expect(r.status()).toBe(201);
}

/** A learner with a known history: saving 40, credit 20, investing 70; four saving attempts. */
async function learnerWithHistory(page: Page) {
  const learner = await signedInLearner(page, { firstName: 'Morgan' });
  await page.request.post('/api/assessment/submit', { headers: learner.headers, data: { savingScore: 40, creditScore: 20, investingScore: 70 } });
  const a1 = correctAnswersOf('saving-pay-yourself-first');
  const a2 = correctAnswersOf('saving-emergency-fund-101');
  await complete(page, learner.headers, 'saving', 'saving-pay-yourself-first', a1, 60_000);
  await complete(page, learner.headers, 'saving', 'saving-emergency-fund-101', a2.map((a) => (a + 1) % 4), 30_000);
  await complete(page, learner.headers, 'saving', 'saving-emergency-fund-101', a2.map((a, i) => (i === 0 ? (a + 1) % 4 : a)), 90_000);
  return learner;
}

test.describe('dashboard and progress', () => {
  test('the dashboard shows the learner\'s own numbers', async ({ page }) => {
    await learnerWithHistory(page);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Morgan!');
    // (40 + 20 + 70) / 300 × 25 = 10.83; saving 2 × 8.5 = 17% → 4.25; total 15.08 → 15
    await expect(page.getByTestId('overall-value')).toHaveText('15');
    await expect(page.locator('[data-part="assessment"]')).toContainText('10.8');
    await expect(page.locator('[data-part="saving"]')).toContainText('4.3');
    await expect(page.locator('[data-part="credit"]')).toContainText('Credit 25%');
    await expect(page.getByTestId('priority')).toContainText('Credit');
    const saving = page.locator('[data-pillar="saving"]');
    await expect(saving).toContainText('40');
    await expect(saving).toContainText('Basic understanding. Focus on beginner lessons.');
    await expect(saving.getByTestId('lessons-done')).toHaveText('2');
    await expect(saving.getByTestId('weighted')).toHaveText('17%');
    await expect(saving).toHaveClass(/score-red/);
    await expect(page.locator('[data-pillar="investing"]')).toContainText('Good foundation. Ready for intermediate lessons.');
    await expect(page.locator('[data-pillar="investing"]')).toContainText('Intermediate');
    await expect(page.getByTestId('next-lesson')).toContainText('Next Lesson');
    await expect(page.locator('[data-badge="first-lesson"]')).toContainText('Earned');
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('next-lesson').click();
    await page.waitForURL('**/lesson/*');
    await expect(page.locator('.crumbs')).toContainText('Credit');
  });

  test('the greeting goes by local time after the first visit', async ({ page }) => {
    await signedInLearner(page, { firstName: 'Riley' });
    await page.clock.setFixedTime(new Date('2026-11-22T11:59:00'));
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByTestId('greeting')).toHaveText('Welcome, Riley!');
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Good morning, Riley!');
    await page.clock.setFixedTime(new Date('2026-11-22T12:00:00'));
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Good afternoon, Riley!');
    await page.clock.setFixedTime(new Date('2026-11-22T17:00:00'));
    await page.reload();
    await expect(page.getByTestId('greeting')).toHaveText('Good evening, Riley!');
  });

  test('the progress screen shows the same figures, in the charts\' tables too, without CSP errors', async ({ page }) => {
    const { email } = await learnerWithHistory(page);
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await gotoHydrated(page, '/progress');
    await expect(page.getByRole('heading', { name: 'Learning Progress' })).toBeVisible();
    await expect(page.getByText('Track your financial literacy journey and quiz performance')).toBeVisible();
    await expect(page.getByText('Welcome back')).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();
    const saving = page.locator('.pillar-summary [data-pillar="saving"]');
    await expect(saving.getByTestId('completed')).toHaveText('2/10');
    await expect(saving.getByTestId('average')).toHaveText('1.67'); // (3 + 0 + 2) / 3
    await expect(saving.getByTestId('streak')).toHaveText('1');
    await expect(page.locator('.pillar-summary [data-pillar="credit"]').getByTestId('average')).toHaveText('—');
    await expect(page.locator('[data-chart="Progress by Pillar & Level"] svg')).toBeVisible();
    await expect(page.locator('[data-chart="Overall Quiz Accuracy"] svg')).toBeVisible();
    await page.getByText('Show the data as a table').first().click();
    await expect(page.getByTestId('bar-table')).toContainText('2/4');
    await expect(page.getByTestId('donut-table')).toContainText('Correct5');
    await expect(page.getByTestId('donut-table')).toContainText('Incorrect4');
    await expectNoSeriousA11yViolations(page);

    await page.getByRole('tab', { name: 'Performance' }).click();
    await expect(page.locator('[data-chart="Score Progression"] svg')).toBeVisible();
    await expect(page.locator('[data-metric="improvement"]')).toContainText('-33 pts'); // halves of 1: first 3/3 (100%), last 2/3 (67%)
    await expect(page.locator('[data-metric="pass-rate"]')).toContainText('67%');
    await expect(page.locator('[data-metric="avg-time"]')).toContainText('1:00');
    await expect(page.locator('[data-metric="total"]')).toContainText('3');
    await page.getByText('Show the data as a table').click();
    await expect(page.getByTestId('line-table').locator('tbody tr')).toHaveCount(3);

    await page.getByRole('tab', { name: 'Quiz Analytics' }).click();
    await expect(page.locator('[data-cell="saving-beginner"]')).toHaveText('56% (5/9)');
    await expect(page.getByTestId('missed-item').first()).toContainText('Missed 2 of 2 times');
    await expect(page.getByTestId('missed-item').first().getByRole('link')).toHaveAttribute('href', /\/lesson\/\d+/);

    await page.getByRole('tab', { name: 'Detailed Progress' }).click();
    const detail = page.locator('.detail-list [data-pillar="saving"]');
    await expect(detail.getByTestId('detail-complete')).toHaveText('2/10 Complete');
    await expect(detail.getByTestId('detail-rate')).toHaveText('20%');
    await expectNoSeriousA11yViolations(page);
    expect(errors).toEqual([]);
  });

  test('tabs work by keyboard', async ({ page }) => {
    await signedInLearner(page);
    await gotoHydrated(page, '/progress');
    await page.getByRole('tab', { name: 'Overview' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(page.getByRole('tab', { name: 'Performance' })).toBeFocused();
    await expect(page.getByRole('tab', { name: 'Performance' })).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('End');
    await expect(page.getByRole('tab', { name: 'Detailed Progress' })).toHaveAttribute('aria-selected', 'true');
  });

  test('a new learner sees empty states that invite them to start, never sample numbers', async ({ page }) => {
    await signedInLearner(page);
    await gotoHydrated(page, '/progress');
    await expect(page.getByTestId('empty-state')).toContainText('No quizzes yet');
    await expect(page.getByRole('link', { name: 'Start your first lesson' })).toBeVisible();
    await expect(page.locator('[data-chart]')).toHaveCount(0);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByRole('heading', { name: 'Start with your free assessment' })).toBeVisible();
    await expect(page.getByTestId('overall-value')).toHaveText('0');
    await expect(page.getByText('No badges yet')).toBeVisible();
  });

  test('the dashboard updates after a lesson is passed in another tab and the page becomes visible', async ({ page, context }) => {
    const { headers } = await learnerWithHistory(page);
    await gotoHydrated(page, '/dashboard');
    await expect(page.locator('[data-pillar="saving"]').getByTestId('lessons-done')).toHaveText('2');
    const other = await context.newPage();
    await other.goto('/dashboard');
    await complete(other, headers, 'saving', 'saving-budgeting-methods', correctAnswersOf('saving-budgeting-methods'));
    await other.close();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect(page.locator('[data-pillar="saving"]').getByTestId('lessons-done')).toHaveText('3');
  });

  test('signed-out visitors see the sign-in prompt on /progress and go to / from the dashboard', async ({ page }) => {
    await gotoHydrated(page, '/progress');
    await expect(page.getByText('Please log in to view your progress.')).toBeVisible();
    await gotoHydrated(page, '/dashboard');
    await page.waitForURL((u) => u.pathname === '/');
  });
});
