import {
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  type Page,
  pickOption,
  signedInLearner,
  test,
} from './fixtures.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Completes the first credit lesson with its first question missed, at `when`: that question is due for review a day later. */
async function missOneQuestion(page: Page, headers: Record<string, string>, when: Date) {
  const lesson = lessonAt('credit', 'beginner', 1);
  const list = (await (await page.request.get('/api/lessons/all/credit')).json()) as Array<
    { id: number; slug: string }
  >;
  const id = list.find((l) => l.slug === lesson.slug)!.id;
  const answers = lesson.correctAnswers.map((a, i) => (i === 0 ? (a + 1) % 4 : a));
  const r = await page.request.post(`/api/lesson/${id}/complete`, {
    headers: { ...headers, 'x-test-now': when.toISOString() },
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
    },
  });
  expect(r.status()).toBe(201);
  return lesson;
}

test.describe('daily streak and goal', () => {
  // The browser's zone, which the dashboard tells the server (days are the learner's own).
  test.use({ timezoneId: 'America/New_York' });

  test("the dashboard card shows the streak and today's goal; a finished review counts; tomorrow it asks to keep the streak", async ({ page }) => {
    const { headers } = await signedInLearner(page, { firstName: 'Riley' });
    await gotoHydrated(page, '/dashboard');
    const card = page.getByTestId('streak-card');
    await expect(card.getByRole('heading', { name: 'Daily streak' })).toBeVisible();
    await expect(card.getByTestId('streak-days')).toHaveText('0');
    await expect(card.getByTestId('goal-progress')).toHaveText('0 of 1 done');
    await expect(card.getByRole('progressbar', { name: "Today's goal" })).toHaveAttribute('aria-valuenow', '0');
    await expect(card.getByTestId('streak-freezes')).toContainText('0 streak freezes in hand');
    await expect(card).toContainText('Complete a lesson or a review today to start a streak.');
    await expectNoSeriousA11yViolations(page);
    // The dashboard stored this browser's zone.
    await expect.poll(async () =>
      ((await (await page.request.get('/api/user/settings')).json()) as { timeZone: string }).timeZone
    ).toBe('America/New_York');

    // A question missed three days ago is due: review it and finish the session.
    const lesson = await missOneQuestion(page, headers, new Date(Date.now() - 3 * DAY));
    await gotoHydrated(page, '/review');
    await pickOption(page, lesson.correctAnswers[0]); // options are shown shuffled (issue 52)
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('review-feedback')).toContainText('Correct!');
    const finished = page.waitForResponse((r) => r.url().endsWith('/api/review/finish'));
    await page.getByRole('button', { name: 'Finish' }).click();
    await expect(page.getByTestId('review-done')).toBeVisible();
    expect(((await (await finished).json()) as { counted: boolean }).counted).toBe(true);
    // The end screen gives the day's credit as the quiz's finish screen does.
    await expect(page.getByTestId('review-done').getByTestId('finish-streak')).toHaveText(
      "1-day streak. Today's goal of 1 met (1 done today).",
    );
    await expectNoSeriousA11yViolations(page);

    await gotoHydrated(page, '/dashboard');
    await expect(card.getByTestId('streak-days')).toHaveText('1');
    await expect(card).toContainText('1 day');
    await expect(card.getByTestId('goal-progress')).toHaveText('1 of 1 done · goal met');
    await expect(card.getByRole('progressbar', { name: "Today's goal" })).toHaveAttribute('aria-valuenow', '1');
    await expect(card.getByTestId('streak-at-risk')).toHaveCount(0);

    // Tomorrow (the server honours X-Test-Now in test mode), nothing done yet and no freeze: at risk.
    await page.setExtraHTTPHeaders({ 'x-test-now': new Date(Date.now() + DAY).toISOString() });
    await gotoHydrated(page, '/dashboard');
    await expect(card.getByTestId('streak-days')).toHaveText('1');
    await expect(card.getByTestId('goal-progress')).toHaveText('0 of 1 done');
    await expect(card.getByTestId('streak-at-risk')).toHaveText('Keep your streak: do one lesson or review today.');
    await expectNoSeriousA11yViolations(page);
  });

  for (
    const [device, viewport] of [
      ['360 px phone', { width: 360, height: 740 }],
      ['390 px phone', { width: 390, height: 844 }],
      ['laptop', { width: 1280, height: 800 }],
    ] as const
  ) {
    test(`/account changes the daily goal, the reminders and the time zone in one save; the dashboard follows (${device})`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await signedInLearner(page, { firstName: 'Sasha' });
      await gotoHydrated(page, '/account');
      const settings = page.getByTestId('account-settings');
      await expect(settings.getByRole('radio', { name: '1 lesson or review a day' })).toBeChecked();
      await expect(settings.getByRole('checkbox', { name: /Keep my streak/ })).not.toBeChecked();
      await expect(settings.getByRole('checkbox', { name: /due for review/ })).not.toBeChecked();
      await expect(settings.getByTestId('time-zone')).toHaveText('UTC (not set yet)');
      await expectNoSeriousA11yViolations(page);

      // The time-zone button fills in the zone and keeps the unsaved goal and reminder; one save keeps all.
      await settings.getByRole('radio', { name: '3 lessons or reviews a day' }).check();
      await settings.getByRole('checkbox', { name: /Keep my streak/ }).check();
      await settings.getByRole('button', { name: "Use this device's time zone (America/New_York)" }).click();
      await expect(settings.locator('#time-zone-choice')).toHaveValue('America/New_York');
      await expect(settings.getByRole('radio', { name: '3 lessons or reviews a day' })).toBeChecked();
      await expect(settings.getByRole('checkbox', { name: /Keep my streak/ })).toBeChecked();
      await expect(settings.getByRole('button', { name: /Use this device's time zone/ })).toHaveCount(0);
      await settings.getByRole('button', { name: 'Save settings' }).click();
      await expect(settings.getByTestId('settings-status')).toHaveText('Your settings are saved.');

      await page.reload();
      await expect(settings.getByRole('radio', { name: '3 lessons or reviews a day' })).toBeChecked();
      await expect(settings.getByRole('checkbox', { name: /Keep my streak/ })).toBeChecked();
      await expect(settings.getByRole('checkbox', { name: /due for review/ })).not.toBeChecked();
      // The zone is kept: the days follow it now, or from the next day when one was set (issue 53).
      await expect(settings.locator('#time-zone')).toContainText('America/New_York');

      await gotoHydrated(page, '/dashboard');
      await expect(page.getByTestId('streak-card').getByTestId('goal-progress')).toHaveText('0 of 3 done');
      await page.getByRole('link', { name: 'Change your daily goal' }).click();
      await page.waitForURL('**/account#daily-goal');
    });
  }

  test('an unsubscribe link that is not valid says so and changes nothing', async ({ page }) => {
    const response = await page.goto('/unsubscribe?token=notavalidtokenatallxx');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'This link is not valid' })).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  });
});
