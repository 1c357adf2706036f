// Issue 53: what a newcomer tripped on, at 360 and 390 px phones and a 1366 px laptop: the landing
// header, Log In on /learn, the privacy page, 44 px targets, a short phone dashboard, the verdict
// and Next above the tab bar, a reused verification link, the time zone list and reminder hour.
import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  lessonIdOf,
  linkFrom,
  type Page,
  signedInLearner,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';

const SIZES = [
  ['360 px phone', { width: 360, height: 740 }],
  ['390 px phone', { width: 390, height: 844 }],
  ['laptop', { width: 1366, height: 768 }],
] as const;

/** Every visible link and button inside `scope` that is under 44 px tall. */
const smallTargets = (page: Page, scope: string) =>
  page.locator(scope).locator('a:visible, button:visible').evaluateAll((els) =>
    els.filter((el) => {
      const box = el.getBoundingClientRect();
      // Links inside running text are exempt (WCAG 2.5.8's inline exception).
      const inline = getComputedStyle(el).display === 'inline' && el.closest('p, li') !== null &&
        (el.closest('p, li')!.textContent ?? '').trim() !== (el.textContent ?? '').trim();
      return !inline && box.height > 0 && box.height < 44;
    }).map((el) => `${el.textContent?.trim()} (${Math.round(el.getBoundingClientRect().height)} px)`)
  );

for (const [name, viewport] of SIZES) {
  test.describe(`a newcomer's first look (${name})`, () => {
    test.use({ viewport });

    test('the landing header is one row with a link to the library; the footer links to a real privacy page', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/');
      const header = page.locator('header.site-header');
      const height = await header.evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(80);
      const library = header.getByRole('link', { name: 'Library' });
      await expect(library).toBeVisible();
      await expect(library).toHaveAttribute('href', '/learn');
      for (const label of ['Log In', 'Sign Up']) await expect(header.getByRole('link', { name: label })).toBeVisible();
      // Wording: "a 3- to 5-question quiz", never "a3-".
      await expect(page.locator('#pillars')).toContainText(/ends with a \d+(- to \d+)?-question quiz/);
      expect(await smallTargets(page, 'header.site-header, footer.site-footer, #contact')).toEqual([]);
      await page.locator('footer').getByRole('link', { name: 'Privacy' }).click();
      await page.waitForURL('**/privacy');
      const privacy = page.getByTestId('privacy');
      await expect(page.getByRole('heading', { name: 'Privacy', level: 1 })).toBeVisible();
      for (const part of ['What we store', 'For how long', 'Download or delete it', 'Who else sees it']) {
        await expect(privacy.getByRole('heading', { name: part })).toBeVisible();
      }
      await expect(privacy).toContainText('No outside service sees your learning');
      await expect(privacy).toContainText('deleted after 7 days');
      await expectNoSeriousA11yViolations(page);
    });

    test('/learn offers Log In and Sign up to a visitor', async ({ page }) => {
      await page.goto('/learn');
      const nav = page.getByRole('navigation', { name: 'Main' });
      await expect(nav.getByRole('link', { name: 'Log In' })).toHaveAttribute('href', '/login');
      await expect(nav.getByRole('link', { name: 'Sign up free' })).toBeVisible();
      expect(await smallTargets(page, 'header')).toEqual([]);
    });
  });
}

test.describe('a learner on a 390 px phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('the dashboard with four tips, badges and review due shows two tips before "more" (the API still answers two to four)', async ({ page }) => {
    test.setTimeout(90_000);
    const { headers } = await signedInLearner(page);
    // Weak everywhere: the coach has the most to say.
    const answers = answersScoring({ 1: 0, 2: 0, 3: 0, 4: 0, 5: 0, 6: 1, 7: 0, 8: 0, 9: 0, 10: 0, 11: 0, 12: 0 });
    expect((await page.request.post('/api/assessment/submit', { headers, data: { answers } })).status()).toBe(201);
    // A quiz passed with one miss: a badge, and a question for review tomorrow.
    const lesson = lessonAt('saving', 'beginner', 1);
    const id = await lessonIdOf(page, 'saving', lesson.slug);
    const { questions } = (await (await page.request.get(`/api/lesson/${id}`)).json()) as {
      questions: Array<{ id: number }>;
    };
    const done = await page.request.post(`/api/lesson/${id}/complete`, {
      headers,
      data: {
        attemptId: crypto.randomUUID(),
        quizResponses: questions.map((q, i) => ({
          questionId: q.id,
          userAnswer: i === 0 ? (lesson.correctAnswers[i] + 1) % 4 : lesson.correctAnswers[i],
        })),
      },
    });
    expect(done.status()).toBe(201);
    const tomorrow = new Date(Date.now() + 24 * 3600_000 + 60_000).toISOString();
    await page.setExtraHTTPHeaders({ 'x-test-now': tomorrow });
    const api = await (await page.request.get('/api/user/dashboard', { headers: { 'x-test-now': tomorrow } }))
      .json() as {
        coach: { tips: unknown[] };
        reviewDue: number;
        badges: Array<{ earnedAt: string | null }>;
      };
    expect(api.coach.tips.length).toBeGreaterThanOrEqual(2);
    expect(api.coach.tips.length).toBeLessThanOrEqual(4);
    expect(api.reviewDue).toBeGreaterThan(0);
    await gotoHydrated(page, '/dashboard');
    const coach = page.getByTestId('coach');
    await expect(coach.locator('.tip:visible')).toHaveCount(Math.min(2, api.coach.tips.length));
    if (api.coach.tips.length > 2) {
      await expect(coach.getByTestId('more-tips')).toContainText(`${api.coach.tips.length - 2} more`);
    }
    // Three screens at most (issue 53), with the reminder offer this learner is shown too.
    await expect(page.getByTestId('reminder-offer')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThanOrEqual(2532);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The streak card's labels sit on one line beside their figures, never broken letter by letter.
    for (const label of ['Daily streak', "Today's goal"]) {
      const lines = await page.getByTestId('streak-card').getByText(label, { exact: true }).evaluate((el) =>
        Math.round(el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).lineHeight))
      );
      expect(lines, label).toBe(1);
    }
    await expect(page.locator('[data-pillar]:visible')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    // Nothing is lost: each fold opens from the keyboard and shows what it holds.
    const open = async (fold: string) => {
      await page.getByTestId(fold).locator('summary').focus();
      await page.keyboard.press('Enter');
    };
    if (api.coach.tips.length > 2) {
      await open('more-tips');
      await expect(coach.locator('.tip:visible')).toHaveCount(api.coach.tips.length);
    }
    await open('overall-fold');
    await expect(page.locator('[data-part]:visible')).toHaveCount(4);
    await open('pillars-fold');
    await expect(page.locator('[data-pillar]:visible')).toHaveCount(3);
    await expect(page.locator('[data-pillar="saving"]').getByRole('link', { name: 'Saving lessons' })).toBeVisible();
    await open('mastery-fold');
    await expect(page.locator('[data-mastery]:visible')).toHaveCount(3);
    await expect(page.locator('[data-mastery="saving"]').getByTestId('mastery-advice')).toBeVisible();
    // The newest badges in one row; "See all badges" leads to every one on /progress.
    await expect(page.locator('.badge-item:visible')).toHaveCount(Math.min(2, api.badges.length));
    await expect(page.getByRole('link', { name: /^See all badges/ })).toHaveAttribute(
      'href',
      '/progress#badges-heading',
    );
    expect(await smallTargets(page, '.dashboard')).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  });

  test('after "Check answer" the verdict and Next are in view, above the tab bar', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page);
    const lesson = lessonAt('saving', 'beginner', 1);
    await gotoHydrated(page, `/lesson/${await lessonIdOf(page, 'saving', lesson.slug)}`);
    await page.getByRole('link', { name: 'Skip to quiz' }).click();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Check answer' }).click();
    const verdict = page.getByTestId('quiz-feedback').locator('h3');
    await expect(verdict).toBeFocused();
    const next = page.getByRole('button', { name: /^(Next|See your result)/ });
    const bar = await page.locator('.tab-bar').boundingBox();
    const [top, bottom] = [(await verdict.boundingBox())!.y, (await next.boundingBox())!];
    expect(top).toBeGreaterThanOrEqual(0);
    expect(bottom.y + bottom.height).toBeLessThanOrEqual(bar ? bar.y : 844);
  });

  test('a reused verification link says "Already confirmed" and links on; a fresh browser is sent to sign in', async ({ browser, page }) => {
    test.setTimeout(60_000);
    const email = uniqueEmail('twice');
    await signedInLearner(page, { email });
    const mail = await waitForMail(email, /Confirm/);
    const link = linkFrom(mail, '/verify-email');
    await page.goto(link);
    await expect(page.getByRole('heading', { name: 'Already confirmed' })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByText('Verification failed')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
    try {
      const fresh = await other.newPage();
      await fresh.goto(link);
      await expect(fresh.getByRole('heading', { name: 'Already confirmed' })).toBeVisible({ timeout: 15_000 });
      await expect(fresh.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    } finally {
      await other.close();
    }
  });

  test('/account: a time zone from the list takes effect from the next day; reminders at a chosen hour', async ({ page }) => {
    test.setTimeout(60_000);
    await signedInLearner(page);
    await gotoHydrated(page, '/account');
    const zone = page.getByLabel('Time zone', { exact: true });
    // The browser fills in its zones once the island has hydrated.
    await expect.poll(() => zone.locator('option').count()).toBeGreaterThan(100);
    await zone.selectOption('Asia/Tokyo');
    await page.getByLabel('Send reminders from').selectOption('7');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('settings-status')).toHaveText('Your settings are saved.');
    const settings = await (await page.request.get('/api/user/settings')).json() as {
      timeZone: string | null;
      nextTimeZone: string | null;
      reminderHour: number;
    };
    expect(settings.reminderHour).toBe(7);
    // A learner with no zone yet gets it at once; a later change waits for the next day.
    expect(settings.timeZone).toBe('Asia/Tokyo');
    await zone.selectOption('Europe/Lisbon');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByTestId('next-time-zone')).toContainText('your days follow Europe/Lisbon');
    await expect(page.getByTestId('time-zone')).toHaveText('Asia/Tokyo');
    await page.reload();
    await expect(page.getByLabel('Send reminders from')).toHaveValue('7');
    await expectNoSeriousA11yViolations(page);
  });
});
