import {
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  type Page,
  signedInLearner,
  test,
  useOwnServer,
} from './fixtures.ts';
import { problemsOn } from './phone-sweep.ts';

// Attempts of this test's learners only: a server of its own.
const AUTHOR = 'stats.author@example.com';
useOwnServer({ ADMIN_EMAILS: AUTHOR });

const lesson = lessonAt('saving', 'beginner', 1);
const noSidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

test("an admin reads a lesson's statistics, sorts the questions and follows one into the editor", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const right = correctAnswersOf(lesson.slug);
  // Three learners open the lesson and take the quiz: all right, the first question wrong, all wrong.
  const picks = [right, right.map((a, i) => (i === 0 ? (a + 1) % 4 : a)), right.map((a) => (a + 1) % 4)];
  let lessonId = 0;
  for (const answers of picks) {
    const context = await browser.newContext();
    const learnerPage = await context.newPage();
    const { headers } = await signedInLearner(learnerPage);
    const list = await (await learnerPage.request.get('/api/lessons/all/saving')).json() as Array<
      { id: number; slug: string }
    >;
    lessonId = list.find((l) => l.slug === lesson.slug)!.id;
    // The lesson page's script reports the first step shown (the opening) to the funnel.
    const opened = learnerPage.waitForResponse((r) => r.url().endsWith(`/api/lesson/${lessonId}/step`));
    await learnerPage.goto(`/lesson/${lessonId}`);
    expect((await opened).status()).toBe(204);
    const done = await learnerPage.request.post(`/api/lesson/${lessonId}/complete`, {
      headers,
      data: {
        attemptId: crypto.randomUUID(),
        quizResponses: answers.map((userAnswer, i) => ({ questionId: i + 1, userAnswer })),
      },
    });
    expect(done.status()).toBe(201);
    await context.close();
  }

  await signedInLearner(page, { email: AUTHOR });
  await gotoHydrated(page, '/admin/lessons');
  await page.getByRole('link', { name: 'Question statistics' }).click();
  await expect(page.getByRole('heading', { name: 'Question statistics', level: 1 })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  // Each pillar's lessons go Beginner, Intermediate, Advanced (learning order, not the alphabet).
  const levels = (await page.locator('.lesson-list .meta').allTextContents()).map((t) =>
    t.split('·').map((p) => p.trim())
  );
  const order = ['Beginner', 'Intermediate', 'Advanced'];
  for (const pillar of new Set(levels.map(([p]) => p))) {
    const seen = levels.filter(([p]) => p === pillar).map(([, level]) => order.indexOf(level));
    expect(seen.every((rank) => rank >= 0), `${pillar}: known levels`).toBe(true);
    expect(seen, `${pillar}: levels in learning order`).toEqual([...seen].sort((x, y) => x - y));
    expect(new Set(seen).size, `${pillar}: all three levels`).toBe(3);
  }
  await page.getByRole('link', { name: lesson.title }).click();
  await expect(page.getByRole('heading', { name: lesson.title, level: 1 })).toBeVisible();
  await expect(page.locator('[data-figure="opened"]')).toHaveText('3');
  await expect(page.locator('[data-figure="took-quiz"]')).toHaveText('3');
  await expect(page.locator('[data-figure="passed-first"]')).toHaveText(/^[12] \(\d+%\)$/);

  // Question 1: one of three right (33%); every other question two of three (67%).
  const rows = page.locator('table.questions tbody tr');
  await expect(rows).toHaveCount(right.length);
  await expect(rows.first().locator('td[data-label="Correct"]')).toHaveText('33%');
  await expect(rows.first().locator('td[data-label="Answers"]')).toHaveText('3');
  await expectNoSeriousA11yViolations(page);
  await page.screenshot({ path: 'docs/studio-stats.png', fullPage: true });

  // Sorted by share correct, highest first, question 1 goes last; the same link again turns it round.
  await page.getByRole('link', { name: /^Correct/ }).click();
  await expect(page).toHaveURL(/sort=correct&dir=desc/);
  await expect(page.getByRole('columnheader', { name: /^Correct/ })).toHaveAttribute('aria-sort', 'descending');
  await expect(rows.last().locator('td[data-label="Correct"]')).toHaveText('33%');
  await page.getByRole('link', { name: /^Correct/ }).click();
  await expect(page).toHaveURL(/sort=correct&dir=asc/);
  await expect(rows.first().locator('td[data-label="Correct"]')).toHaveText('33%');
  await expect(rows.first().locator('a.question-link')).toHaveText(/^1\. /);

  for (const width of [390, 360]) {
    await page.setViewportSize({ width, height: 844 });
    expect(await noSidewaysScroll(page), `no sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
    expect(await problemsOn(page, `statistics at ${width} px`)).toEqual([]);
    await expectNoSeriousA11yViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });

  // The question's link opens the lesson in the editor at that question.
  await rows.first().locator('a.question-link').click();
  await expect(page).toHaveURL(new RegExp(`/admin/lessons\\?edit=${lessonId}#question-1$`));
  await expect(page.locator('#question-1')).toBeFocused();
  await expect(page.getByLabel('Question 1 text')).toBeVisible();
});
