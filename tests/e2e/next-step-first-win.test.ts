// Issue 52 in the browser, on a 390 px phone and a laptop: one next step named alike on the
// dashboard's Continue, Priority focus, the coach's first tip, /lessons and the finish screen;
// a first win without an account (the landing's "Try a lesson's quiz", the beginner order, the
// best result kept and shown after a reload, the sign-up's note); options shuffled per attempt.
import {
  answerQuiz,
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  type Page,
  pickOption,
  signedInLearner,
  test,
} from './fixtures.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';

const DEVICES = [['390 px phone', { width: 390, height: 844 }], ['laptop', { width: 1280, height: 800 }]] as const;
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
/** The options of the question on screen, as spec indices in the order shown. */
const shownOrder = (page: Page) =>
  page.locator('.option').evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-option'))));

async function takeVisitorQuiz(page: Page, answers: number[]): Promise<number[]> {
  const start = page.getByRole('button', { name: /Start the quiz|Try again/ });
  await start.click();
  await expect(page.getByText(`Question 1 of ${answers.length}`)).toBeVisible();
  const order = await shownOrder(page);
  for (let i = 0; i < answers.length; i++) {
    await expect(page.getByText(`Question ${i + 1} of ${answers.length}`)).toBeVisible();
    await pickOption(page, answers[i]);
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('quiz-feedback')).toBeVisible();
    await page.getByRole('button', { name: i < answers.length - 1 ? 'Next' : 'See your result' }).click();
  }
  return order;
}

for (const [device, viewport] of DEVICES) {
  test(`${device}: a first win without an account, in the beginner order, the best result kept`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const first = lessonAt('saving', 'beginner', 1);
    const second = lessonAt('saving', 'beginner', 2);
    const third = lessonAt('saving', 'beginner', 3);
    const right = correctAnswersOf(first.slug);

    await gotoHydrated(page, '/');
    const tryIt = page.getByRole('link', { name: "Try a lesson's quiz, no account needed" });
    await expect(tryIt).toBeVisible();
    await expect(page.getByRole('link', { name: 'Get Your Wealth Snapshot' })).toBeVisible();
    await tryIt.click();
    await expect(page).toHaveURL(new RegExp(`/learn/${first.slug}#quiz$`));
    // The quiz is in view, not at the end of a six-minute read.
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeInViewport();
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeEnabled();

    const firstOrder = await takeVisitorQuiz(page, right);
    expect(firstOrder, 'options are shuffled').not.toEqual([...firstOrder].sort());
    await expect(page.getByTestId('visitor-result')).toContainText(`You passed: ${right.length} of ${right.length}`);
    await expectNoSeriousA11yViolations(page);
    expect(await sideways(page)).toBe(0);

    // After a reload the kept pass shows, with "Save your progress".
    await page.reload();
    await page.locator('#quiz').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('visitor-result')).toContainText(`You passed this quiz: ${right.length} of`);
    await expect(page.getByRole('link', { name: 'Save your progress' })).toBeVisible();

    // Try again (options in another order) and fail: the pass stays the kept result.
    const wrong = right.map((a) => (a + 1) % 4);
    const againOrder = await takeVisitorQuiz(page, wrong);
    expect(againOrder, 'Try again shuffles again').not.toEqual(firstOrder);
    await expect(page.getByTestId('best-kept')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Save your progress' })).toBeVisible();
    await page.reload();
    await page.locator('#quiz').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('visitor-result')).toContainText('You passed this quiz');

    // The pass opens the next beginner quiz; the one after it is locked until that one is passed.
    await page.getByTestId('next-quiz').click();
    await expect(page).toHaveURL(new RegExp(`/learn/${second.slug}#quiz$`));
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toBeEnabled();
    await page.goto(`/learn/${third.slug}#quiz`);
    await page.locator('#quiz').scrollIntoViewIfNeeded();
    await expect(page.getByTestId('visitor-locked')).toContainText(second.title);
    await expect(page.getByRole('button', { name: 'Start the quiz' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);

    // The sign-up says the result will be saved.
    await page.goto(`/learn/${first.slug}#quiz`);
    await page.locator('#quiz').scrollIntoViewIfNeeded();
    await page.getByRole('link', { name: 'Save your progress' }).click();
    await expect(page).toHaveURL(/\/login\?mode=signup/);
    await expect(page.getByTestId('results-saved-note')).toContainText('will be saved to your account');
    await expectNoSeriousA11yViolations(page);
    expect(await sideways(page)).toBe(0);
  });

  test(`${device}: one next step on every screen, before and after a passed quiz; Try again reshuffles`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(viewport);
    const { headers } = await signedInLearner(page, { firstName: 'Noa' });
    // Saving Intermediate (one knowledge answer right), Credit Beginner (none), Investing Advanced (both).
    const answers = answersScoring({ 1: 4, 2: 2, 3: 4, 4: 0, 5: 2, 6: 2, 7: 0, 8: 0, 9: 4, 10: 4, 11: 4, 12: 4 });
    expect((await page.request.post('/api/assessment/submit', { headers, data: { answers } })).status()).toBe(201);
    const before = lessonAt('credit', 'beginner', 1);
    const after = lessonAt('credit', 'beginner', 2);

    const sameEverywhere = async (title: string) => {
      await gotoHydrated(page, '/dashboard');
      await expect(page.getByTestId('continue').getByRole('heading')).toHaveText(title);
      await expect(page.getByTestId('priority')).toContainText('Credit');
      await expect(page.getByTestId('priority-next')).toHaveText(`Next: ${title}`);
      await expect(page.getByTestId('coach').locator('.tip').first()).toContainText(title);
      await expectNoSeriousA11yViolations(page);
      expect(await sideways(page)).toBe(0);
      await gotoHydrated(page, '/lessons');
      await expect(page.getByRole('link', { name: 'Credit', exact: true })).toHaveAttribute('aria-current', 'page');
      await expect(page.locator('[data-next="true"]')).toContainText(title);
      await expect(page.getByTestId('next-tag')).toBeVisible();
      expect(await sideways(page)).toBe(0);
    };
    await sameEverywhere(before.title);

    // A failed attempt, then Try again shows the options in another order.
    await page.locator('[data-next="true"]').getByRole('link').click();
    await waitForQuiz(page);
    const right = correctAnswersOf(before.slug);
    await page.getByRole('link', { name: 'Skip to quiz' }).click();
    await expect(page.getByText(`Question 1 of ${right.length}`)).toBeVisible();
    // The options are on screen once the quiz shows, and move once its island has hydrated: wait for both.
    await expect.poll(async () => {
      const order = await shownOrder(page);
      return order.length === 4 && order.some((option, i) => option !== i);
    }).toBe(true);
    const firstOrder = await shownOrder(page);
    for (let i = 0; i < right.length; i++) {
      await pickOption(page, (right[i] + 1) % 4);
      await page.getByRole('button', { name: 'Check answer' }).click();
      await page.getByRole('button', { name: i < right.length - 1 ? 'Next' : 'See your result' }).click();
    }
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByText(`Question 1 of ${right.length}`)).toBeVisible();
    expect(await shownOrder(page)).not.toEqual(firstOrder);
    await page.reload();
    await answerQuiz(page, right);
    await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
    await expect(page.getByTestId('finish-next')).toHaveText(`Next lesson: ${after.title}`);
    await expectNoSeriousA11yViolations(page);

    await sameEverywhere(after.title);
  });
}

async function waitForQuiz(page: Page) {
  await page.waitForURL(/\/lesson\/\d+/);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}
