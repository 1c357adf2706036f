// A reason to come back every day (issue 40): the streak reminder offered once after the first
// pass (yes turns it on in /account, no is never asked again, on the finish screen or the
// dashboard), and "Practise now" on /review when nothing is due.
import {
  answerQuiz,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  lessonIdOf,
  type Page,
  signedInLearner,
  test,
} from './fixtures.ts';

const OFFER = 'Want a nudge to keep your streak?';

/** What the reminder offer of the page heard from the server: whether to ask. */
async function offerAnswer(response: Promise<Response>): Promise<boolean> {
  return ((await (await response).json()) as { offer: boolean }).offer;
}
type Response = Awaited<ReturnType<Page['waitForResponse']>>;
const offerAsked = (page: Page) =>
  page.waitForResponse((r) => r.url().endsWith('/api/user/reminder-offer') && r.request().method() === 'GET');

/** Opens a page and waits until its reminder offer has asked the server whether to show; answers that. */
async function gotoAndAskOffer(page: Page, path: string): Promise<boolean> {
  const asked = offerAsked(page);
  await page.goto(path);
  return offerAnswer(asked);
}

/** Not asked: the server said so to the page, and nothing shows. */
async function expectNoOffer(page: Page, offered: boolean) {
  expect(offered).toBe(false);
  await expect(page.getByRole('heading', { name: OFFER })).toHaveCount(0);
}

async function passOnPage(page: Page, orderIndex: number): Promise<boolean> {
  const lesson = lessonAt('saving', 'beginner', orderIndex);
  await page.goto(`/lesson/${await lessonIdOf(page, 'saving', lesson.slug)}`);
  const asked = offerAsked(page);
  await answerQuiz(page, lesson.correctAnswers);
  await expect(page.getByRole('heading', { name: /You passed/ })).toBeVisible();
  return offerAnswer(asked);
}

test('after the first pass the finish screen offers the streak reminder; yes turns it on in /account', async ({ page }) => {
  await signedInLearner(page);
  await expectNoOffer(page, await gotoAndAskOffer(page, '/dashboard'));

  expect(await passOnPage(page, 1)).toBe(true);
  const offer = page.getByTestId('reminder-offer');
  await expect(offer.getByRole('heading', { name: OFFER })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await offer.getByRole('button', { name: 'Yes, remind me' }).click();
  await expect(page.getByTestId('reminder-offer-said')).toContainText('one e-mail after 6 pm reminds you');
  await expect(page.getByTestId('reminder-offer-said')).toBeFocused();

  await page.goto('/account');
  await expect(page.getByLabel(/Keep my streak/)).toBeChecked();
  await expectNoOffer(page, await gotoAndAskOffer(page, '/dashboard'));
});

test('no thanks on the finish screen: neither the dashboard nor the next finish screen asks again', async ({ page }) => {
  await signedInLearner(page);
  await passOnPage(page, 1);
  await page.getByTestId('reminder-offer').getByRole('button', { name: 'No thanks' }).click();
  await expect(page.getByTestId('reminder-offer-said')).toContainText('No reminders');

  await expectNoOffer(page, await gotoAndAskOffer(page, '/dashboard'));
  await expectNoOffer(page, await passOnPage(page, 2));
  await page.goto('/account');
  await expect(page.getByLabel(/Keep my streak/)).not.toBeChecked();
});

test('the dashboard asks after the first pass; no thanks there holds on the next finish screen', async ({ page }) => {
  const { headers } = await signedInLearner(page);
  const lesson = lessonAt('saving', 'beginner', 1);
  const passed = await page.request.post(`/api/lesson/${await lessonIdOf(page, 'saving', lesson.slug)}/complete`, {
    headers,
    data: {
      attemptId: crypto.randomUUID(),
      quizResponses: lesson.correctAnswers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
    },
  });
  expect(passed.status()).toBe(201);
  expect(await gotoAndAskOffer(page, '/dashboard')).toBe(true);
  const offer = page.getByTestId('reminder-offer');
  await expect(offer.getByRole('heading', { name: OFFER })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await offer.getByRole('button', { name: 'No thanks' }).click();
  await expect(page.getByTestId('reminder-offer-said')).toBeVisible();

  await expectNoOffer(page, await gotoAndAskOffer(page, '/dashboard'));
  await expectNoOffer(page, await passOnPage(page, 2));
});

test('with nothing due, /review offers practice: answers explained, boxes unchanged, the daily goal credited', async ({ page }) => {
  const { headers } = await signedInLearner(page);
  const lesson = lessonAt('saving', 'beginner', 1);
  const id = await lessonIdOf(page, 'saving', lesson.slug);
  for (const answers of [lesson.correctAnswers.map((a) => (a + 1) % 4), lesson.correctAnswers]) {
    const res = await page.request.post(`/api/lesson/${id}/complete`, {
      headers,
      data: {
        attemptId: crypto.randomUUID(),
        quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
      },
    });
    expect(res.status()).toBe(201);
  }
  const queue = async (at?: Date) =>
    (await (await page.request.get('/api/review', {
      headers: at ? { 'x-test-now': at.toISOString() } : {},
    })).json()) as { due: Array<{ box: number }>; upcoming: number };
  const before = await queue();
  expect([before.due.length, before.upcoming]).toEqual([0, lesson.correctAnswers.length]);

  // A click before the island hydrates does nothing (the flake of stop 46).
  await gotoHydrated(page, '/review');
  await expect(page.getByRole('heading', { name: 'Nothing to review right now' })).toBeVisible();
  await page.getByRole('button', { name: 'Practise now' }).click();
  const count = lesson.correctAnswers.length;
  for (let i = 0; i < count; i++) {
    await expect(page.getByText(`Practice ${i + 1} of ${count}`)).toBeVisible();
    await expect(page.getByText('you missed this one')).toBeVisible();
    await page.getByRole('radio').first().check();
    await page.getByRole('button', { name: 'Check answer' }).click();
    await expect(page.getByTestId('practice-feedback')).toContainText(/Correct!|Not quite\./);
    if (i === 0) await expectNoSeriousA11yViolations(page);
    await page.getByRole('button', { name: i < count - 1 ? 'Next question' : 'Finish' }).click();
  }
  await expect(page.getByRole('heading', { name: 'Practice complete' })).toBeVisible();
  await expect(page.getByTestId('finish-streak')).toContainText("Today's goal of 1 met (2 done today)");
  await expectNoSeriousA11yViolations(page);

  // On the server: no box moved (two days on, every question is due in box 1); the round counted once.
  expect(await queue()).toEqual(before);
  const later = await queue(new Date(Date.now() + 2 * 24 * 60 * 60 * 1000));
  expect(later.due.map((d) => d.box)).toEqual(lesson.correctAnswers.map(() => 1));
  const settings = (await (await page.request.get('/api/user/settings')).json()) as {
    daily: { today: { lessons: number; reviews: number } };
  };
  expect(settings.daily.today).toMatchObject({ lessons: 1, reviews: 1 });
});
