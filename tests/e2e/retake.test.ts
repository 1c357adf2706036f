import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  type Page,
  signedInLearner,
  test,
  waitForHydration,
} from './fixtures.ts';
import { picksScoring } from '../helpers/assessment-answers.ts';

/** Answers the 12 questions with the options at these positions on screen and completes the assessment. */
async function takeAssessment(page: Page, picks: number[]): Promise<void> {
  for (let i = 0; i < picks.length; i++) {
    await expect(page.getByText(`Question ${i + 1} of 12`)).toBeVisible();
    await page.getByRole('radio').nth(picks[i]).check();
    await page.getByRole('button', { name: i < picks.length - 1 ? 'Next' : 'Complete Assessment' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
}

// The options are picked by the score they give (the current assessment file's options).
// First: saving 2+2+4+0 = 8/16 → 50, credit 1+1+0+0 = 2/16 → 13, investing 4+4+4+4 → 100.
const first = picksScoring([2, 2, 4, 0, 1, 1, 0, 0, 4, 4, 4, 4]);
// Retake: saving unchanged (50), credit 2+2+4+0 = 8/16 → 50 (+37), investing 4+4+4+0 = 12/16 → 75 (-25).
const retake = picksScoring([2, 2, 4, 0, 2, 2, 4, 0, 4, 4, 4, 0]);

test.describe('retaking the assessment', () => {
  test('from the progress screen, then the progress screen shows the change per pillar since the first', async ({ page }) => {
    test.setTimeout(90_000); // two whole assessments and four pages: more than the default on a busy machine
    await signedInLearner(page);
    await gotoHydrated(page, '/assessment');
    await takeAssessment(page, first);

    await gotoHydrated(page, '/progress');
    await expect(page.getByRole('heading', { name: 'Your assessment: first vs newest' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Retake the assessment' }).click();
    await page.waitForURL('**/assessment');
    await waitForHydration(page);
    await expect(page.getByText("You're retaking the assessment.")).toBeVisible();
    await takeAssessment(page, retake);
    await expect(page.locator('[data-pillar="credit"]')).toContainText('50');
    await page.getByRole('button', { name: 'Continue to Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    await gotoHydrated(page, '/progress');
    const table = page.getByRole('region', { name: 'Your assessment: first vs newest' }).getByRole('table');
    await expect(table).toBeVisible();
    const row = (pillar: string) => table.locator(`tr[data-pillar="${pillar}"]`);
    await expect(row('saving').getByRole('cell')).toHaveText(['50', '50', '0']);
    await expect(row('credit').getByRole('cell')).toHaveText(['13', '50', '+37']);
    await expect(row('investing').getByRole('cell')).toHaveText(['100', '75', '-25']);
    await expectNoSeriousA11yViolations(page);

    // The newest attempt places the learner, on knowledge: credit is now Intermediate (1 of 2 right,
    // was none), investing too (was both right).
    const placed = await (await page.request.get('/api/assessment')).json();
    expect(placed.levels).toEqual({ saving: 'intermediate', credit: 'intermediate', investing: 'intermediate' });
  });
});
