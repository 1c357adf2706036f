// Issue 53, point 1: on a slow phone no tap is lost. With the CPU slowed 6x (Chrome DevTools
// Protocol), each page's main control is tapped as soon as it is visible, before its island has
// hydrated, and the tap must do what it says: it works as a link or form, or it waits, disabled.
import { expect, lessonAt, lessonIdOf, type Page, PASSWORD, signedInLearner, test } from './fixtures.ts';

test.describe.configure({ mode: 'serial' });

async function slowCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
}

/** Opens `path` and returns as soon as the first bytes arrive: no waiting for load or hydration. */
async function openEarly(page: Page, path: string): Promise<void> {
  await slowCpu(page);
  await page.goto(path, { waitUntil: 'commit' });
}

/**
 * Whether the submit button is disabled, read in the same step as its island's state (Astro drops
 * `ssr` once the island has hydrated); null when the island has already hydrated. One read, so the
 * island cannot hydrate between the two questions.
 */
const submitDisabledBeforeHydration = (page: Page) =>
  page.evaluate(() => {
    const button = document.querySelector<HTMLButtonElement>('astro-island button[type="submit"]');
    return button?.closest('astro-island')?.hasAttribute('ssr') ? button.disabled : null;
  });

test.describe('no tap lost before the islands load (CPU slowed 6x)', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('/login: "Forgot password?" tapped at once opens the reset form', async ({ page }) => {
    test.setTimeout(60_000);
    await openEarly(page, '/login');
    const forgot = page.getByRole('link', { name: 'Forgot password?' });
    await forgot.waitFor();
    await forgot.click();
    await expect(page.getByRole('heading', { name: 'Reset Your Password' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByLabel('Email')).toBeVisible();
  });

  test('/login: details typed and "Sign In" tapped at once sign in (the button waits, disabled, until it works)', async ({ browser, page }) => {
    test.setTimeout(90_000);
    const { email } = await signedInLearner(page);
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const fresh = await context.newPage();
    try {
      await openEarly(fresh, '/login');
      const signIn = fresh.getByRole('button', { name: 'Sign In', exact: true });
      await fresh.getByLabel('Email').waitFor();
      const disabledEarly = await submitDisabledBeforeHydration(fresh);
      if (disabledEarly !== null) expect(disabledEarly, 'Sign In before its island hydrated').toBe(true);
      await fresh.getByLabel('Email').fill(email);
      await fresh.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await signIn.click({ timeout: 30_000 });
      await fresh.waitForURL('**/assessment', { timeout: 30_000 });
    } finally {
      await context.close();
    }
  });

  test('/review: "Practise now" tapped at once starts practice', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page);
    await openEarly(page, '/review');
    const practise = page.getByRole('button', { name: 'Practise now' });
    await practise.waitFor();
    await practise.click({ timeout: 30_000 });
    // A new learner has passed nothing yet: practice says so (it ran, it was not lost).
    await expect(page.getByTestId('practice-none')).toBeVisible({ timeout: 20_000 });
  });

  test('a lesson: "Skip to quiz" and the first answer tapped at once are kept', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page);
    const lesson = lessonAt('saving', 'beginner', 1);
    const id = await lessonIdOf(page, 'saving', lesson.slug);
    await openEarly(page, `/lesson/${id}`);
    const skip = page.getByRole('link', { name: 'Skip to quiz' });
    await skip.waitFor();
    await skip.click();
    await expect(page.getByText(`Question 1 of ${lesson.questionCount}`)).toBeVisible({ timeout: 30_000 });
    const first = page.getByRole('radio').first();
    await first.check({ timeout: 30_000 });
    await expect(first).toBeChecked();
    await expect(page.getByRole('button', { name: 'Check answer' })).toBeEnabled();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('quiz-feedback')).toBeVisible({ timeout: 20_000 });
  });

  test('the dashboard: "Continue" tapped at once opens the next lesson', async ({ page }) => {
    test.setTimeout(60_000);
    const { headers } = await signedInLearner(page);
    const submitted = await page.request.post('/api/assessment/submit', {
      headers,
      data: { savingScore: 10, creditScore: 10, investingScore: 10 },
    });
    expect(submitted.status()).toBe(201);
    await openEarly(page, '/dashboard');
    const next = page.getByTestId('next-lesson');
    await next.waitFor();
    const href = await next.getAttribute('href');
    expect(href).toMatch(/^\/lesson\/\d+$/);
    await next.click();
    await page.waitForURL(`**${href}`, { timeout: 30_000 });
    await expect(page.locator('article.lesson')).toBeVisible();
  });

  test('the assessment: an answer and "Next" tapped at once move to question 2', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page);
    await openEarly(page, '/assessment');
    await page.getByText('Question 1 of 12').waitFor();
    const first = page.getByRole('radio').first();
    await first.check({ timeout: 30_000 });
    await expect(first).toBeChecked();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('Question 2 of 12')).toBeVisible({ timeout: 20_000 });
    await expect(page.getByText('1 of 12 answered').or(page.getByText('8% complete'))).toBeVisible();
  });
});
