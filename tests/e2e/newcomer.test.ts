// What a newcomer meets on a phone and a laptop (the phone-first issue): one next step on the
// dashboard, sign-up without a phone number and a "check your inbox" screen, locked cards that
// say what opens them, signed-out visits that keep the destination, and the small bugs fixed.
import {
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  lessonIdOf,
  linkFrom,
  type Page,
  PASSWORD,
  signedInLearner,
  test,
  uniqueEmail,
  waitForMail,
} from './fixtures.ts';
import { answersScoring } from '../helpers/assessment-answers.ts';

const PHONE = { width: 360, height: 740 };
const LAPTOP = { width: 1280, height: 800 };

/** The primary buttons and links of the page's main content that a learner can see. */
function primaryActions(page: Page) {
  return page.locator('main .btn-primary:visible').evaluateAll((els) => els.map((el) => (el.textContent ?? '').trim()));
}

for (const [name, viewport] of [['phone', PHONE], ['laptop', LAPTOP]] as const) {
  test(`dashboard on a ${name}: one primary Continue button, then the streak and goal, then the coach`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const { headers } = await signedInLearner(page);
    // Before the assessment the next step is the assessment, and nothing speaks of a snapshot.
    await gotoHydrated(page, '/dashboard');
    expect(await primaryActions(page)).toEqual(['Start the assessment']);
    await expect(page.getByTestId('continue-button')).toHaveAttribute('href', '/assessment');
    await expect(page.getByText(/Wealth Snapshot/)).toHaveCount(0);

    const answers = answersScoring({ 1: 2, 2: 1, 3: 4, 4: 0, 5: 1, 6: 1, 7: 0, 8: 4, 9: 0, 10: 0, 11: 1, 12: 0 });
    expect((await page.request.post('/api/assessment/submit', { headers, data: { answers } })).status()).toBe(201);
    await gotoHydrated(page, '/dashboard');
    await expect(page.getByText('Here is your Wealth Snapshot and what to learn next.')).toBeVisible();
    const button = page.getByTestId('next-lesson');
    expect(await primaryActions(page)).toEqual([await button.textContent().then((t) => t!.trim())]);
    await expect(button).toHaveText(/^Continue/);
    // Continue sits first: above the streak card, which sits above the coach's tips.
    const top = async (testId: string) => (await page.getByTestId(testId).boundingBox())!;
    const [cont, streak, coach] = [await top('continue'), await top('streak-card'), await top('coach')];
    expect(cont.y).toBeLessThan(coach.y);
    expect(streak.y).toBeLessThan(coach.y);
    if (name === 'phone') expect(cont.y + cont.height).toBeLessThanOrEqual(streak.y);
    // The Continue lesson has one link on the page: tips that lead to it say so instead.
    const href = await button.getAttribute('href');
    await expect(page.locator(`main a[href="${href}"]`)).toHaveCount(1);
    const tipTargets = await page.getByTestId('coach').locator('.tip a').evaluateAll((as) =>
      as.map((a) => a.getAttribute('href'))
    );
    expect(new Set(tipTargets).size, 'one button per lesson among the tips').toBe(tipTargets.length);
    // Each number says what it is: the overall parts are points out of 25.
    await expect(page.locator('[data-part="assessment"]')).toContainText(/Assessment\s*[\d.]+ of 25 points/);
    await expectNoSeriousA11yViolations(page);
    const title = (await page.getByTestId('continue').getByRole('heading').textContent())!;
    await button.click();
    await page.waitForURL(`**${href}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  });
}

test('sign-up without a phone number ends on "check your inbox", which resends and fixes a wrong address', async ({ page }) => {
  await page.setViewportSize(PHONE);
  const email = uniqueEmail('inbox');
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: 'Sign Up' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Create Your Account' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByLabel('First name').fill('Robin');
  await dialog.getByLabel('Last name').fill('Newcomer');
  await dialog.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await dialog.getByLabel('Confirm password', { exact: true }).fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Create Account' }).click();
  // One success message, in the dialog: no toast repeats it.
  await expect(dialog.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(dialog).toContainText(email);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  const first = await waitForMail(email, /Confirm/);
  // The dialog closes after 3 s; the page keeps saying where the link went, with the toast still up.
  await expect(dialog).toBeHidden({ timeout: 6000 });
  const panel = page.getByRole('region', { name: 'Check your inbox' });
  await expect(panel).toContainText(email);
  await expect(page.getByTestId('toast')).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
  expect(linkFrom(first, '/verify-email')).toBeTruthy();
  // Resend asks the server again, for this address (which sends at most one a minute).
  const resent = page.waitForRequest((r) => r.url().endsWith('/api/resend-verification') && r.method() === 'POST');
  await panel.getByRole('button', { name: 'Resend the email' }).click();
  expect((await resent).postDataJSON()).toEqual({ email });
  await expect(panel).toContainText('Sent again.');
  // Wrong address: back to the form with the address to correct.
  await panel.getByRole('button', { name: 'Wrong address? Change it' }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue(email);
  await expect(dialog.getByLabel('Email')).toBeFocused();
});

test('the /check-inbox page asks for the address when it does not know it, and resends', async ({ page }) => {
  await gotoHydrated(page, '/check-inbox');
  await expect(page.getByRole('heading', { name: 'Check your inbox', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Resend the email' }).click();
  await expect(page.getByText('Enter the address you signed up with.')).toBeVisible();
  await page.getByLabel('Your email address').fill(uniqueEmail('nobody'));
  await page.getByRole('button', { name: 'Resend the email' }).click();
  // The same answer for any address: nothing tells whether it has an account.
  await expect(page.getByText('Sent again.', { exact: false })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wrong address? Sign up again' })).toHaveAttribute(
    'href',
    '/login?mode=signup',
  );
  await expectNoSeriousA11yViolations(page);
});

test('locked lesson cards say what opens them', async ({ page }) => {
  await signedInLearner(page);
  await page.goto('/lessons?pillar=saving&level=beginner');
  const cards = page.locator('article.lesson-card');
  await expect(cards.nth(1).locator('.unlock-hint')).toHaveText(
    `Pass the quiz of "${lessonAt('saving', 'beginner', 1).title}" first.`,
  );
  await expect(cards.nth(0).locator('.unlock-hint')).toHaveCount(0);
  // A locked level asked for by name says what opens it (and shows the open level instead).
  await page.goto('/lessons?pillar=saving&level=intermediate');
  await expect(page.getByTestId('level-locked')).toHaveText(
    'Intermediate is locked. Complete every Saving Beginner lesson to open it, or retake the assessment.',
  );
  await page.goto('/lessons?pillar=saving&view=all');
  const intermediate = page.locator('section.group', { has: page.getByRole('heading', { name: /^Intermediate/ }) });
  await expect(intermediate.locator('.unlock-hint').first()).toHaveText(
    'Complete every Saving Beginner lesson to open Intermediate, or retake the assessment.',
  );
  await expectNoSeriousA11yViolations(page);
});

test('signed-out visitors go where the spec says, keeping the destination, and signing in returns there', async ({ page }) => {
  const cases: Array<[string, '/' | '/login']> = [
    ['/dashboard', '/'],
    ['/lessons?pillar=credit', '/'],
    ['/assessment', '/'],
    ['/lesson/1', '/login'],
    ['/progress', '/login'],
    ['/review', '/login'],
    ['/account', '/login'],
  ];
  for (const [path, to] of cases) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const url = new URL(page.url());
    expect(url.pathname, path).toBe(to);
    expect(url.searchParams.get('next'), path).toBe(path);
    await expect(page.getByText(/Unauthorized|401/)).toHaveCount(0);
  }
  // Signing in on /login?next= lands on the page that was wanted.
  const { email } = await signedInLearner(page);
  await page.context().clearCookies();
  await gotoHydrated(page, '/login?next=%2Freview');
  await expect(page.getByText('Please sign in to continue. We will take you back to the page you wanted.'))
    .toBeVisible();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((u) => u.pathname === '/review');
});

test('forgot password carries the address already typed, on the page and in the dialog', async ({ page }) => {
  const email = uniqueEmail('forgot');
  await gotoHydrated(page, '/login');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByLabel('Email')).toHaveValue(email);
  await gotoHydrated(page, '/');
  await page.getByRole('link', { name: 'Log In' }).first().click();
  const login = page.getByRole('dialog', { name: 'Welcome back' });
  await login.getByLabel('Email').fill(email);
  await login.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('dialog', { name: 'Reset Your Password' }).getByLabel('Email')).toHaveValue(email);
});

test('the reset-password strength meter shows its level as a filled bar', async ({ page }) => {
  const { email } = await signedInLearner(page);
  await page.context().clearCookies();
  expect(
    (await page.request.post('/api/forgot-password', { headers: { origin: process.env.BASE_URL! }, data: { email } }))
      .status(),
  ).toBe(200);
  const mail = await waitForMail(email, /[Rr]eset/);
  await gotoHydrated(page, linkFrom(mail, '/reset-password'));
  const fill = page.getByTestId('strength-fill');
  const widthOf = async () => (await fill.boundingBox())?.width ?? 0;
  const barWidth = async () => (await page.locator('.strength-bar').boundingBox())!.width;
  await page.getByLabel('New password', { exact: true }).fill('abcdefgh');
  await expect(page.getByTestId('strength')).toContainText('Weak');
  await expect.poll(async () => (await widthOf()) / (await barWidth())).toBeGreaterThan(0.2);
  const weak = await widthOf();
  await page.getByLabel('New password', { exact: true }).fill('Longer-Pass-2026!');
  await expect(page.getByTestId('strength')).toContainText('Strong');
  await expect.poll(widthOf).toBeGreaterThan(weak);
  expect(Math.round(await widthOf())).toBe(Math.round(await barWidth()));
});

test('the accuracy donut says 0% correct after 0 of 3 right (not 100.0%)', async ({ page }) => {
  const { headers } = await signedInLearner(page);
  const lesson = lessonAt('saving', 'beginner', 1);
  const id = await lessonIdOf(page, 'saving', lesson.slug);
  const wrong = correctAnswersOf(lesson.slug).map((a) => (a + 1) % 4);
  const r = await page.request.post(`/api/lesson/${id}/complete`, {
    headers,
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: wrong.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
    },
  });
  expect(r.status()).toBe(201);
  await gotoHydrated(page, '/progress');
  const donut = page.locator('[data-chart="Overall Quiz Accuracy"]');
  await expect(donut.locator('svg')).toBeVisible();
  await expect(donut).toContainText('0%');
  await expect(donut).not.toContainText('100.0%');
  await expect(donut).not.toContainText('100%');
});

test('the assessment shows 0% before the first answer, and Start over asks before wiping answers (keeping them is the safe, focused choice)', async ({ page }) => {
  await signedInLearner(page);
  await gotoHydrated(page, '/assessment');
  await expect(page.getByText('0% complete')).toBeVisible();
  await page.getByRole('radio').first().check();
  await expect(page.getByText('8% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('radio').nth(1).check();
  await expect(page.getByText('17% complete')).toBeVisible();
  await page.getByRole('button', { name: 'Start over' }).click();
  const ask = page.getByRole('alertdialog');
  await expect(ask).toContainText('Clear all 2 of your answers and start again from question 1?');
  await expect(ask.getByRole('button', { name: 'Keep my answers' })).toBeFocused();
  await expect(ask.getByRole('button', { name: 'Keep my answers' })).toHaveClass(/btn-primary/);
  await ask.getByRole('button', { name: 'Keep my answers' }).click();
  await expect(page.getByText('17% complete')).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(1);
  await page.getByRole('button', { name: 'Start over' }).click();
  await page.getByRole('button', { name: 'Yes, clear my answers' }).click();
  await expect(page.getByText('0% complete')).toBeVisible();
  await expect(page.getByText('Question 1 of 12')).toBeVisible();
  await expect(page.getByRole('radio', { checked: true })).toHaveCount(0);
});
