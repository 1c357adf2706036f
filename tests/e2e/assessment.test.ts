import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  signedInLearner,
  test,
  waitForHydration,
} from './fixtures.ts';
import { labelScoring, picksScoring } from '../helpers/assessment-answers.ts';

// The option (its position on screen) chosen for each of the 12 questions, by the score it gives:
// saving 4+3+4+0 = 11/16 → 69, credit 0+1+0+0 = 1/16 → 6, investing 4+4+4+4 = 16/16 → 100.
// The level and its words come from the knowledge questions (issue 41): saving 1 of 2 right,
// credit none, investing both.
const scores = [4, 3, 4, 0, 0, 1, 0, 0, 4, 4, 4, 4];
const picks = picksScoring(scores);

test.describe('assessment', () => {
  test('the wizard by mouse: one question at a time, the disabled rules, progress, and the complete view', async ({ page }) => {
    await signedInLearner(page);
    await page.goto('/');
    await page.waitForURL('**/assessment');
    const next = page.getByRole('button', { name: 'Next' });
    const previous = page.getByRole('button', { name: 'Previous' });
    await expect(page.getByText('Question 1 of 12')).toBeVisible();
    // The share answered: 0% before the first answer, 1 of 12 (8%) after it.
    await expect(page.getByText('0% complete')).toBeVisible();
    await expect(previous).toBeDisabled();
    await expect(next).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Start over' })).toBeVisible();
    for (let i = 0; i < 12; i++) {
      await expect(page.getByText(`Question ${i + 1} of 12`)).toBeVisible();
      await expect(page.getByRole('radio')).toHaveCount(5);
      await page.getByRole('radio').nth(picks[i]).check();
      await expect(page.getByText(`${Math.round(((i + 1) / 12) * 100)}% complete`)).toBeVisible();
      if (i < 11) {
        await expect(previous).toBeEnabled({ enabled: i > 0 });
        await next.click();
      }
    }
    await expect(page.getByText('100% complete')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByText('Question 11 of 12')).toBeVisible();
    await expect(page.getByRole('radio').nth(picks[10])).toBeChecked();
    await next.click();
    await page.getByRole('button', { name: 'Complete Assessment' }).click();
    await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
    const item = (pillar: string) => page.locator(`[data-pillar="${pillar}"]`);
    await expect(item('saving')).toContainText('69');
    await expect(item('saving')).toContainText('Good foundation');
    await expect(item('saving')).toContainText('Intermediate');
    await expect(item('saving')).toHaveClass(/score-yellow/);
    await expect(item('credit')).toContainText('6');
    await expect(item('credit')).toContainText('Start with foundation concepts');
    await expect(item('credit')).toContainText('Beginner');
    await expect(item('credit')).toHaveClass(/score-red/);
    await expect(item('investing')).toContainText('100');
    await expect(item('investing')).toContainText('Excellent knowledge');
    await expect(item('investing')).toContainText('Advanced');
    await expect(item('investing')).toHaveClass(/score-green/);
    // Both halves: what you know (q3 4 + q4 0 = 4/8) and what you do (q1 4 + q2 3 = 7/8).
    await expect(page.getByTestId('knowledge-saving')).toHaveText('50 of 100');
    await expect(page.getByTestId('habits-saving')).toHaveText('88 of 100');
    await expect(page.getByTestId('knowledge-credit')).toHaveText('0 of 100');
    await expect(page.getByTestId('habits-credit')).toHaveText('13 of 100');
    await expectNoSeriousA11yViolations(page);

    const saved = await (await page.request.get('/api/assessment')).json();
    expect([saved.savingScore, saved.creditScore, saved.investingScore]).toEqual([69, 6, 100]);
    expect(saved.version).toBe(4); // version 4 since issue 56
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await page.goto('/');
    await page.waitForURL('**/dashboard');
  });

  test('Continue to Dashboard goes to /dashboard 200 ms after the click, not before', async ({ page }) => {
    await page.clock.install();
    await signedInLearner(page);
    await gotoHydrated(page, '/assessment');
    for (let i = 0; i < 12; i++) {
      await expect(page.getByText(`Question ${i + 1} of 12`)).toBeVisible();
      await page.getByRole('radio').nth(picks[i]).check();
      await page.getByRole('button', { name: i < 11 ? 'Next' : 'Complete Assessment' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
    const toDashboard: string[] = [];
    page.on('request', (r) => {
      if (r.isNavigationRequest() && new URL(r.url()).pathname === '/dashboard') toDashboard.push(r.url());
    });
    // The installed clock flows in real time until paused; from here on only runFor moves it.
    await page.clock.pauseAt(new Date(Date.now() + 1000));
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.clock.runFor(150);
    // A round trip to the page: a navigation the timer started would have ended this context.
    expect(await page.evaluate(() => location.pathname)).toBe('/assessment');
    expect(toDashboard).toEqual([]);
    expect(new URL(page.url()).pathname).toBe('/assessment');
    await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
    await page.clock.runFor(100);
    await page.waitForURL('**/dashboard');
    expect(toDashboard).toHaveLength(1);
  });

  test('the wizard by keyboard: arrow keys move between options, Enter advances', async ({ page }) => {
    await signedInLearner(page);
    await page.goto('/assessment');
    for (let i = 0; i < 12; i++) {
      await expect(page.getByText(`Question ${i + 1} of 12`)).toBeVisible();
      await page.keyboard.press('Tab'); // from the question heading to the options
      await page.keyboard.press('Space'); // chooses the first option
      for (let k = 0; k < picks[i]; k++) await page.keyboard.press('ArrowDown');
      await expect(page.getByRole('radio').nth(picks[i])).toBeChecked();
      await page.keyboard.press('Enter');
    }
    await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
    await expect(page.locator('[data-pillar="credit"]')).toContainText('Beginner');
  });

  test('answers in progress survive a reload, and Start over clears them', async ({ page }) => {
    await signedInLearner(page);
    await page.goto('/assessment');
    for (let i = 0; i < 5; i++) {
      await page.getByRole('radio').nth(picks[i]).check();
      await page.getByRole('button', { name: 'Next' }).click();
    }
    await expect(page.getByText('Question 6 of 12')).toBeVisible();
    await page.reload();
    await expect(page.getByText('Question 6 of 12')).toBeVisible();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('radio').nth(picks[4])).toBeChecked();
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('button', { name: 'Yes, clear my answers' }).click();
    await expect(page.getByText('Question 1 of 12')).toBeVisible();
    await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
    await page.reload();
    await expect(page.getByText('Question 1 of 12')).toBeVisible();
  });

  test('take it, see what you know and what you do, open the placed level, and read a tip whose evidence is your own answer', async ({ page }) => {
    await signedInLearner(page, { firstName: 'Ola' });
    await gotoHydrated(page, '/assessment');
    // Saving: strong habits, one knowledge question of two right (intermediate); credit and investing strong.
    const mine = picksScoring([4, 4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4]);
    for (let i = 0; i < 12; i++) {
      await expect(page.getByText(`Question ${i + 1} of 12`)).toBeVisible();
      await page.getByRole('radio').nth(mine[i]).check();
      await page.getByRole('button', { name: i < 11 ? 'Next' : 'Complete Assessment' }).click();
    }
    await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
    await expect(page.getByText('What you know').first()).toBeVisible();
    await expect(page.getByTestId('knowledge-saving')).toHaveText('50 of 100');
    await expect(page.getByTestId('habits-saving')).toHaveText('100 of 100');
    await expect(page.locator('[data-pillar="saving"]')).toContainText('You start at Intermediate'); // 1 of 2 knowledge questions right
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL('**/dashboard');
    await waitForHydration(page);
    // The tip quotes the option chosen for Ana's savings and rising prices (question 4), word for word.
    const tip = page.getByTestId('coach').locator('[data-tip="real-return-knowledge"]');
    await expect(tip).toContainText(
      `For Ana's 4% savings account while prices rise 3% (question 4), you chose “${labelScoring(4, 0)}”`,
    );
    // The placed level is open in the lessons list.
    await page.goto('/lessons?pillar=saving');
    await expect(page.getByRole('link', { name: 'Intermediate' })).toHaveAttribute('aria-current', 'page');
  });

  test('a signed-out visitor to /assessment goes to /', async ({ page }) => {
    await page.goto('/assessment');
    await page.waitForURL((u) => u.pathname === '/');
  });

  test('a failed save shows the error and keeps the answers for a retry', async ({ page }) => {
    await signedInLearner(page);
    await page.goto('/assessment');
    for (let i = 0; i < 12; i++) {
      await page.getByRole('radio').nth(picks[i]).check();
      if (i < 11) await page.getByRole('button', { name: 'Next' }).click();
    }
    await page.route('**/api/assessment/submit', (route) => route.abort('internetdisconnected'));
    await page.getByRole('button', { name: 'Complete Assessment' }).click();
    await expect(page.getByRole('alert')).toContainText('There was an error saving your assessment');
    await page.unroute('**/api/assessment/submit');
    await page.getByRole('button', { name: 'Complete Assessment' }).click();
    await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
  });
});
