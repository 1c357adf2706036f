// "Preview as a learner" in a browser (issue 43), on a laptop and a 390 px phone: an author opens
// the preview from the draft, reads a step, answers with feedback after each question and reaches
// the finish screen, graded against the draft and recorded nowhere.
import type { Browser } from '@playwright/test';
import {
  answerQuiz,
  correctAnswersOf,
  expect,
  expectNoSeriousA11yViolations,
  gotoHydrated,
  lessonAt,
  type Page,
  signedInLearner,
  test,
  useOwnServer,
  waitForHydration,
} from './fixtures.ts';

const authorOf = (run: string) => `preview.author.${run}@example.com`;
useOwnServer({ AUTHOR_EMAILS: `${authorOf('laptop')},${authorOf('phone')}` });

async function signedIn(browser: Browser, email: string, viewport: { width: number; height: number }): Promise<Page> {
  const page = await (await browser.newContext({ viewport, baseURL: process.env.BASE_URL })).newPage();
  await signedInLearner(page, { email });
  return page;
}

const runs = [
  { name: 'laptop', viewport: { width: 1280, height: 900 }, pillar: 'saving' },
  { name: 'phone', viewport: { width: 390, height: 844 }, pillar: 'credit' },
];

for (const run of runs) {
  test(`${run.name}: an author previews a draft as a learner: a step, feedback on each answer, the finish screen`, async ({ browser }) => {
    test.setTimeout(120_000);
    const lesson = lessonAt(run.pillar, 'beginner', 1);
    const author = await signedIn(browser, authorOf(run.name), run.viewport);
    await gotoHydrated(author, '/studio');
    await author.getByRole('button', { name: `Edit as draft: ${lesson.title}` }).click();
    await author.waitForURL(/\/studio\/drafts\/\d+$/);
    const draftPath = new URL(author.url()).pathname;

    await author.getByRole('link', { name: 'Preview as a learner' }).click();
    await author.waitForURL(/\/studio\/drafts\/\d+\/preview$/);
    await waitForHydration(author);
    await expect(author.getByText('Preview of a draft — nothing is recorded')).toBeVisible();
    await expect(author.getByRole('link', { name: 'Back to the draft' })).toHaveAttribute('href', draftPath);
    await expect(author.getByRole('heading', { level: 1 })).toHaveText(lesson.title);
    await expectNoSeriousA11yViolations(author);
    expect(await author.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Read a step, then take the quiz: each answer gets its feedback, graded by the draft.
    await expect(author.locator('[data-step-next]')).toBeEnabled();
    await expect(author.getByText(/^Step 1 of \d+$/)).toBeVisible();
    await author.getByRole('button', { name: 'Continue' }).click();
    await expect(author.getByText(/^Step 2 of \d+$/)).toBeVisible();
    const right = correctAnswersOf(lesson.slug);
    await answerQuiz(author, right);
    await expect(author.getByRole('heading', { name: 'You passed!' })).toBeVisible({ timeout: 20_000 });
    await expect(author.getByText(`You got ${right.length} of ${right.length} right`)).toBeVisible();
    // The finish screen leads back to the draft, never to a learner's dashboard.
    const finish = author.locator('.quiz-actions');
    await expect(finish.getByRole('link', { name: 'Back to the draft' })).toHaveAttribute('href', draftPath);
    await expect(author.getByRole('link', { name: 'Back to your dashboard' })).toHaveCount(0);
    await expectNoSeriousA11yViolations(author);
    expect(await author.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

    // Nothing was recorded: the author's own lesson list has no progress for it.
    const mine = (await (await author.request.get(`/api/lessons/${run.pillar}/beginner`)).json()) as Array<
      { slug: string; completed: boolean; completionData: unknown }
    >;
    const row = mine.find((l) => l.slug === lesson.slug)!;
    expect([row.completed, row.completionData]).toEqual([false, null]);
    await author.context().close();
  });
}
