// Issue 40: the next lesson follows the placement (one rule for the dashboard and the finish
// screen, the same on every load), the assessment result says what did not apply, and mastery shows.
import {
  answerQuiz,
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  signedInLearner,
  test,
} from './fixtures.ts';
import { picksScoring } from '../helpers/assessment-answers.ts';

// Saving all right (100); credit: both habits weak, both knowledge questions right (50, placed
// Advanced, the lowest result); investing: its match question does not apply (q9), the rest right.
const picks = picksScoring([4, 4, 4, 4, 0, 0, 4, 4, 'n/a', 4, 4, 4]);

const DEVICES = [
  ['360 px phone', { width: 360, height: 740 }],
  ['390 px phone', { width: 390, height: 844 }],
  ['laptop', { width: 1280, height: 800 }],
] as const;

test.describe('next lesson and mastery', () => {
  for (const [device, viewport] of DEVICES) {
    test(`a learner placed Advanced in credit, their lowest pillar, is sent to Credit Advanced on every load and on from the finish screen (${device})`, async ({ page }) => {
      // A whole journey (the assessment, three dashboards, a lesson's quiz): its own budget on a busy machine.
      test.setTimeout(90_000);
      await page.setViewportSize(viewport);
      await signedInLearner(page);
      await gotoHydrated(page, '/assessment');
      for (let i = 0; i < 12; i++) {
        await expect(page.getByText(`Question ${i + 1} of 12`)).toBeVisible();
        await page.getByRole('radio').nth(picks[i]).check();
        if (i < 11) await page.getByRole('button', { name: 'Next' }).click();
      }
      await page.getByRole('button', { name: 'Complete Assessment' }).click();
      await expect(page.getByRole('heading', { name: 'Assessment Complete!' })).toBeVisible();
      const credit = page.locator('[data-pillar="credit"]');
      await expect(credit).toContainText('50');
      await expect(credit).toContainText('You start at Advanced');
      // The answer that did not apply is named as left out, so the figure adds up.
      await expect(page.getByTestId('left-out-investing')).toHaveText(
        '1 answer did not apply to you and was left out: your Investing result is from your other 3 answers.',
      );
      await expect(page.getByTestId('left-out-credit')).toHaveCount(0);
      await expectNoSeriousA11yViolations(page);

      const advanced = (await (await page.request.get('/api/lessons/credit/advanced')).json()) as Array<
        { id: number; slug: string; title: string }
      >;
      expect(advanced.length).toBeGreaterThanOrEqual(2);
      const [first, second] = advanced;
      for (let load = 0; load < 3; load++) {
        await gotoHydrated(page, '/dashboard');
        await expect(page.getByTestId('continue').getByRole('heading')).toHaveText(first.title);
        await expect(page.getByTestId('continue')).toContainText('Credit · Advanced');
        await expect(page.getByTestId('next-lesson')).toHaveAttribute('href', `/lesson/${first.id}`);
        await expect(page.getByTestId('next-reason')).toContainText(
          'Why this lesson: Our assessment places you at Advanced in Credit, and of the pillars at Advanced Credit has your lowest result (50 of 100): this is the first Advanced Credit lesson.',
        );
      }
      const mastery = page.getByTestId('mastery');
      await expect(mastery.locator('[data-mastery="credit"] [data-testid="mastery-percent"]')).toHaveText('—');
      await expect(mastery.locator('[data-mastery="credit"] [data-testid="mastery-advice"]')).toHaveText(
        "Take a Credit lesson's quiz: mastery counts the questions you have answered.",
      );
      await expectNoSeriousA11yViolations(page);

      await page.getByTestId('next-lesson').click();
      await page.waitForURL(`**/lesson/${first.id}`);
      await answerQuiz(page, correctAnswersOf(first.slug));
      await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
      await expect(page.getByTestId('finish-next')).toHaveText(`Next lesson: ${second.title}`);
      await expect(page.getByTestId('finish-next')).toHaveAttribute('href', `/lesson/${second.id}`);
      await expect(page.getByTestId('finish-next-reason')).toContainText(
        // Issue 52: the same rule as the dashboard's, so the same words.
        'Our assessment places you at Advanced in Credit, and of the pillars at Advanced Credit has your lowest result (50 of 100): this is your next Advanced Credit lesson.',
      );
      await expectNoSeriousA11yViolations(page);

      // The dashboard agrees, and mastery now counts the questions met.
      await gotoHydrated(page, '/dashboard');
      await expect(page.getByTestId('next-lesson')).toHaveAttribute('href', `/lesson/${second.id}`);
      const n = correctAnswersOf(first.slug).length;
      await expect(mastery.locator('[data-mastery="credit"] [data-testid="mastery-percent"]')).toHaveText('100%');
      await expect(mastery.locator('[data-mastery="credit"] [data-testid="mastery-met"]')).toContainText(
        `${n} of the ${n} questions you have met`,
      );
    });
  }
});
